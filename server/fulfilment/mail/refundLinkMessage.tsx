import { renderToStaticMarkup } from 'react-dom/server';
import { RefundLinkMail, refundLinkText } from '../../../shared/components/mail/RefundLinkMail';
import { refundLinkMail } from '../../../shared/content/refundLinkMailWords';
import { workshop } from '../../../shared/content/siteFacts';
import { moneyLabel } from '../../../shared/logic/money';
import { dateTimeLabel } from '../../../shared/logic/schedule';
import type { Purchase } from '../records/purchase';
import { bonificationOf } from '../records/refundTerms';
import type { MailMessage } from './smtpMailer';

export interface RefundLinkMessageOptions {
  /** Whom buyers write to, and who signs. */
  contactEmail: string;
  trainerName: string;
  /** An opaque, stable reference to the purchase, for the Message-ID. */
  referenceOf: (sessionId: string) => string;
  /** MAIL_FROM's domain, the Message-ID's right part. */
  mailDomain: string;
}

/**
 * The mail that carries a purchase's refund confirmation link, to the purchase's own address (docs/fulfilment.md). It
 * has no mark at Stripe: it may go a few times (server/fulfilment/pages/refundRequests.ts bounds how often), each with a
 * link of its own, so each has a Message-ID of its own, named after its link's last instant.
 */
export function refundLinkMessage({ contactEmail, trainerName, referenceOf, mailDomain }: RefundLinkMessageOptions) {
  return (purchase: Purchase, link: { url: string; untilMs: number }): MailMessage => {
    const bonus = bonificationOf(purchase, 'date_change');
    const facts = {
      firstName: purchase.firstName,
      contactEmail,
      signature: trainerName,
      linkUrl: link.url,
      untilLabel: `${dateTimeLabel(link.untilMs)} ${workshop.zoneLabel}`,
      paid: purchase.paid ? moneyLabel(purchase.paid) : '',
      bonus: bonus && moneyLabel(bonus),
      cash: purchase.paidInCash,
    };
    return {
      to: purchase.email,
      subject: refundLinkMail.subject,
      text: refundLinkText(facts),
      html: `<!DOCTYPE html>${renderToStaticMarkup(<RefundLinkMail facts={facts} />)}`,
      messageId: `<confirmar-reembolso-${Math.floor(link.untilMs / 1000).toString(36)}-${referenceOf(purchase.sessionId)}@${mailDomain}>`,
    };
  };
}
