import type { CSSProperties } from 'react';
import { confirmation, site } from '../../content';
import type { CityTime } from '../../logic/schedule';

/** What one buyer's confirmation says: the same facts as the page after the checkout. */
export interface ConfirmationFacts {
  firstName: string | null;
  /** "miércoles 3 de septiembre de 2025, 8:00 p. m. hora de la Ciudad de México" */
  whenLabel: string;
  /** Each city of the page, with the date and its year. */
  cityTimes: CityTime[];
  joinUrl: string;
  contactEmail: string;
  signature: string;
}

// Mail clients drop stylesheets and <style> blocks unevenly: every rule is on its element, in a single column.
const COLORS = { ink: '#2b1a2e', muted: '#5d4c5f', plum: '#3a1d44', primary: '#b02f58', cream: '#fbf6f1', line: '#eadccf' };
const text: CSSProperties = { margin: '0 0 16px', color: COLORS.ink, fontSize: '16px', lineHeight: '1.6' };
const heading: CSSProperties = { margin: '28px 0 8px', color: COLORS.plum, fontSize: '18px', lineHeight: '1.3' };
const list: CSSProperties = { margin: '0 0 16px', paddingLeft: '20px', color: COLORS.ink, fontSize: '16px', lineHeight: '1.6' };

/** The HTML part of the confirmation mail: a complete document, read by mail clients rather than browsers. */
export function ConfirmationMail({ firstName, whenLabel, cityTimes, joinUrl, contactEmail, signature }: ConfirmationFacts) {
  return (
    <html lang="es">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{confirmation.subject}</title>
      </head>
      <body
        style={{ margin: 0, padding: '24px 12px', background: COLORS.cream, fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif' }}
      >
        <main
          style={{ maxWidth: '560px', margin: '0 auto', padding: '32px 24px', background: '#ffffff', borderRadius: '16px', border: `1px solid ${COLORS.line}` }}
        >
          <p style={{ ...text, color: COLORS.primary, fontSize: '14px', fontWeight: 700, letterSpacing: '0.04em', textTransform: 'uppercase' }}>{site.name}</p>
          <h1 style={{ margin: '0 0 12px', color: COLORS.plum, fontSize: '26px', lineHeight: '1.25' }}>{confirmation.greeting(firstName)}</h1>
          <p style={text}>{confirmation.lead}</p>

          <h2 style={heading}>{confirmation.whenTitle}</h2>
          <p style={text}>
            <strong>{whenLabel}</strong>
          </p>
          <h2 style={heading}>{confirmation.citiesTitle}</h2>
          <ul style={list}>
            {cityTimes.map((entry) => (
              <li key={entry.city}>
                <strong>{entry.city}:</strong> {entry.label}
              </li>
            ))}
          </ul>

          <h2 style={heading}>{confirmation.joinTitle}</h2>
          <p style={text}>{confirmation.joinText}</p>
          <p style={{ margin: '0 0 12px' }}>
            <a
              href={joinUrl}
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
              {confirmation.joinCta}
            </a>
          </p>
          <p style={{ ...text, fontSize: '14px', wordBreak: 'break-all' }}>
            <a href={joinUrl} style={{ color: COLORS.primary }}>
              {joinUrl}
            </a>
          </p>

          <h2 style={heading}>{confirmation.calendarTitle}</h2>
          <p style={text}>{confirmation.calendarText}</p>

          <h2 style={heading}>{confirmation.prepareTitle}</h2>
          <ul style={list}>
            {confirmation.prepare.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>

          <h2 style={heading}>{confirmation.contactTitle}</h2>
          <p style={text}>
            {confirmation.contactText}{' '}
            <a href={`mailto:${contactEmail}`} style={{ color: COLORS.primary }}>
              {contactEmail}
            </a>
            .
          </p>
          <p style={{ ...text, margin: '28px 0 0', color: COLORS.muted }}>
            {confirmation.signOff}
            <br />
            {signature}
          </p>
        </main>
      </body>
    </html>
  );
}

/** The plain-text part: the same facts, for clients that show no HTML. */
export function confirmationText({ firstName, whenLabel, cityTimes, joinUrl, contactEmail, signature }: ConfirmationFacts): string {
  return [
    confirmation.greeting(firstName),
    '',
    confirmation.lead,
    '',
    `${confirmation.whenTitle}: ${whenLabel}`,
    '',
    `${confirmation.citiesTitle}:`,
    ...cityTimes.map((entry) => `- ${entry.city}: ${entry.label}`),
    '',
    `${confirmation.joinTitle}: ${confirmation.joinText}`,
    joinUrl,
    '',
    `${confirmation.calendarTitle}: ${confirmation.calendarText}`,
    '',
    `${confirmation.prepareTitle}:`,
    ...confirmation.prepare.map((item) => `- ${item}`),
    '',
    `${confirmation.contactTitle} ${confirmation.contactText} ${contactEmail}.`,
    '',
    confirmation.signOff,
    signature,
    '',
  ].join('\n');
}
