import type Stripe from 'stripe';
import { readStripeFailure, stripeFailureDetail } from '../stripe/failure';

/**
 * Why a call to Stripe failed: `unavailable` passes by itself (unreachable, timeout, 5xx, 429); `credentials` is the
 * owner's key to fix; `conflict` is Stripe refusing a second request under an idempotency key already used (another
 * instance's claim, server/fulfilment/mark.ts).
 */
export type CheckoutFailure = 'unavailable' | 'credentials' | 'conflict';

export class CheckoutError extends Error {
  override name = 'CheckoutError';
  constructor(
    readonly kind: CheckoutFailure,
    /** A short cause for the log: the status and Stripe's code, never its message (which may quote an id or the key). */
    readonly detail: string,
  ) {
    super(`${kind}: ${detail}`);
  }
}

/** The two calls the fulfilment makes. */
export interface CheckoutApi {
  /** The Checkout Session with its PaymentIntent expanded; null when Stripe has none with that id. */
  session(id: string): Promise<Stripe.Checkout.Session | null>;
  /** Replaces the PaymentIntent's confirmation metadata; with a key, Stripe carries out only the first request under it. */
  mark(paymentIntentId: string, metadata: Record<string, string>, idempotencyKey?: string): Promise<Stripe.PaymentIntent>;
}

function failureOf(error: unknown): CheckoutError {
  const failure = readStripeFailure(error);
  const detail = stripeFailureDetail(failure);
  if (failure.type === 'StripeIdempotencyError' || failure.code === 'idempotency_key_in_use') return new CheckoutError('conflict', detail);
  if (failure.status === 401 || failure.status === 403) return new CheckoutError('credentials', detail);
  return new CheckoutError('unavailable', detail);
}

const isMissing = (error: unknown): boolean => readStripeFailure(error).status === 404;

/** The fulfilment's calls through the official SDK, each failure as a CheckoutError. */
export function checkoutApi(stripe: Stripe): CheckoutApi {
  return {
    async session(id) {
      try {
        return await stripe.checkout.sessions.retrieve(id, { expand: ['payment_intent'] });
      } catch (error) {
        if (isMissing(error)) return null;
        throw failureOf(error);
      }
    },
    async mark(paymentIntentId, metadata, idempotencyKey) {
      try {
        return await stripe.paymentIntents.update(paymentIntentId, { metadata }, idempotencyKey ? { idempotencyKey } : {});
      } catch (error) {
        throw failureOf(error);
      }
    },
  };
}
