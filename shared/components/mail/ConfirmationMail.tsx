import { confirmation } from '../../content';
import { cityLines, MailButton, MailClosing, type MailFacts, MailFrame, mailHeading, mailList, mailText, MailWhen } from './MailFrame';

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

      <h2 style={mailHeading}>{confirmation.nextTitle}</h2>
      <ul style={mailList}>
        {confirmation.next.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>

      <h2 style={mailHeading}>{confirmation.prepareTitle}</h2>
      <ul style={mailList}>
        {confirmation.prepare.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>

      <MailClosing
        title={confirmation.contactTitle}
        text={confirmation.contactText}
        contactEmail={contactEmail}
        signOff={confirmation.signOff}
        signature={signature}
      />
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
    `${confirmation.nextTitle}:`,
    ...confirmation.next.map((item) => `- ${item}`),
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
