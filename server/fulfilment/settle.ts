import type Stripe from 'stripe';
import type { JourneyTimeline } from '../../shared/logic/journey';
import type { Clock } from '../ops/clock';
import type { Logger } from '../ops/logger';
import { dueNow } from './dueNow';
import type { FulfilmentMetrics } from './fulfilmentMetrics';
import type { MailKind } from './mark';
import { type Purchase, purchaseOf } from './purchase';
import type { MailResult, SendOnce } from './sendOnce';

/** Who asked: Stripe's webhook, the buyer's page after the checkout, or the sweep over the link's purchases. */
export type Via = 'webhook' | 'page' | 'sweep';

/** What one session was owed, and what came of it. */
export interface Settled {
  /** null: not a purchase of our link (another link's, unfinished, or without an address). */
  purchase: Purchase | null;
  results: MailResult[];
  /** Reminders whose moment passed too long ago to send. */
  missed: MailKind[];
}

/** Does whatever is due now for one complete session of the link. */
export type Settle = (session: Stripe.Checkout.Session, via: Via) => Promise<Settled>;

export interface SettleOptions {
  paymentLink: string;
  sendOnce: SendOnce;
  timeline: JourneyTimeline;
  /** Every link the recording mail points to is set. */
  materialsReady: boolean;
  clock: Clock;
  logger: Logger;
  metrics?: FulfilmentMetrics;
}

/** Where the owner finds a purchase in the Dashboard, for a log line: never the session id (it opens the buyer's pages). */
export const purchaseFields = (purchase: Purchase): Record<string, string> =>
  purchase.paymentIntentId ? { payment_intent: purchase.paymentIntentId } : { free_purchase_at: new Date(purchase.paidAtMs ?? 0).toISOString() };

/**
 * The one step every session goes through, whoever asks (docs/fulfilment.md): what the purchase stands as, what is
 * due for it now (server/fulfilment/dueNow.ts), and each due mail sent once. A failure that would fail the next mail
 * too (Stripe, the mail server) leaves the rest for the next turn. One log line per mail that went or failed.
 */
export function createSettle({ paymentLink, sendOnce, timeline, materialsReady, clock, logger, metrics }: SettleOptions): Settle {
  return async (session, via) => {
    const purchase = purchaseOf(session, paymentLink);
    if (!purchase) return { purchase, results: [], missed: [] };
    const due = dueNow(purchase, clock(), timeline, materialsReady);
    const results: MailResult[] = [];
    for (const kind of due.send) {
      const result = await sendOnce(purchase, kind);
      results.push(result);
      metrics?.mail(kind, result.outcome);
      const fields = { event: 'mail', via, kind, outcome: result.outcome, ...purchaseFields(purchase), ...(result.detail && { cause: result.detail }) };
      if (result.outcome === 'sent') logger.info(fields, 'mail sent');
      else if (result.outcome === 'undeliverable')
        logger.error(fields, 'the mail server refused this address for good: write to the buyer another way (docs/fulfilment.md)');
      else if (result.outcome === 'mark_failed') logger.error(fields, 'mail sent but not marked at Stripe: see docs/fulfilment.md');
      else if (result.outcome === 'mail_failed' || result.outcome === 'stripe_unavailable') logger.warn(fields, 'mail not sent: tried again at the next turn');
      if (result.outcome === 'mail_failed' || result.outcome === 'stripe_unavailable') break;
    }
    return { purchase, results, missed: due.missed };
  };
}
