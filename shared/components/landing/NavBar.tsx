import { nav } from '../../content';

export function NavBar() {
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
        <a className="btn btn--primary btn--small topbar__cta" href="#precios">
          {nav.cta}
        </a>
      </div>
    </header>
  );
}
