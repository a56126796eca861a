import type { PesoPrice } from '../../shared/logic/pesoPrice';
import type { SpotsReading } from '../../shared/logic/spots';

/** One read of the checkout: its spots and, where it can say, the price in pesos and what its setup leaves undone. */
export interface CheckoutReading extends SpotsReading {
  /** The price's fixed amount in pesos; null or absent when it has none (the page then shows dollars). */
  pesoPrice?: PesoPrice | null;
  /** What the checkout's own settings leave undone that the site's texts rely on, each one line for the operator. */
  setupWarnings?: string[];
}

/**
 * A checkout that can say how many Early Bird spots it has sold: Stripe today (stripeSource.ts); another
 * (Hotmart, say) is one more implementation of this, and nothing else changes. See docs/spots.md.
 */
export interface SpotsSource {
  /** Which checkout, for the logs. */
  name: string;
  /** One read: resolves with the reading (null: no link sells this price now), or rejects with a SpotsSourceError. */
  read(): Promise<CheckoutReading | null>;
}

/**
 * Why a read failed. `credentials` and `link` are the owner's settings to fix (their log line names the
 * variable); `unavailable` passes by itself (unreachable, timeout, 5xx, 429).
 */
export type FailureKind = 'unavailable' | 'credentials' | 'link';

export class SpotsSourceError extends Error {
  override name = 'SpotsSourceError';
  constructor(
    readonly kind: FailureKind,
    /** A short cause for the log, never the checkout's own message (Stripe's 401 echoes part of the key). */
    readonly detail: string,
  ) {
    super(`${kind}: ${detail}`);
  }
}
