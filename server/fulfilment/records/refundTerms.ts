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
