import { cancellationMail } from '../../content/cancellationMailWords';
import { confirmation } from '../../content/confirmationMailWords';
import { refundMail } from '../../content/refundMailWords';
import { cityLines, closingLines, MailClosing, type MailFacts, MailFrame, mailText, MailWhen } from './MailFrame';
import { type MoneyBack, moneyBackLines, MoneyBackParagraphs } from './MoneyBack';

/** The cancellation mail's facts: the buyer's and the date cancelled, and how their money comes back. */
export interface CancellationFacts extends Omit<MailFacts, 'accessUrl'> {
  money: MoneyBack;
}

/** The HTML part of the cancellation: the date that will not take place, the refund and the bonificación, the calendar. */
export function CancellationMail({ facts }: { facts: CancellationFacts }) {
  const { money } = facts;
  return (
    <MailFrame title={cancellationMail.subject(facts.whenLabel)} heading={cancellationMail.heading(facts.firstName)}>
      <p style={mailText}>{cancellationMail.lead}</p>
      <MailWhen whenTitle={cancellationMail.whenTitle} whenLabel={facts.whenLabel} citiesTitle={confirmation.citiesTitle} cityTimes={facts.cityTimes} />
      {money.paid && <p style={mailText}>{cancellationMail.refundAmount(money.paid)}</p>}
      <MoneyBackParagraphs money={money} />
      <p style={mailText}>{refundMail.calendarRemoved}</p>
      <p style={mailText}>{refundMail.nextEdition}</p>
      <MailClosing contactEmail={facts.contactEmail} signOff={cancellationMail.signOff} signature={facts.signature} />
    </MailFrame>
  );
}

/** The plain-text part. */
export function cancellationText(facts: CancellationFacts): string {
  const { money } = facts;
  return [
    cancellationMail.heading(facts.firstName),
    '',
    cancellationMail.lead,
    '',
    `${cancellationMail.whenTitle}: ${facts.whenLabel}`,
    '',
    `${confirmation.citiesTitle}:`,
    ...cityLines(facts.cityTimes),
    '',
    ...(money.paid ? [cancellationMail.refundAmount(money.paid), ''] : []),
    ...moneyBackLines(money, 'mail').flatMap((line) => [line, '']),
    refundMail.calendarRemoved,
    '',
    refundMail.nextEdition,
    '',
    ...closingLines(facts.contactEmail, cancellationMail.signOff, facts.signature),
  ].join('\n');
}
