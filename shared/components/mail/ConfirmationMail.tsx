import { confirmation } from '../../content/confirmationMailWords';
import { cityLines, closingLines, listLines, MailButton, MailClosing, type MailFacts, MailFrame, mailHeading, MailList, mailText, MailWhen } from './MailFrame';

/** The HTML part of the confirmation mail. */
export function ConfirmationMail({ firstName, whenLabel, cityTimes, accessUrl, contactEmail, signature }: MailFacts) {
  return (
    <MailFrame title={confirmation.subject} heading={confirmation.greeting(firstName)}>
      <p style={mailText}>{confirmation.lead}</p>
      <MailWhen whenTitle={confirmation.whenTitle} whenLabel={whenLabel} citiesTitle={confirmation.citiesTitle} cityTimes={cityTimes} />

      <h2 style={mailHeading}>{confirmation.joinTitle}</h2>
      <p style={mailText}>{confirmation.joinText}</p>
      <MailButton href={accessUrl} label={confirmation.joinCta} />
      <p style={mailText}>{confirmation.personalNote}</p>

      <h2 style={mailHeading}>{confirmation.calendarTitle}</h2>
      <p style={mailText}>{confirmation.calendarText}</p>

      <MailList title={confirmation.nextTitle} items={confirmation.next} />
      <MailList title={confirmation.prepareTitle} items={confirmation.prepare} />

      <MailClosing contactEmail={contactEmail} signOff={confirmation.signOff} signature={signature} />
    </MailFrame>
  );
}

/** The plain-text part: the same facts, for clients that show no HTML. */
export function confirmationText({ firstName, whenLabel, cityTimes, accessUrl, contactEmail, signature }: MailFacts): string {
  return [
    confirmation.greeting(firstName),
    '',
    confirmation.lead,
    '',
    `${confirmation.whenTitle}: ${whenLabel}`,
    '',
    `${confirmation.citiesTitle}:`,
    ...cityLines(cityTimes),
    '',
    `${confirmation.joinTitle}: ${confirmation.joinText}`,
    accessUrl,
    confirmation.personalNote,
    '',
    `${confirmation.calendarTitle}: ${confirmation.calendarText}`,
    '',
    ...listLines(confirmation.nextTitle, confirmation.next),
    ...listLines(confirmation.prepareTitle, confirmation.prepare),
    ...closingLines(contactEmail, confirmation.signOff, signature),
  ].join('\n');
}
