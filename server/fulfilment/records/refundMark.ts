/**
 * Why the site refunds a purchase. The reason is marked on the purchase's Checkout Session (`taller_refund`, through
 * server/fulfilment/records/purchaseRecord.ts) before the refund is asked for, so that every instance and every later
 * turn refunds for the same reason and tells the buyer why, however the refund went (at Stripe, or by bank transfer for
 * a voucher Stripe cannot refund); the refund itself carries it too. A refund the owner made by hand carries none.
 */
export const REFUND_MARK = 'taller_refund';

/**
 * Why the site refunds: `after_end`, a payment that arrived once the workshop had ended; `date_change`, the buyer's
 * own choice on their personal link, the date having moved since they bought; `cancelled`, the owner cancelled the
 * workshop. The last two owe the bonificación the terms promise as well (LFPC arts. 92 and 92 ter).
 */
export type RefundReason = 'after_end' | 'date_change' | 'cancelled';
export const REFUND_REASONS: readonly RefundReason[] = ['after_end', 'date_change', 'cancelled'];

/** The reasons that owe the bonificación on top of the refund: the seller did not give what was sold, on its date. */
export const owesBonification = (reason: RefundReason): boolean => reason !== 'after_end';

/** The refund's own metadata at Stripe: its reason, for whoever reads the refund in the Dashboard. */
export const refundMetadata = (reason: RefundReason): Record<string, string> => ({ [REFUND_MARK]: reason });

/**
 * One key per purchase, reason and attempt: every instance refunding it uses the same, so Stripe carries out one
 * refund; `attempt` moves past a key whose failure Stripe stored (a 500). A second full refund is refused by Stripe
 * anyway (`charge_already_refunded`).
 */
export const refundKey = (paymentIntentId: string, reason: RefundReason, attempt: number): string => `${REFUND_MARK}-${paymentIntentId}-${reason}-${attempt}`;
