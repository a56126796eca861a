import { confirmation, refundMail } from '../../content';
import { closingLines, MailClosing, type MailFacts, MailFrame, mailText } from './MailFrame';

/** The refund mail's facts: the buyer's, why the site refunds, and whether the money goes back by bank transfer. */
export interface RefundFacts extends Pick<MailFacts, 'firstName' | 'contactEmail' | 'signature'> {
  reason: keyof typeof refundMail.reasons;
  /** A voucher paid in cash at OXXO, which Stripe cannot refund. */
  byTransfer: boolean;
}

const howLine = ({ byTransfer }: RefundFacts): string => (byTransfer ? refundMail.byTransfer : refundMail.byCard);

/** The HTML part of "Te devolvemos tu pago": why, and how the money comes back. No personal link: access has ended. */
export function RefundMail({ facts }: { facts: RefundFacts }) {
  return (
    <MailFrame title={refundMail.subject} heading={refundMail.heading(facts.firstName)}>
      <p style={mailText}>{refundMail.reasons[facts.reason]}</p>
      <p style={mailText}>{howLine(facts)}</p>
      <p style={mailText}>{refundMail.nextEdition}</p>
      <MailClosing
        title={confirmation.contactTitle}
        text={confirmation.contactText}
        contactEmail={facts.contactEmail}
        signOff={refundMail.signOff}
        signature={facts.signature}
      />
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
    howLine(facts),
    '',
    refundMail.nextEdition,
    '',
    ...closingLines(facts.contactEmail, refundMail.signOff, facts.signature),
  ].join('\n');
}
