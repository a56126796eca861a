import { moneyLabel } from '../../../shared/logic/money';
import type { Logger } from '../../ops/logger';
import type { SendOnce, MailResult } from '../mail/sendMailOnce';
import { type CheckoutApi, CheckoutError } from '../../stripe/checkoutApi';
import { type MailKind, writeRecord } from '../records/purchaseRecord';
import { bonificationOf } from '../records/refundTerms';
import type { Purchase } from '../records/purchase';
import { type RefundReason, refundKey, refundMetadata } from '../records/refundMark';
import type { FulfilmentMetrics } from '../reports/fulfilmentMetrics';
import type { RefundOutcome } from '../reports/fulfilmentOutcomes';

export interface RefundResult {
  outcome: RefundOutcome;
  /** A short cause for the log: never an address, a session id or a link. */
  detail?: string;
  /** Refused because the key may not refund: the fix is its permissions. */
  credentials?: boolean;
}

/** What refunding one purchase came to: the refund, then its mail (none while the refund waits on Stripe). */
export interface Refunded {
  /** The reason is marked at Stripe: every later turn refunds it, whatever came of this one. */
  decided: boolean;
  refund: RefundResult;
  mail: MailResult | null;
}

/**
 * Refunds one purchase in full, exactly once, and tells the buyer why (docs/fulfilment.md): whoever asks, however often.
 * The reason is the caller's: a payment after the end, the owner's cancellation, or the buyer's own request after a
 * new date.
 */
export type RefundOnce = (purchase: Purchase, reason: RefundReason, via: string) => Promise<Refunded>;

/** The mail each refund goes with: a cancellation's is the one mail that says so (and removes the event); any other, the refund's own. */
const MAIL_OF: Record<RefundReason, MailKind> = { after_end: 'refund', date_change: 'refund', cancelled: 'cancellation' };

export interface RefundOnceOptions {
  checkout: CheckoutApi;
  sendOnce: SendOnce;
  logger: Logger;
  metrics?: FulfilmentMetrics;
}

const LINE: Record<RefundOutcome, { level: 'info' | 'warn' | 'error'; message: string } | null> = {
  refunded: { level: 'info', message: 'refunded in full at Stripe' },
  already_refunded: null,
  by_transfer: {
    level: 'warn',
    message: "refund owed by bank transfer: Stripe cannot refund a cash payment at OXXO; the buyer's mail asks for the CLABE (docs/fulfilment.md)",
  },
  refused: { level: 'error', message: 'Stripe refused the refund: see the cause, and refund it another way (docs/operations.md)' },
  stripe_unavailable: { level: 'warn', message: 'refund not made yet: tried again at the next turn' },
};

/**
 * The steps, each safe to repeat: (1) mark the session with the reason, the decision every later turn reads; (2) the
 * refund at Stripe, under a key named after the purchase and the reason, unless the charge is refunded already or was
 * a cash payment Stripe cannot refund (then the money goes back by bank transfer, which the mail asks the details
 * for); (3) the refund's mail, through the claim at Stripe that sends every buyer mail once: it waits while Stripe
 * cannot be asked or the key may not refund, and goes, saying the refund is in process, once Stripe has refused it for
 * good; where the reason owes a bonificación, the instance that sent that mail asks the owner to pay it, in one line. A
 * key whose failure Stripe stored (a 500) is passed over at the next turn; Stripe refuses a second full refund in any
 * case.
 */
