import type { CSSProperties } from 'react';
import { codeMail, morningMail, signInMail } from '../../content/panelMailWords';
import { MailButton, MailFrame, mailHeading, mailText } from '../mail/MailFrame';

/** The sign-in link, and until when it works (in words). */
export interface SignInFacts {
  url: string;
  untilLabel: string;
}

/** A change's code: the change in words, the code, and until when it works. */
export interface CodeFacts {
  change: string;
  code: string;
  untilLabel: string;
}

/** The day before, in lines already worded (shared/content/panelMailWords.ts), the places now, and the panel's link. */
export interface MorningFacts {
  dayLabel: string;
  lines: string[];
  places: string[];
  panelUrl: string;
}

const codeStyle: CSSProperties = {
  margin: '0 0 16px',
  padding: '12px 16px',
  borderRadius: '12px',
  background: '#fbf6f1',
  color: '#3a1d44',
  fontSize: '32px',
  fontWeight: 700,
  letterSpacing: '0.2em',
  textAlign: 'center',
};

export function SignInMail({ url, untilLabel }: SignInFacts) {
  return (
    <MailFrame title={signInMail.subject} heading={signInMail.heading}>
      <p style={mailText}>{signInMail.lead}</p>
      <MailButton href={url} label={signInMail.cta} />
      <p style={mailText}>{signInMail.expires(untilLabel)}</p>
      <p style={mailText}>{signInMail.notYou}</p>
    </MailFrame>
  );
}

export const signInText = ({ url, untilLabel }: SignInFacts): string =>
  [signInMail.heading, '', signInMail.lead, url, '', signInMail.expires(untilLabel), '', signInMail.notYou, ''].join('\n');

export function CodeMail({ change, code, untilLabel }: CodeFacts) {
  return (
    <MailFrame title={codeMail.subject(code)} heading={codeMail.heading}>
      <p style={mailText}>{codeMail.lead}</p>
      <p style={{ ...mailText, fontWeight: 700 }}>{change}</p>
      <h2 style={mailHeading}>{codeMail.codeLabel}</h2>
      <p style={codeStyle}>{code}</p>
      <p style={mailText}>{codeMail.expires(untilLabel)}</p>
      <p style={mailText}>{codeMail.notYou}</p>
    </MailFrame>
  );
}

export const codeText = ({ change, code, untilLabel }: CodeFacts): string =>
  [codeMail.heading, '', codeMail.lead, change, '', `${codeMail.codeLabel}: ${code}`, '', codeMail.expires(untilLabel), '', codeMail.notYou, ''].join('\n');

export function MorningMail({ dayLabel, lines, places, panelUrl }: MorningFacts) {
  return (
    <MailFrame title={morningMail.heading} heading={morningMail.heading}>
      <p style={mailText}>{morningMail.dayLead(dayLabel)}</p>
      <ul style={{ ...mailText, paddingLeft: '20px' }}>
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {places.length > 0 && (
        <>
          <h2 style={mailHeading}>{morningMail.placesNow}</h2>
          <ul style={{ ...mailText, paddingLeft: '20px' }}>
            {places.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      )}
      <MailButton href={panelUrl} label={morningMail.cta} />
      <p style={{ ...mailText, color: '#5d4c5f', fontSize: '14px' }}>{morningMail.why}</p>
    </MailFrame>
  );
}

export const morningText = ({ dayLabel, lines, places, panelUrl }: MorningFacts): string =>
  [
    morningMail.heading,
    '',
    morningMail.dayLead(dayLabel),
    ...lines.map((line) => `- ${line}`),
    '',
    ...(places.length > 0 ? [`${morningMail.placesNow}:`, ...places.map((line) => `- ${line}`), ''] : []),
    `${morningMail.cta}: ${panelUrl}`,
    '',
    morningMail.why,
    '',
  ].join('\n');
