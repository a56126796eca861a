import { nav } from '../../content/siteFacts';
import { CallToAction, callKind } from '../CallToAction';
import { SaleSlot, type SaleView } from '../SaleSlot';

export function NavBar({ sale, contactEmail }: { sale: SaleView; contactEmail: string }) {
  return (
    <header className="topbar">
      <div className="container topbar__inner">
        <a className="topbar__brand" href="#inicio">
          {nav.brand}
        </a>
        <nav className="topbar__nav" aria-label={nav.label}>
          <ul className="topbar__links">
            {nav.links.map((link) => (
              <li key={link.href}>
                <a href={link.href}>{link.label}</a>
              </li>
            ))}
          </ul>
        </nav>
        <SaleSlot sale={sale} variant={callKind}>
          {(state) => <CallToAction state={state} contactEmail={contactEmail} bookLabel={nav.cta} short className="btn btn--primary btn--small topbar__cta" />}
        </SaleSlot>
      </div>
    </header>
  );
}