export function createRefundOnce({ checkout, sendOnce, logger, metrics }: RefundOnceOptions): RefundOnce {
  /** For each purchase, the attempt whose key Stripe may have kept a failure under. */
  const spent = new Map<string, number>();
  /** For each purchase whose refund failed, what was last said of it: a failure is one line until it changes. */
  const failing = new Map<string, string>();

  const refundAtStripe = async (purchase: Purchase, reason: RefundReason): Promise<RefundResult> => {
    if (purchase.standing === 'refunded') return { outcome: 'already_refunded' };
    if (purchase.paidInCash || !purchase.paymentIntentId) return { outcome: 'by_transfer' };
    const attempt = (spent.get(purchase.sessionId) ?? 0) + 1;
    try {
      const { replayed } = await checkout.refund(purchase.paymentIntentId, refundMetadata(reason), refundKey(purchase.paymentIntentId, reason, attempt));
      // Another instance's refund under the same key, carried out once: this turn found it made.
      return { outcome: replayed ? 'already_refunded' : 'refunded' };
    } catch (error) {
      if (!(error instanceof CheckoutError)) return { outcome: 'stripe_unavailable', detail: 'unexpected failure' };
      const detail = `stripe ${error.detail}`;
      if (error.code === 'charge_already_refunded') return { outcome: 'already_refunded' };
      if (error.kind === 'key_reused' || (error.status !== null && error.status >= 500)) spent.set(purchase.sessionId, attempt);
      if (error.kind === 'credentials') return { outcome: 'refused', detail, credentials: true };
      if (error.kind === 'unavailable' && error.status !== null && error.status >= 400 && error.status < 500 && error.status !== 429)
        return { outcome: 'refused', detail };
      return { outcome: 'stripe_unavailable', detail };
    }
  };

  return async (purchase, wanted, via) => {
    const fields = { event: 'refund', via, ...(purchase.paymentIntentId && { payment_intent: purchase.paymentIntentId }) };
    // The first reason marked is the one kept: the buyer is told one story.
    const reason = purchase.refundReason ?? wanted;
    const marked = purchase.refundReason === null;
    if (marked) {
      try {
        await writeRecord(checkout, purchase, [{ refund: reason }]);
      } catch (error) {
        const refund: RefundResult = {
          outcome: 'stripe_unavailable',
          detail: error instanceof CheckoutError ? `stripe ${error.detail}` : 'unexpected failure',
        };
        metrics?.refund(reason, refund.outcome);
        logger.warn({ ...fields, reason, outcome: refund.outcome, cause: refund.detail }, LINE.stripe_unavailable?.message ?? '');
        return { decided: false, refund, mail: null };
      }
    }
    const refund = await refundAtStripe(purchase, reason);
    const line = LINE[refund.outcome];
    const failed = refund.outcome === 'refused' || refund.outcome === 'stripe_unavailable';
    // Counted when something is decided, done or failed: not each later turn that finds it done.
    if (marked || failed || refund.outcome === 'refunded') metrics?.refund(reason, refund.outcome);
    const said = `${refund.outcome} ${refund.detail ?? ''}`;
    const repeated = failed && failing.get(purchase.sessionId) === said;
    if (failed) failing.set(purchase.sessionId, said);
    else failing.delete(purchase.sessionId);
    // A transfer owed is said once, when decided; a failure once until it changes; a refund when made.
    if (line && !repeated && (refund.outcome !== 'by_transfer' || marked))
      logger[line.level](
        { ...fields, reason, outcome: refund.outcome, ...(refund.detail && { cause: refund.detail }) },
        refund.credentials ? 'the key may not refund: give it Refunds: Write (docs/fulfilment.md); tried again at the next turn' : line.message,
      );
    // Stripe may yet refund it (it could not be asked; the key may not, until the owner fixes it): the mail says what happened, so it waits.
    if (refund.outcome === 'stripe_unavailable' || refund.credentials) return { decided: true, refund, mail: null };
    const refunded = refund.outcome === 'refunded' || refund.outcome === 'already_refunded';
    const settled: Purchase = { ...purchase, refundReason: reason, standing: refunded ? 'refunded' : purchase.standing };
    // The sweep's refunds, and those buyers confirmed, are finished after any answer: their mails in the wave's lane.
    const mail = await sendOnce(settled, MAIL_OF[reason], { inWave: via === 'sweep' || via === 'link' });
    // Said by whoever sent the mail that asks the buyer for their account: one instance, once, whatever the turns.
    const bonus = bonificationOf(purchase, reason);
    if (bonus && (mail.outcome === 'sent' || mail.outcome === 'mark_failed' || mail.outcome === 'undeliverable')) {
      metrics?.bonification(reason);
      logger.warn(
        { ...fields, event: 'bonification', reason, amount: moneyLabel(bonus) },
        'a bonificación is owed by bank transfer: pay it once the buyer replies with the CLABE, within the days the terms promise (docs/operations.md)',
      );
    }
    return { decided: true, refund, mail };
  };
}
