import { footer, site } from '../content';

interface FooterLink {
  href: string | null;
  label: string;
}

/** A link without a URL yet is an HTML placeholder link (no href): it goes nowhere and never moves the page. */
function FooterLinks({ label, links }: { label: string; links: readonly FooterLink[] }) {
  return (
    <nav aria-label={label}>
      <ul className="footer__links">
        {links.map((link) => (
          <li key={link.label}>
            {link.href ? (
              <a href={link.href}>{link.label}</a>
            ) : (
              // biome-ignore lint/a11y/useValidAnchor: an HTML placeholder link, as the specification asks: it goes nowhere until its URL is set
              <a className="footer__placeholder">{link.label}</a>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Footer({ contactEmail, year }: { contactEmail: string; year: number }) {
  return (
    <footer className="footer layout-later">
      <div className="container footer__inner">
        <div className="footer__brand">
          <p className="footer__name">{site.name}</p>
          <p>
            {footer.contactLabel}: <a href={`mailto:${contactEmail}`}>{contactEmail}</a>
          </p>
        </div>
        <FooterLinks label={footer.legalLabel} links={footer.legal} />
        <FooterLinks label={footer.socialLabel} links={footer.social} />
        <p className="footer__rights">
          © {year} {site.name}. {footer.rights}
        </p>
      </div>
    </footer>
  );
}
