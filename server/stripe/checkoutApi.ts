import type Stripe from 'stripe';
import { readStripeFailure, stripeFailureDetail } from './failure';
import { replayedAnswer, type StripeCalls } from './stripeCalls';

/**
 * Why a call to Stripe failed: `unavailable` passes by itself (unreachable, timeout, 5xx, 429); `credentials` is the
 * owner's key to fix. Two are Stripe refusing a request under an idempotency key already used
 * (server/fulfilment/mail/sendMailOnce.ts): `in_use`, while the first request is still being carried out; `key_reused`, once
 * it has been, with other parameters (another claimant's, or an answer Stripe stored, a 500 included).
 */
export type CheckoutFailure = 'unavailable' | 'credentials' | 'in_use' | 'key_reused';

export class CheckoutError extends Error {
  override name = 'CheckoutError';
  constructor(
    readonly kind: CheckoutFailure,
    /** A short cause for the log: the status and Stripe's code, never its message (which may quote an id or the key). */
    readonly detail: string,
    /** The HTTP status Stripe answered; null when no answer came (the request may still be carried out). */
    readonly status: number | null = null,
    /** Stripe's error code, when it gave one: `charge_already_refunded`… */
    readonly code: string | null = null,
  ) {
    super(`${kind}: ${detail}`);
  }
}

/** The calls the fulfilment makes. Each session comes with its PaymentIntent and that intent's latest charge. */
export interface CheckoutApi {
  /** One Checkout Session; null when Stripe has none with that id. */
  session(id: string): Promise<Stripe.Checkout.Session | null>;
  /** The link's complete sessions, newest first, a page at a time: each page is read when the last is done with. */
  completeSessions(paymentLink: string): AsyncIterable<Stripe.Checkout.Session[]>;
  /** The session that made a PaymentIntent (a refund or a dispute names the intent); null when none did. */
  sessionOfPaymentIntent(paymentIntentId: string): Promise<Stripe.Checkout.Session | null>;
  /**
   * Merges metadata into the session's; with a key, Stripe carries out only the first request under it. Past Stripe's
   * limits against `current`, the session's metadata as read, it fails (`unavailable`, 400, `metadata_limit`) naming
   * the key, and Stripe is not asked.
   */
  mark(sessionId: string, metadata: Record<string, string>, idempotencyKey?: string, current?: Record<string, string>): Promise<Stripe.Checkout.Session>;
  /** The Payment Link: its limit, its count, whether it sells, its metadata. */
  paymentLink(id: string): Promise<Stripe.PaymentLink>;
  /** Updates the Payment Link; Stripe carries out only the first request under the key. Its metadata is held as a session's. */
  updatePaymentLink(id: string, params: Stripe.PaymentLinkUpdateParams, idempotencyKey: string, current?: Record<string, string>): Promise<Stripe.PaymentLink>;
  /**
   * Refunds what is left of a PaymentIntent's charge, all of it; Stripe carries out only the first request under the
   * key. `replayed`: the answer is the one Stripe saved for an earlier request under it (another instance's, say).
   */
  refund(paymentIntentId: string, metadata: Record<string, string>, idempotencyKey: string): Promise<{ replayed: boolean }>;
}

function failureOf(error: unknown): CheckoutError {
  const failure = readStripeFailure(error);
  const detail = stripeFailureDetail(failure);
  if (failure.code === 'idempotency_key_in_use' || (failure.type === 'StripeIdempotencyError' && failure.status === 409))
    return new CheckoutError('in_use', detail, failure.status, failure.code);
  if (failure.type === 'StripeIdempotencyError') return new CheckoutError('key_reused', detail, failure.status, failure.code);
  if (failure.status === 401 || failure.status === 403) return new CheckoutError('credentials', detail, failure.status, failure.code);
  return new CheckoutError('unavailable', detail, failure.status, failure.code);
}

const isMissing = (error: unknown): boolean => readStripeFailure(error).status === 404;

/** The fulfilment's calls (stripeCalls.ts), each failure as a CheckoutError. */
export function checkoutApi(calls: StripeCalls): CheckoutApi {
  return {
    async session(id) {
      try {
        return await calls.session(id);
      } catch (error) {
        if (isMissing(error)) return null;
        throw failureOf(error);
      }
    },
    async *completeSessions(paymentLink) {
      let after: string | undefined;
      for (;;) {
        let page: Stripe.ApiList<Stripe.Checkout.Session>;
        try {
          page = await calls.completeSessions(paymentLink, after);
        } catch (error) {
          throw failureOf(error);
        }
        if (page.data.length > 0) yield page.data;
        after = page.data.at(-1)?.id;
        if (!page.has_more || !after) return;
      }
    },
    async sessionOfPaymentIntent(paymentIntentId) {
      try {
        const page = await calls.sessionsOfPaymentIntent(paymentIntentId);
        return page.data[0] ?? null;
      } catch (error) {
        throw failureOf(error);
      }
    },
    async mark(sessionId, metadata, idempotencyKey, current) {
      try {
        return await calls.updateSession(sessionId, metadata, idempotencyKey, current);
      } catch (error) {
        throw failureOf(error);
      }
    },
    async paymentLink(id) {
      try {
        return await calls.paymentLink(id);
      } catch (error) {
        throw failureOf(error);
      }
    },
    async updatePaymentLink(id, params, idempotencyKey, current) {
      try {
        return await calls.updatePaymentLink(id, params, idempotencyKey, current);
      } catch (error) {
        throw failureOf(error);
      }
    },
    async refund(paymentIntentId, metadata, idempotencyKey) {
      try {
        const made = await calls.refund(paymentIntentId, metadata, idempotencyKey);
        return { replayed: replayedAnswer(made.lastResponse.headers) };
      } catch (error) {
        throw failureOf(error);
      }
    },
  };
}
