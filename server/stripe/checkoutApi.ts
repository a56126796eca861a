import type Stripe from 'stripe';
import { readStripeFailure, stripeFailureDetail } from './failure';
import { type Pace, unpaced } from './pace';

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
  /** Merges metadata into the session's; with a key, Stripe carries out only the first request under it. */
  mark(sessionId: string, metadata: Record<string, string>, idempotencyKey?: string): Promise<Stripe.Checkout.Session>;
  /** The Payment Link: its limit, its count, whether it sells, its metadata. */
  paymentLink(id: string): Promise<Stripe.PaymentLink>;
  /** Updates the Payment Link; Stripe carries out only the first request under the key. */
  updatePaymentLink(id: string, params: Stripe.PaymentLinkUpdateParams, idempotencyKey: string): Promise<Stripe.PaymentLink>;
  /**
   * Refunds what is left of a PaymentIntent's charge, all of it; Stripe carries out only the first request under the
   * key. `replayed`: the answer is the one Stripe saved for an earlier request under it (another instance's, say).
   */
  refund(paymentIntentId: string, metadata: Record<string, string>, idempotencyKey: string): Promise<{ replayed: boolean }>;
}

/** Stripe's largest page: a sale of a thousand purchases is ten reads. */
const PAGE_SIZE = 100;
const EXPAND = ['payment_intent.latest_charge'];
const EXPAND_LISTED = ['data.payment_intent.latest_charge'];

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

/**
 * Whether Stripe answered with the saved answer of an earlier request under the key (`Idempotent-Replayed: true`): the
 * SDK's fetch client hands over fetch's own Headers, its Node client a plain object, whatever its type says.
 */
function replayedAnswer(headers: Stripe.Response<unknown>['lastResponse']['headers'] | Headers): boolean {
  const value = headers instanceof Headers ? headers.get('idempotent-replayed') : headers['idempotent-replayed'];
  return value === 'true';
}

/** The fulfilment's calls through the official SDK, each in its lane of `pace`, each failure as a CheckoutError. */
export function checkoutApi(stripe: Stripe, pace: Pace = unpaced): CheckoutApi {
  return {
    async session(id) {
      try {
        return await pace.run('read', () => stripe.checkout.sessions.retrieve(id, { expand: EXPAND }));
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
          page = await pace.run('list', () =>
            stripe.checkout.sessions.list({
              payment_link: paymentLink,
              status: 'complete',
              limit: PAGE_SIZE,
              expand: EXPAND_LISTED,
              ...(after && { starting_after: after }),
            }),
          );
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
        const page = await pace.run('list', () => stripe.checkout.sessions.list({ payment_intent: paymentIntentId, limit: 1, expand: EXPAND_LISTED }));
        return page.data[0] ?? null;
      } catch (error) {
        throw failureOf(error);
      }
    },
    async mark(sessionId, metadata, idempotencyKey) {
      try {
        return await pace.run('write', () => stripe.checkout.sessions.update(sessionId, { metadata }, idempotencyKey ? { idempotencyKey } : {}));
      } catch (error) {
        throw failureOf(error);
      }
    },
    async paymentLink(id) {
      try {
        return await pace.run('read', () => stripe.paymentLinks.retrieve(id));
      } catch (error) {
        throw failureOf(error);
      }
    },
    async updatePaymentLink(id, params, idempotencyKey) {
      try {
        return await pace.run('write', () => stripe.paymentLinks.update(id, params, { idempotencyKey }));
      } catch (error) {
        throw failureOf(error);
      }
    },
    async refund(paymentIntentId, metadata, idempotencyKey) {
      try {
        const made = await pace.run('write', () => stripe.refunds.create({ payment_intent: paymentIntentId, metadata }, { idempotencyKey }));
        return { replayed: replayedAnswer(made.lastResponse.headers) };
      } catch (error) {
        throw failureOf(error);
      }
    },
  };
}
