import { moneyLabel } from '../../../shared/logic/money';
import type { Logger } from '../../ops/logger';
import type { SendOnce, MailResult } from '../mail/sendMailOnce';
import { type CheckoutApi, CheckoutError } from '../../stripe/checkoutApi';
import { sentFor } from '../records/mailMarks';
import type { MailKind } from '../records/purchaseRecord';
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
  /** null: another instance holds the purchase's refund and mail right now (or its mail went meanwhile). */
  refund: RefundResult | null;
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
  /** The same calls, paced as the sweep's: a cancellation's refunds beside its wave's marks. */
  waveCheckout?: CheckoutApi;
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
 * The steps, each safe to repeat, in the claim of the refund's mail (server/fulfilment/mail/sendMailOnce.ts), so that one
 * instance at a time does them: (1) the claim marks the session with the reason, the decision every later turn reads,
 * before the refund is asked for; (2) the refund at Stripe, under a key named after the purchase and the reason, unless
 * the charge is refunded already or was a cash payment Stripe cannot refund (then the money goes back by bank transfer,
 * which the mail asks the details for); (3) the mail, which waits (the claim released) while Stripe cannot be asked or
 * the key may not refund, and goes, saying the refund is in process, once Stripe has refused it for good; where the
 * reason owes a bonificación, the instance that sent that mail asks the owner to pay it, in one line. Once the mail
 * went, a refund Stripe refused is asked again at each turn. A key whose failure Stripe stored (a 500) is passed over
 * at the next turn; Stripe refuses a second full refund in any case. Three calls a card purchase: the claim, the
 * refund, the mark.
 */
export function createRefundOnce({ checkout, waveCheckout = checkout, sendOnce, logger, metrics }: RefundOnceOptions): RefundOnce {
  /** For each purchase, the attempt whose key Stripe may have kept a failure under. */
  const spent = new Map<string, number>();
  /** For each purchase whose refund failed, what was last said of it: a failure is one line until it changes. */
  const failing = new Map<string, string>();

  const refundAtStripe = async (calls: CheckoutApi, purchase: Purchase, reason: RefundReason): Promise<RefundResult> => {
    if (purchase.standing === 'refunded') return { outcome: 'already_refunded' };
    if (purchase.paidInCash || !purchase.paymentIntentId) return { outcome: 'by_transfer' };
    const attempt = (spent.get(purchase.sessionId) ?? 0) + 1;
    try {
      const { replayed } = await calls.refund(purchase.paymentIntentId, refundMetadata(reason), refundKey(purchase.paymentIntentId, reason, attempt));
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

  /** What came of a refund, counted when something is decided, done or failed, and said once until it changes. */
  const report = (purchase: Purchase, reason: RefundReason, refund: RefundResult, decidedNow: boolean, fields: Record<string, string>): void => {
    const line = LINE[refund.outcome];
    const failed = refund.outcome === 'refused' || refund.outcome === 'stripe_unavailable';
    if (decidedNow || failed || refund.outcome === 'refunded') metrics?.refund(reason, refund.outcome);
    const said = `${refund.outcome} ${refund.detail ?? ''}`;
    const repeated = failed && failing.get(purchase.sessionId) === said;
    if (failed) failing.set(purchase.sessionId, said);
    else failing.delete(purchase.sessionId);
    // A transfer owed is said once, when decided; a failure once until it changes; a refund when made.
    if (line && !repeated && (refund.outcome !== 'by_transfer' || decidedNow))
      logger[line.level](
        { ...fields, reason, outcome: refund.outcome, ...(refund.detail && { cause: refund.detail }) },
        refund.credentials ? 'the key may not refund: give it Refunds: Write (docs/fulfilment.md); tried again at the next turn' : line.message,
      );
  };

  return async (purchase, wanted, via) => {
    const fields = { event: 'refund', via, ...(purchase.paymentIntentId && { payment_intent: purchase.paymentIntentId }) };
    // The first reason marked is the one kept: the buyer is told one story.
    const reason = purchase.refundReason ?? wanted;
    const kind = MAIL_OF[reason];
    // The sweep's refunds, and those buyers confirmed, are finished after any answer: in the wave's lanes.
    const inWave = via === 'sweep' || via === 'link';
    const calls = inWave ? waveCheckout : checkout;
    const mark = purchase.marks[kind];
    // Its mail went: only the refund may still be owed (Stripe refused it before), and is asked again at each turn.
    if (sentFor(mark) || mark.status === 'undeliverable') {
      const refund = await refundAtStripe(calls, purchase, reason);
      report(purchase, reason, refund, false, fields);
      return { decided: true, refund, mail: { kind, outcome: 'already_sent' } };
    }
    const made: { refund?: RefundResult } = {};
    const mail = await sendOnce(purchase, kind, {
      inWave,
      // The decision, marked with the claim of its mail and so before the refund is asked for.
      ...(purchase.refundReason === null && { record: [{ refund: reason }] }),
      async first(held) {
        made.refund = await refundAtStripe(calls, held, reason);
        const { outcome, credentials } = made.refund;
        // Stripe may yet refund it (it could not be asked; the key may not, until the owner fixes it): the mail says what happened, so it waits.
        if (outcome === 'stripe_unavailable' || credentials) return null;
        const refunded = outcome === 'refunded' || outcome === 'already_refunded';
        return { ...held, refundReason: reason, standing: refunded ? 'refunded' : held.standing };
      },
    });
    const { refund } = made;
    if (!refund) {
      // No claim: another instance holds it and refunds, or it went meanwhile; or Stripe could not be asked, and nothing is decided.
      if (mail.outcome !== 'stripe_unavailable') return { decided: true, refund: null, mail };
      const failed: RefundResult = { outcome: 'stripe_unavailable', detail: mail.detail ?? 'unexpected failure' };
      report(purchase, reason, failed, true, fields);
      return { decided: purchase.refundReason !== null, refund: failed, mail: null };
    }
    report(purchase, reason, refund, purchase.refundReason === null, fields);
    if (refund.outcome === 'stripe_unavailable' || refund.credentials) return { decided: true, refund, mail: null };
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
