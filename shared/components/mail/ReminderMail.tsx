import { confirmation } from '../../content/confirmationMailWords';
import { reminderMails } from '../../content/reminderMailWords';
import { cityLines, closingLines, listLines, MailButton, MailClosing, type MailFacts, MailFrame, mailHeading, MailList, mailText, MailWhen } from './MailFrame';

/** "Mañana es el taller" or "Empezamos en una hora". */
export type ReminderKind = 'dayBefore' | 'hourBefore';

/**
 * The HTML part of a reminder. An hour before, the personal link comes first, as the main button; the day before,
 * the time in each city and what to prepare come first.
 */
export function ReminderMail({ reminder, facts }: { reminder: ReminderKind; facts: MailFacts }) {
  const words = reminderMails[reminder];
  const when = <MailWhen whenTitle={confirmation.whenTitle} whenLabel={facts.whenLabel} citiesTitle={confirmation.citiesTitle} cityTimes={facts.cityTimes} />;
  const link = (
    <>
      <h2 style={mailHeading}>{reminderMails.accessTitle}</h2>
      <p style={mailText}>{reminderMails.accessText}</p>
      <MailButton href={facts.accessUrl} label={confirmation.joinCta} />
      <p style={mailText}>{confirmation.personalNote}</p>
    </>
  );
  return (
    <MailFrame title={words.subject} heading={words.heading(facts.firstName)}>
      <p style={mailText}>{words.lead}</p>
      {reminder === 'hourBefore' ? link : when}
      {reminder === 'hourBefore' ? when : link}
      <MailList title={confirmation.prepareTitle} items={confirmation.prepare} />
      <MailClosing contactEmail={facts.contactEmail} signOff={confirmation.signOff} signature={facts.signature} />
    </MailFrame>
  );
}

/** The plain-text part, in the same order. */
export function reminderText(reminder: ReminderKind, { firstName, whenLabel, cityTimes, accessUrl, contactEmail, signature }: MailFacts): string {
  const words = reminderMails[reminder];
  const when = [`${confirmation.whenTitle}: ${whenLabel}`, '', `${confirmation.citiesTitle}:`, ...cityLines(cityTimes), ''];
  const link = [`${reminderMails.accessTitle}: ${reminderMails.accessText}`, accessUrl, confirmation.personalNote, ''];
  return [
    words.heading(firstName),
    '',
    words.lead,
    '',
    ...(reminder === 'hourBefore' ? [...link, ...when] : [...when, ...link]),
    ...listLines(confirmation.prepareTitle, confirmation.prepare),
    ...closingLines(contactEmail, confirmation.signOff, signature),
  ].join('\n');
}
