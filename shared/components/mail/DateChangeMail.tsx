import { confirmation } from '../../content/confirmationMailWords';
import { dateChangeMail } from '../../content/dateChangeMailWords';
import { cityLines, closingLines, MailButton, MailClosing, type MailFacts, MailFrame, mailHeading, mailText, MailWhen } from './MailFrame';

/** The new date's mail: the buyer's facts at the new start, and the refund the terms offer, with its amounts; null for a free place. */
export interface DateChangeFacts extends MailFacts {
  offer: { paid: string; bonus: string } | null;
}

const offerLine = ({ offer }: DateChangeFacts): string => (offer ? dateChangeMail.refundText(offer.paid, offer.bonus) : dateChangeMail.freeText);

/** The HTML part: the new date in every city, what keeping the place takes (nothing), and the refund where it would not do. */
export function DateChangeMail({ facts }: { facts: DateChangeFacts }) {
  return (
    <MailFrame title={dateChangeMail.subject(facts.whenLabel)} heading={dateChangeMail.heading(facts.firstName)}>
      <p style={mailText}>{dateChangeMail.lead}</p>
      <MailWhen whenTitle={dateChangeMail.whenTitle} whenLabel={facts.whenLabel} citiesTitle={confirmation.citiesTitle} cityTimes={facts.cityTimes} />
      <h2 style={mailHeading}>{dateChangeMail.keepTitle}</h2>
      <p style={mailText}>{dateChangeMail.keepText}</p>
      <MailButton href={facts.accessUrl} label={confirmation.joinCta} />
      <p style={mailText}>{confirmation.personalNote}</p>
      <h2 style={mailHeading}>{dateChangeMail.refundTitle}</h2>
      <p style={mailText}>{offerLine(facts)}</p>
      <MailClosing contactEmail={facts.contactEmail} signOff={confirmation.signOff} signature={facts.signature} />
    </MailFrame>
  );
}

/** The plain-text part. */
export function dateChangeText(facts: DateChangeFacts): string {
  return [
    dateChangeMail.heading(facts.firstName),
    '',
    dateChangeMail.lead,
    '',
    `${dateChangeMail.whenTitle}: ${facts.whenLabel}`,
    '',
    `${confirmation.citiesTitle}:`,
    ...cityLines(facts.cityTimes),
    '',
    `${dateChangeMail.keepTitle}: ${dateChangeMail.keepText}`,
    facts.accessUrl,
    confirmation.personalNote,
    '',
    `${dateChangeMail.refundTitle}: ${offerLine(facts)}`,
    '',
    ...closingLines(facts.contactEmail, confirmation.signOff, facts.signature),
  ].join('\n');
}
