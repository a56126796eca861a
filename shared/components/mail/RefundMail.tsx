import { refundMail } from '../../content/refundMailWords';
import { closingLines, MailClosing, type MailFacts, MailFrame, mailText } from './MailFrame';
import { type MoneyBack, moneyBackLines, MoneyBackParagraphs } from './MoneyBack';

/** The refund mail's facts: the buyer's, why the site refunds, how the money comes back, and whether the event leaves their calendar. */
export interface RefundFacts extends Pick<MailFacts, 'firstName' | 'contactEmail' | 'signature'> {
  reason: keyof typeof refundMail.reasons;
  money: MoneyBack;
  /** The mail carries the invite that removes the event: the buyer had one. */
  calendarRemoved: boolean;
}

/** The HTML part of "Te devolvemos tu pago": why, and how the money comes back. No personal link: access has ended. */
export function RefundMail({ facts }: { facts: RefundFacts }) {
  return (
    <MailFrame title={refundMail.subject} heading={refundMail.heading(facts.firstName)}>
      <p style={mailText}>{refundMail.reasons[facts.reason]}</p>
      <MoneyBackParagraphs money={facts.money} />
      {facts.calendarRemoved && <p style={mailText}>{refundMail.calendarRemoved}</p>}
      <p style={mailText}>{refundMail.nextEdition}</p>
      <MailClosing contactEmail={facts.contactEmail} signOff={refundMail.signOff} signature={facts.signature} />
    </MailFrame>
  );
}

/** The plain-text part. */
export function refundText(facts: RefundFacts): string {
  return [
    refundMail.heading(facts.firstName),
    '',
    refundMail.reasons[facts.reason],
    '',
    ...moneyBackLines(facts.money, 'mail').flatMap((line) => [line, '']),
    ...(facts.calendarRemoved ? [refundMail.calendarRemoved, ''] : []),
    refundMail.nextEdition,
    '',
    ...closingLines(facts.contactEmail, refundMail.signOff, facts.signature),
  ].join('\n');
}
