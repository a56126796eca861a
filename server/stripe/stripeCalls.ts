import type Stripe from 'stripe';
import type { CallKind, Pace } from './pace';
import { checkMetadata } from './stripeMetadata';

/** Stripe's largest page: a sale of a thousand purchases is ten reads. */
const PAGE_SIZE = 100;
/** Each session comes with its PaymentIntent and that intent's latest charge. */
const EXPAND = ['payment_intent.latest_charge'];
const EXPAND_LISTED = ['data.payment_intent.latest_charge'];

/**
 * Every call the site makes to Stripe's API, and which kind each is for its lane (server/stripe/pace.ts): `read` (one
 * object), `list` (a page of them), `write`, `refund`. Who makes it is in brackets. A failure is the SDK's own error: each caller
 * reads it its own way (failure.ts, checkoutApi.ts).
 */
export interface StripeCalls {
  /** read: one Checkout Session, its PaymentIntent and charge expanded (the fulfilment). */
  session(id: string): Promise<Stripe.Checkout.Session>;
  /** list: a page of the link's complete sessions, newest first, after the one named (the fulfilment's sweep). */
  completeSessions(paymentLink: string, after?: string): Promise<Stripe.ApiList<Stripe.Checkout.Session>>;
  /** list: the session that made a PaymentIntent, in a page of one (the fulfilment, for a refund or a dispute). */
  sessionsOfPaymentIntent(paymentIntentId: string): Promise<Stripe.ApiList<Stripe.Checkout.Session>>;
  /**
   * write: metadata merged into the session's, once under the key if there is one (the fulfilment's marks); past Stripe's
   * limits against `current`, the session's metadata as last read, a MetadataLimitError and no call (stripeMetadata.ts).
   */
  updateSession(id: string, metadata: Record<string, string>, idempotencyKey?: string, current?: Record<string, string>): Promise<Stripe.Checkout.Session>;
  /** read: a Payment Link, with what `expand` asks (the spots poller, the link keeper, the fulfilment, the preflight). */
  paymentLink(id: string, expand?: string[]): Promise<Stripe.PaymentLink>;
  /**
   * write: a Payment Link updated, once under the key (the link keeper; the fulfilment, a voucher's place; the sale's
   * record); its metadata held as a session's.
   */
  updatePaymentLink(
    id: string,
    params: Stripe.PaymentLinkUpdateParams,
    idempotencyKey: string,
    current?: Record<string, string>,
  ): Promise<Stripe.Response<Stripe.PaymentLink>>;
  /** write: a new Payment Link, once under the key, its metadata held to Stripe's limits (the owner's next edition, server/changes/). */
  createPaymentLink(params: Stripe.PaymentLinkCreateParams, idempotencyKey: string): Promise<Stripe.PaymentLink>;
  /** refund: what is left of a PaymentIntent's charge refunded, once under the key (the fulfilment). */
  refund(paymentIntentId: string, metadata: Record<string, string>, idempotencyKey: string): Promise<Stripe.Response<Stripe.Refund>>;
  /** list: the account's webhook endpoints, page after page up to `max` (the preflight). */
  webhookEndpoints(max: number): Promise<Stripe.WebhookEndpoint[]>;
  /** list: at most one session of the link, one PaymentIntent, one charge: whether the key may read them (the preflight). */
  probeSessions(paymentLink: string): Promise<Stripe.ApiList<Stripe.Checkout.Session>>;
  probePaymentIntents(): Promise<Stripe.ApiList<Stripe.PaymentIntent>>;
  probeCharges(): Promise<Stripe.ApiList<Stripe.Charge>>;
}

/** Metadata as Stripe stores it: every value a string, a null one deleted as "" deletes it. */
const metadataOf = (metadata: Stripe.MetadataParam | undefined): Record<string, string> | undefined =>
  metadata && Object.fromEntries(Object.entries(metadata).map(([key, value]) => [key, value === null ? '' : String(value)]));

/**
 * Whether Stripe answered with the saved answer of an earlier request under the key (`Idempotent-Replayed: true`): the
 * SDK's fetch client hands over fetch's own Headers, its Node client a plain object, whatever its type says.
 */
export function replayedAnswer(headers: Stripe.Response<unknown>['lastResponse']['headers'] | Headers): boolean {
  const value = headers instanceof Headers ? headers.get('idempotent-replayed') : headers['idempotent-replayed'];
  return value === 'true';
}

/**
 * The calls through `stripe`, each in its lane of `pace`, each ended within `deadlineMs` (the SDK's `timeout`, which it
 * takes in whole milliseconds only: another number would leave the call the client's own deadline).
 */
export function stripeCalls(stripe: Stripe, pace: Pace, deadlineMs: number): StripeCalls {
  const timeout = Math.ceil(deadlineMs);
  const run = <T>(kind: CallKind, call: (options: Stripe.RequestOptions) => Promise<T>, idempotencyKey?: string): Promise<T> =>
    pace.run(kind, () => call({ timeout, ...(idempotencyKey && { idempotencyKey }) }));
  /** A write whose metadata Stripe would refuse is refused here, before its lane's turn. */
  const write = <T>(metadata: Record<string, string> | undefined, current: Record<string, string> | undefined, call: () => Promise<T>): Promise<T> => {
    try {
      if (metadata) checkMetadata(metadata, current);
    } catch (error) {
      return Promise.reject(error);
    }
    return call();
  };
  return {
    session: (id) => run('read', (options) => stripe.checkout.sessions.retrieve(id, { expand: EXPAND }, options)),
    completeSessions: (paymentLink, after) =>
      run('list', (options) =>
        stripe.checkout.sessions.list(
          { payment_link: paymentLink, status: 'complete', limit: PAGE_SIZE, expand: EXPAND_LISTED, ...(after && { starting_after: after }) },
          options,
        ),
      ),
    sessionsOfPaymentIntent: (paymentIntentId) =>
      run('list', (options) => stripe.checkout.sessions.list({ payment_intent: paymentIntentId, limit: 1, expand: EXPAND_LISTED }, options)),
    updateSession: (id, metadata, idempotencyKey, current) =>
      write(metadata, current, () => run('write', (options) => stripe.checkout.sessions.update(id, { metadata }, options), idempotencyKey)),
    paymentLink: (id, expand) => run('read', (options) => stripe.paymentLinks.retrieve(id, expand ? { expand } : {}, options)),
    updatePaymentLink: (id, params, idempotencyKey, current) =>
      write(metadataOf(params.metadata), current, () => run('write', (options) => stripe.paymentLinks.update(id, params, options), idempotencyKey)),
    createPaymentLink: (params, idempotencyKey) =>
      write(metadataOf(params.metadata), {}, () => run('write', (options) => stripe.paymentLinks.create(params, options), idempotencyKey)),
    refund: (paymentIntentId, metadata, idempotencyKey) =>
      write(metadata, {}, () => run('refund', (options) => stripe.refunds.create({ payment_intent: paymentIntentId, metadata }, options), idempotencyKey)),
    webhookEndpoints: (max) => run('list', (options) => stripe.webhookEndpoints.list({ limit: 100 }, options).autoPagingToArray({ limit: max })),
    probeSessions: (paymentLink) => run('list', (options) => stripe.checkout.sessions.list({ payment_link: paymentLink, limit: 1 }, options)),
    probePaymentIntents: () => run('list', (options) => stripe.paymentIntents.list({ limit: 1 }, options)),
    probeCharges: () => run('list', (options) => stripe.charges.list({ limit: 1 }, options)),
  };
}
