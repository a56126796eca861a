import { footer, site } from '../content';

export function Footer({ contactEmail, year }: { contactEmail: string; year: number }) {
  return (
    <footer className="footer">
      <div className="container footer__inner">
        <div className="footer__brand">
          <p className="footer__name">{site.name}</p>
          <p>
            {footer.contactLabel}: <a href={`mailto:${contactEmail}`}>{contactEmail}</a>
          </p>
        </div>
        <nav aria-label={footer.legalLabel}>
          <ul className="footer__links">
            {footer.legal.map((link) => (
              <li key={link.label}>
                <a href={link.href}>{link.label}</a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label={footer.socialLabel}>
          <ul className="footer__links">
            {footer.social.map((link) => (
              <li key={link.label}>
                <a href={link.href}>{link.label}</a>
              </li>
            ))}
          </ul>
        </nav>
        <p className="footer__rights">
          © {year} {site.name}. {footer.rights}
        </p>
      </div>
    </footer>
  );
}
