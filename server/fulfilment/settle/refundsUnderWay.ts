import type { Logger } from '../../ops/logger';
import type { Purchase } from '../records/purchase';
import type { Refunded } from './refundOnce';

/**
 * The refunds buyers confirmed from their mailed links (server/fulfilment/pages/refundLink.ts), made after the answer:
 * the buyer's page says the refund is under way as soon as it is decided, and never waits for the writes to Stripe,
 * each of which waits its turn in a lane (server/stripe/pace.ts). Once the reason is marked at Stripe the refund is
 * every instance's to finish (the sweep refunds a marked purchase); until then it lives here, so a shutdown waits for it.
 */
export interface RefundsUnderWay {
  /** Starts the refund of a purchase its buyer confirmed, unless this instance already has it under way. */
  start(purchase: Purchase): void;
  /** Resolves once every refund started here has been decided at Stripe, or given up. */
  settled(): Promise<void>;
}

export interface RefundsUnderWayOptions {
  /** The one refund step (server/fulfilment/settle/refundOnce.ts), for the reason `date_change`. */
  refund: (purchase: Purchase) => Promise<Refunded>;
  /** Waits on the site's clock between two tries of a mark Stripe did not take; none: tried again at once. */
  wait?: (ms: number) => Promise<void>;
  /** What came of it: the refund's result, or null when the reason could never be marked (the buyer may confirm again). */
  done(purchase: Purchase, refunded: Refunded | null): void;
  logger: Logger;
}

/** Tries of the mark, a pause doubling from a second between them: about two minutes in all, as a sweep period would take. */
const MARK_TRIES = 8;
const FIRST_PAUSE_MS = 1_000;

export function refundsUnderWay({ refund, wait = () => Promise.resolve(), done, logger }: RefundsUnderWayOptions): RefundsUnderWay {
  const underWay = new Map<string, Promise<void>>();

  const carryOut = async (purchase: Purchase): Promise<void> => {
    for (let tried = 1; ; tried += 1) {
      const refunded = await refund(purchase).catch(() => null);
      if (refunded?.decided) return done(purchase, refunded);
      if (tried === MARK_TRIES) break;
      await wait(FIRST_PAUSE_MS * 2 ** (tried - 1));
    }
    logger.error(
      { event: 'refund', via: 'link', reason: 'date_change', ...(purchase.paymentIntentId && { payment_intent: purchase.paymentIntentId }) },
      "a refund its buyer confirmed could not be marked at Stripe: nothing was refunded, and the buyer's link offers it again within its hour (docs/operations.md)",
    );
    done(purchase, null);
  };

  return {
    start(purchase) {
      if (underWay.has(purchase.sessionId)) return;
      const running = carryOut(purchase).finally(() => underWay.delete(purchase.sessionId));
      underWay.set(purchase.sessionId, running);
    },
    async settled() {
      await Promise.all(underWay.values());
    },
  };
}
