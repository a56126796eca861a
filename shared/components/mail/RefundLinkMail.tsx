import { accessChanges } from '../../content/accessPageWords';
import { refundLinkMail } from '../../content/refundLinkMailWords';
import { refundByMail, sellerCancellation, voucherRefund } from '../../content/salePromises';
import { closingLines, MailButton, MailClosing, type MailFacts, MailFrame, mailHeading, mailText } from './MailFrame';

/** The confirmation link's mail: whom it greets, the link and until when it holds, and what the refund gives back. */
export interface RefundLinkFacts extends Pick<MailFacts, 'firstName' | 'contactEmail' | 'signature'> {
  linkUrl: string;
  /** Until when the link holds, in words with its zone. */
  untilLabel: string;
  /** All that was paid, and the bonificación on top ("49 USD", "9.80 USD"); `cash`: a payment at OXXO, which comes back by transfer. */
  paid: string;
  bonus: string | null;
  cash: boolean;
}

/** What comes back, as the refund step said it. */
const amountLines = ({ paid, bonus, cash }: RefundLinkFacts): string[] => [
  accessChanges.confirm.refundLine(paid),
  cash ? voucherRefund : accessChanges.confirm.byCard,
  ...(bonus ? [sellerCancellation.amount(bonus), sellerCancellation.payment] : []),
];

/** The HTML part of "Confirma tu reembolso": the one button that leads to the confirmation, and what it gives back. */
export function RefundLinkMail({ facts }: { facts: RefundLinkFacts }) {
  return (
    <MailFrame title={refundLinkMail.subject} heading={refundLinkMail.heading(facts.firstName)}>
      <p style={mailText}>{refundLinkMail.lead}</p>
      <MailButton href={facts.linkUrl} label={refundLinkMail.cta} />
      <p style={mailText}>{refundLinkMail.until(facts.untilLabel)}</p>
      <h2 style={mailHeading}>{refundLinkMail.amountsTitle}</h2>
      {amountLines(facts).map((line) => (
        <p key={line} style={mailText}>
          {line}
        </p>
      ))}
      <p style={mailText}>{refundByMail.howTo}</p>
      <p style={mailText}>{refundLinkMail.notYou}</p>
      <MailClosing contactEmail={facts.contactEmail} signOff={refundLinkMail.signOff} signature={facts.signature} />
    </MailFrame>
  );
}

/** The plain-text part. */
export function refundLinkText(facts: RefundLinkFacts): string {
  return [
    refundLinkMail.heading(facts.firstName),
    '',
    refundLinkMail.lead,
    facts.linkUrl,
    '',
    refundLinkMail.until(facts.untilLabel),
    '',
    `${refundLinkMail.amountsTitle}:`,
    ...amountLines(facts).flatMap((line) => [line, '']),
    refundByMail.howTo,
    '',
    refundLinkMail.notYou,
    '',
    ...closingLines(facts.contactEmail, refundLinkMail.signOff, facts.signature),
  ].join('\n');
}
