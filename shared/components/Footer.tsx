import { footer, type SellerContact, type SocialProfile, site } from '../content/siteFacts';
import { ROUTES } from '../routes';

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
              // biome-ignore lint/a11y/useValidAnchor: an HTML placeholder link, shown only outside production while its URL is unset
              <a className="footer__placeholder">{link.label}</a>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

const LEGAL_LINKS: FooterLink[] = [
  { href: ROUTES.terms.path, label: footer.legal.terms },
  { href: ROUTES.refunds.path, label: footer.legal.refunds },
  { href: ROUTES.privacy.path, label: footer.legal.privacy },
];

export interface FooterProps {
  seller: SellerContact;
  /** Production leaves out a profile whose URL is unset: the list may be empty. */
  social: readonly SocialProfile[];
  year: number;
}

/** Who sells and how to reach them, the legal pages and the profiles: on every page a buyer reads. */
export function Footer({ seller, social, year }: FooterProps) {
  return (
    <footer className="footer layout-later">
      <div className="container footer__inner">
        <div className="footer__brand">
          <p className="footer__name">{site.name}</p>
          <p>
            {footer.contactLabel}: <a href={`mailto:${seller.email}`}>{seller.email}</a>
            {seller.phone && (
              <>
                {' · '}
                {footer.phoneLabel}: <a href={seller.phone.href}>{seller.phone.text}</a>
              </>
            )}
          </p>
          <p>
            {seller.name} · {seller.address}
          </p>
        </div>
        <FooterLinks label={footer.legalLabel} links={LEGAL_LINKS} />
        {social.length > 0 && (
          <FooterLinks label={footer.socialLabel} links={social.map((profile) => ({ href: profile.url, label: footer.social[profile.network] }))} />
        )}
        <p className="footer__rights">
          © {year} {site.name}. {footer.rights}
        </p>
      </div>
    </footer>
  );
}
