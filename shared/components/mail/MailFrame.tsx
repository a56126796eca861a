import type { CSSProperties, ReactNode } from 'react';
import { confirmation } from '../../content/confirmationMailWords';
import { site } from '../../content/siteFacts';
import type { CityTime } from '../../logic/schedule';

/** What every mail to a buyer carries: whom it greets, when the workshop is, their personal link, whom to ask. */
export interface MailFacts {
  firstName: string | null;
  /** "miércoles 3 de septiembre de 2025, 8:00 p. m. hora de la Ciudad de México" */
  whenLabel: string;
  /** Each city of the page, with the date and its year. */
  cityTimes: CityTime[];
  /** The buyer's own link under /acceso/: never the meeting's link itself. */
  accessUrl: string;
  contactEmail: string;
  signature: string;
}

// Mail clients drop stylesheets and <style> blocks unevenly: every rule is on its element, in a single column.
const COLORS = { ink: '#2b1a2e', muted: '#5d4c5f', plum: '#3a1d44', primary: '#b02f58', cream: '#fbf6f1', line: '#eadccf' };
export const mailText: CSSProperties = { margin: '0 0 16px', color: COLORS.ink, fontSize: '16px', lineHeight: '1.6' };
export const mailHeading: CSSProperties = { margin: '28px 0 8px', color: COLORS.plum, fontSize: '18px', lineHeight: '1.3' };
const mailList: CSSProperties = { margin: '0 0 16px', paddingLeft: '20px', color: COLORS.ink, fontSize: '16px', lineHeight: '1.6' };
const mailLink: CSSProperties = { color: COLORS.primary };

/** A complete document for mail clients rather than browsers: the site's name, a heading, then the mail's own parts. */
export function MailFrame({ title, heading, children }: { title: string; heading: string; children: ReactNode }) {
  return (
    <html lang="es">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
      </head>
      <body
        style={{ margin: 0, padding: '24px 12px', background: COLORS.cream, fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif' }}
      >
        <main
          style={{ maxWidth: '560px', margin: '0 auto', padding: '32px 24px', background: '#ffffff', borderRadius: '16px', border: `1px solid ${COLORS.line}` }}
        >
          <p style={{ ...mailText, color: COLORS.primary, fontSize: '14px', fontWeight: 700, letterSpacing: '0.04em', textTransform: 'uppercase' }}>
            {site.name}
          </p>
          <h1 style={{ margin: '0 0 12px', color: COLORS.plum, fontSize: '26px', lineHeight: '1.25' }}>{heading}</h1>
          {children}
        </main>
      </body>
    </html>
  );
}

/** The mail's main button, then the same link written out for clients that show no buttons. */
export function MailButton({ href, label }: { href: string; label: string }) {
  return (
    <>
      <p style={{ margin: '0 0 12px' }}>
        <a
          href={href}
          style={{
            display: 'inline-block',
            padding: '12px 24px',
            borderRadius: '999px',
            background: COLORS.primary,
            color: '#ffffff',
            fontSize: '16px',
            fontWeight: 700,
            textDecoration: 'none',
          }}
        >
          {label}
        </a>
      </p>
      <p style={{ ...mailText, fontSize: '14px', wordBreak: 'break-all' }}>
        <a href={href} style={mailLink}>
          {href}
        </a>
      </p>
    </>
  );
}

/** The date and time, then the same instant in each city. */
export function MailWhen({
  whenTitle,
  whenLabel,
  citiesTitle,
  cityTimes,
}: {
  whenTitle: string;
  whenLabel: string;
  citiesTitle: string;
  cityTimes: CityTime[];
}) {
  return (
    <>
      <h2 style={mailHeading}>{whenTitle}</h2>
      <p style={mailText}>
        <strong>{whenLabel}</strong>
      </p>
      <h2 style={mailHeading}>{citiesTitle}</h2>
      <ul style={mailList}>
        {cityTimes.map((entry) => (
          <li key={entry.city}>
            <strong>{entry.city}:</strong> {entry.label}
          </li>
        ))}
      </ul>
    </>
  );
}

/** Whom to ask (the same words in every mail, as in closingLines), then the sign-off and the trainer's name. */
export function MailClosing({ contactEmail, signOff, signature }: { contactEmail: string; signOff: string; signature: string }) {
  return (
    <>
      <h2 style={mailHeading}>{confirmation.contactTitle}</h2>
      <p style={mailText}>
        {confirmation.contactText}{' '}
        <a href={`mailto:${contactEmail}`} style={mailLink}>
          {contactEmail}
        </a>
        .
      </p>
      <p style={{ ...mailText, margin: '28px 0 0', color: COLORS.muted }}>
        {signOff}
        <br />
        {signature}
      </p>
    </>
  );
}

/** A heading and its list: what to prepare, what comes next. */
export function MailList({ title, items }: { title: string; items: readonly string[] }) {
  return (
    <>
      <h2 style={mailHeading}>{title}</h2>
      <ul style={mailList}>
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </>
  );
}

/** The plain-text lines of the date in each city. */
export const cityLines = (cityTimes: CityTime[]): string[] => cityTimes.map((entry) => `- ${entry.city}: ${entry.label}`);

/** A heading and its list, in plain text, then a blank line. */
export const listLines = (title: string, items: readonly string[]): string[] => [`${title}:`, ...items.map((item) => `- ${item}`), ''];

/** Whom to ask, the sign-off and the trainer's name, in plain text. */
export const closingLines = (contactEmail: string, signOff: string, signature: string): string[] => [
  `${confirmation.contactTitle} ${confirmation.contactText} ${contactEmail}.`,
  '',
  signOff,
  signature,
  '',
];
