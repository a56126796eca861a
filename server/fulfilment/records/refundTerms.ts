/**
 * What a refund the site makes pays: the whole amount, and the bonificación where the seller owes one. The rest of the
 * refund lives elsewhere: its percent and the sentences that promise it, `sellerCancellation` in
 * shared/content/salePromises.ts; when the site owes one, `refundOwed` in server/fulfilment/settle/dueNow.ts; until when
 * a buyer may ask after a new date, `refundOpen` in server/fulfilment/records/purchaseJourney.ts (the new start); the
 * policy's own window, `refundPromise.windowDays` (its last day written by server/render/documents.tsx), which the owner
 * honours by hand; the refund at Stripe, server/fulfilment/settle/refundOnce.ts; its words,
 * shared/components/mail/MoneyBack.tsx.
 */
import type { MoneyBack } from '../../../shared/components/mail/MoneyBack';
import { sellerCancellation } from '../../../shared/content/salePromises';
import { type Money, moneyLabel, shareOf } from '../../../shared/logic/money';
import type { Purchase } from './purchase';
import { owesBonification, type RefundReason } from './refundMark';

/** The bonificación a purchase is owed when the site refunds it for `reason` (LFPC art. 92 ter); null when none (nothing paid, or a late payment). */
export const bonificationOf = (purchase: Purchase, reason: RefundReason): Money | null =>
  purchase.paid && owesBonification(reason) ? shareOf(purchase.paid, sellerCancellation.bonificationPercent) : null;

/** How a purchase's money comes back, as read at Stripe now, for its mails and pages. Pure. */
export function moneyBackOf(purchase: Purchase, reason: RefundReason): MoneyBack {
  const bonus = bonificationOf(purchase, reason);
  return {
    state: !purchase.paid ? 'none' : purchase.paidInCash ? 'transfer' : purchase.standing === 'refunded' ? 'card' : 'processing',
    paid: purchase.paid && moneyLabel(purchase.paid),
    bonus: bonus && moneyLabel(bonus),
  };
}
