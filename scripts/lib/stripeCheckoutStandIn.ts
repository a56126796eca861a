/**
 * The stand-in's Checkout part (scripts/lib/stripeStandIn.ts routes to it): the purchases a Payment Link makes, as
 * the fulfilment reads and marks them, and the webhook events Stripe sends about them.
 * - GET /v1/checkout/sessions/:id, with `expand[]=payment_intent` or `expand[]=payment_intent.latest_charge`: a paid
 *   purchase, one with nothing to pay (a 100 % promotion code: no PaymentIntent), a voucher not yet paid (its
 *   PaymentIntent's `next_action` says until when it can be paid) or expired, one from another link, one still open,
 *   each with the `client_reference_id` its checkout link carried; an unknown id gets Stripe's 404.
 * - GET /v1/checkout/sessions?payment_link=…&status=complete (or payment_intent=…), newest first, `limit` and
 *   `starting_after` as Stripe pages them, each session expanded as `expand[]=data.…` asks.
 * - POST /v1/checkout/sessions/:id with `metadata[...]`: Stripe's merge of metadata within its limits
 *   (scripts/lib/stripeMetadataLimits.ts), and its idempotency as documented (scripts/lib/stripeIdempotency.ts), under
 *   the account's keys, which the Payment Link's updates share.
 * - Refunds and disputes on a purchase's charge, by the test's hand or by `POST /v1/refunds`
 *   (scripts/lib/stripeRefundsStandIn.ts), and events signed as Stripe signs them (the SDK's generateTestHeaderString),
 *   POSTed to a webhook URL.
 * Fixtures are typed with the SDK's own types. Node runs this file as it is (type stripping): erasable TypeScript only.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import Stripe from 'stripe';
import {
  type Answer,
  answerPost,
  type IdempotentPosts,
  idempotentPosts,
  json,
  missing,
  nextFault,
  readBody,
  send,
  standInId as id,
  unknownParameter,
  type UpdateFault,
} from './stripeIdempotency.ts';
import { metadataRefusal } from './stripeMetadataLimits.ts';
import { type RefundsStandIn, refundsStandIn } from './stripeRefundsStandIn.ts';

/** What kind of purchase a fixture session is; `free` is one a 100 % promotion code paid for. */
type SessionKind = 'paid' | 'free' | 'voucher' | 'other_link' | 'open';

interface Buyer {
  name: string | null;
  email: string;
}

const DEFAULT_BUYER: Buyer = { name: 'Ana Sofía Ruiz', email: 'ana.ruiz@correo.example.org' };

/**
 * A new session's buyer, when it completed (and, paid, was paid): now unless given, its link: the first unless given,
 * and metadata already written on it.
 */
interface SessionOptions {
  buyer?: Buyer;
  atMs?: number;
  link?: string;
  metadata?: Record<string, string>;
  /** The `client_reference_id` the checkout link carried (client/attribution.ts); none by default. */
  reference?: string;
}

/** How long an OXXO voucher can be paid after it is issued: Stripe's default `expires_after_days`. */
const VOUCHER_DAYS = 3;

export interface CheckoutStandIn {
  /** A new session of this kind (a paid one with its PaymentIntent and charge); its id, cs_test_… */
  createSession(kind: SessionKind, options?: SessionOptions): string;
  /** The voucher is paid at the store: the session becomes paid, as Stripe reports it before async_payment_succeeded. */
  payVoucher(sessionId: string, atMs?: number): void;
  /**
   * The voucher expired unpaid (or the transfer never came): the session stays complete and unpaid, its PaymentIntent
   * canceled, or back at `requires_payment_method` (Stripe's event is documented, the intent's status after it is not).
   */
  expireVoucher(sessionId: string, intentStatus?: 'canceled' | 'requires_payment_method'): void;
  /** Refunds `amount` (all of it by default) of the purchase's charge; the charge as Stripe then reports it. */
  refund(sessionId: string, amount?: number): Stripe.Charge;
  /** The buyer's bank disputes the charge; the dispute as Stripe reports it. */
  dispute(sessionId: string): Stripe.Dispute;
  /** The session as Stripe would return it, its PaymentIntent and charge expanded. */
  session(sessionId: string): Stripe.Checkout.Session | undefined;
  /** Every session's id, newest first. */
  sessionIds(): string[];
  /** A session's own metadata as written so far. */
  metadataOf(sessionId: string): Record<string, string>;
  /** The PaymentIntent of a session, with its metadata as written so far. */
  paymentIntentOf(sessionId: string): Stripe.PaymentIntent | undefined;
  /** Metadata an earlier release wrote on the PaymentIntent. */
  setPaymentIntentMetadata(sessionId: string, metadata: Record<string, string>): void;
  /** Each session update is carried out this much later (a slow Stripe), so concurrent requests overlap. */
  setUpdateLatency(ms: number): void;
  /** The next update with an Idempotency-Key fails this way. */
  failNextUpdate(fault: UpdateFault): void;
  /** Carried-out updates of sessions (replays and refusals aside). */
  updates: { session: string; metadata: Record<string, string>; idempotencyKey: string | null }[];
  /** Refunds made through the API. */
  refunds: RefundsStandIn;
  /** The answer for one of its routes, or null when the request is not one of them. */
  route(req: IncomingMessage): ((res: ServerResponse) => void) | null;
}

const seconds = (ms: number): number => Math.floor(ms / 1000);
const PRICE = 4900;

interface ChargeEntry {
  id: string;
  paymentIntent: string;
  amount: number;
  createdS: number;
  refunded: number;
  disputed: boolean;
  /** The payment method type it was paid with: `card`, or `oxxo` for a voucher. */
  method: string;
}

function chargeFixture(charge: ChargeEntry): Stripe.Charge {
  return {
    id: charge.id,
    object: 'charge',
    amount: charge.amount,
    amount_captured: charge.amount,
    amount_refunded: charge.refunded,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: null,
    billing_details: { address: null, email: null, name: null, phone: null, tax_id: null },
    calculated_statement_descriptor: 'TALLER MARCA',
    captured: true,
    created: charge.createdS,
    currency: 'usd',
    customer: null,
    description: null,
    disputed: charge.disputed,
    failure_balance_transaction: null,
    failure_code: null,
    failure_message: null,
    fraud_details: null,
    livemode: false,
    metadata: {},
    on_behalf_of: null,
    outcome: null,
    paid: true,
    payment_intent: charge.paymentIntent,
    payment_method: null,
    payment_method_details: { type: charge.method },
    receipt_email: null,
    receipt_number: null,
    receipt_url: null,
    refunded: charge.refunded >= charge.amount,
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'succeeded',
    transfer_data: null,
    transfer_group: null,
  };
}

function disputeFixture(charge: ChargeEntry): Stripe.Dispute {
  return {
    id: id('dp_'),
    object: 'dispute',
    amount: PRICE,
    balance_transactions: [],
    charge: charge.id,
    created: seconds(Date.now()),
    currency: 'usd',
    enhanced_eligibility_types: [],
    evidence: {} as Stripe.Dispute.Evidence,
    evidence_details: {} as Stripe.Dispute.EvidenceDetails,
    intended_submission_method: null,
    is_charge_refundable: false,
    livemode: false,
    metadata: {},
    payment_intent: charge.paymentIntent,
    reason: 'fraudulent',
    status: 'needs_response',
  };
}

/** A voucher still to be paid at the store: its number, its page, and until when it can be paid (Stripe's next_action). */
const voucherAction = (expiresAfterS: number): Stripe.PaymentIntent.NextAction => ({
  type: 'oxxo_display_details',
  oxxo_display_details: {
    expires_after: expiresAfterS,
    hosted_voucher_url: 'https://payments.stripe.com/oxxo/voucher/test_standin',
    number: '12345678901234657890123456789012',
  },
});

function paymentIntentFixture(
  piId: string,
  status: Stripe.PaymentIntent.Status,
  method: string,
  metadata: Record<string, string>,
  latestCharge: string | Stripe.Charge | null,
  nextAction: Stripe.PaymentIntent.NextAction | null = null,
): Stripe.PaymentIntent {
  return {
    id: piId,
    object: 'payment_intent',
    allowed_payment_method_types: null,
    amount: PRICE,
    amount_capturable: 0,
    amount_received: status === 'succeeded' ? PRICE : 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic',
    client_secret: `${piId}_secret_standin`,
    confirmation_method: 'automatic',
    created: seconds(Date.now()),
    currency: 'usd',
    customer: null,
    customer_account: null,
    description: null,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: latestCharge,
    livemode: false,
    managed_payments: null,
    metadata,
    next_action: nextAction,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: null,
    payment_method_types: [method],
    payment_record: null,
    processing: null,
    receipt_email: null,
    review: null,
    setup_future_usage: null,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status,
    transfer_group: null,
  };
}

interface SessionFixture {
  sessionId: string;
  link: string;
  createdS: number;
  status: Stripe.Checkout.Session.Status;
  paymentStatus: Stripe.Checkout.Session.PaymentStatus;
  amount: number;
  buyer: Buyer | null;
  metadata: Record<string, string>;
  paymentIntent: string | Stripe.PaymentIntent | null;
  reference: string | null;
}

function sessionFixture({
  sessionId,
  link,
  createdS,
  status,
  paymentStatus,
  amount,
  buyer,
  metadata,
  paymentIntent,
  reference,
}: SessionFixture): Stripe.Checkout.Session {
  return {
    id: sessionId,
    object: 'checkout.session',
    adaptive_pricing: null,
    after_expiration: null,
    allow_promotion_codes: true,
    allowed_payment_method_types: null,
    amount_subtotal: PRICE,
    amount_total: amount,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: 'auto',
    cancel_url: null,
    client_reference_id: reference,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created: createdS,
    currency: 'usd',
    currency_conversion: null,
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer: null,
    customer_account: null,
    customer_creation: 'if_required',
    customer_details: buyer
      ? { address: null, business_name: null, email: buyer.email, individual_name: null, name: buyer.name, phone: null, tax_exempt: 'none', tax_ids: [] }
      : null,
    customer_email: null,
    discounts: [],
    expires_at: createdS + 86_400,
    integration_identifier: null,
    invoice: null,
    invoice_creation: null,
    livemode: false,
    locale: 'es',
    managed_payments: null,
    metadata,
    mode: 'payment',
    origin_context: null,
    payment_intent: paymentIntent,
    payment_link: link,
    payment_method_collection: 'if_required',
    payment_method_configuration_details: null,
    payment_method_options: null,
    payment_method_types: ['card', 'oxxo'],
    payment_status: paymentStatus,
    permissions: null,
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status,
    submit_type: 'pay',
    subscription: null,
    success_url: `https://taller.example.org/gracias?session_id={CHECKOUT_SESSION_ID}`,
    total_details: { amount_discount: PRICE - amount, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted',
    url: status === 'open' ? `https://checkout.stripe.com/c/pay/${sessionId}` : null,
    wallet_options: null,
  };
}

/** Stripe's form encoding of metadata: metadata[key]=value; an empty value deletes the key, as Stripe's does. */
function metadataOf(body: string): Record<string, string> | null {
  const params = new URLSearchParams(body);
  const metadata: Record<string, string> = {};
  for (const [key, value] of params) {
    const match = /^metadata\[([^\]]+)\]$/.exec(key);
    if (!match) return null;
    metadata[match[1] ?? ''] = value;
  }
  return metadata;
}

/** How deep `expand[]` asks for a session's PaymentIntent: not at all, the PaymentIntent, or its charge too. */
type Depth = 0 | 1 | 2;
function depthOf(params: URLSearchParams, prefix: string): Depth {
  const asked = [...params].filter(([key]) => key.startsWith('expand')).map(([, value]) => value);
  if (asked.includes(`${prefix}payment_intent.latest_charge`)) return 2;
  return asked.includes(`${prefix}payment_intent`) ? 1 : 0;
}

interface Entry {
  kind: SessionKind;
  link: string;
  buyer: Buyer;
  createdS: number;
  paid: boolean;
  /** What its PaymentIntent became when the voucher expired; null while it has not. */
  expired: Stripe.PaymentIntent.Status | null;
  paymentIntent: string | null;
  charge: ChargeEntry | null;
  metadata: Record<string, string>;
  reference: string | null;
}

/** `posts`: the account's idempotency keys, which the Payment Link's updates share. */
export function checkoutStandIn(linkId: string, posts: IdempotentPosts = idempotentPosts()): CheckoutStandIn {
  const sessions = new Map<string, Entry>();
  const intents = new Map<string, { metadata: Record<string, string>; method: string }>();
  const updates: CheckoutStandIn['updates'] = [];
  let latencyMs = 0;
  const fault = nextFault();

  const entryOf = (sessionId: string): Entry => {
    const entry = sessions.get(sessionId);
    if (!entry) throw new Error('no such session in the stand-in');
    return entry;
  };
  const chargeOf = (sessionId: string): ChargeEntry => {
    const charge = entryOf(sessionId).charge;
    if (!charge) throw new Error('that session has no charge');
    return charge;
  };

  const linkOf = (entry: Entry): string => (entry.kind === 'other_link' ? 'plink_1SomeOtherProduct' : entry.link);
  const statusOf = (entry: Entry): Stripe.Checkout.Session.Status => (entry.kind === 'open' ? 'open' : 'complete');

  const sessionOf = (sessionId: string, depth: Depth): Stripe.Checkout.Session | undefined => {
    const entry = sessions.get(sessionId);
    if (!entry) return undefined;
    const complete = statusOf(entry) === 'complete';
    const intent = entry.paymentIntent ? intents.get(entry.paymentIntent) : undefined;
    const status: Stripe.PaymentIntent.Status = entry.paid ? 'succeeded' : (entry.expired ?? 'requires_action');
    const charge = entry.charge ? (depth === 2 ? chargeFixture(entry.charge) : entry.charge.id) : null;
    const paymentIntent =
      entry.paymentIntent && intent
        ? depth === 0
          ? entry.paymentIntent
          : paymentIntentFixture(
              entry.paymentIntent,
              status,
              intent.method,
              { ...intent.metadata },
              charge,
              status === 'requires_action' && entry.kind === 'voucher' ? voucherAction(entry.createdS + VOUCHER_DAYS * 86_400) : null,
            )
        : null;
    return sessionFixture({
      sessionId,
      link: linkOf(entry),
      createdS: entry.createdS,
      status: statusOf(entry),
      paymentStatus: entry.kind === 'free' ? 'no_payment_required' : entry.paid ? 'paid' : 'unpaid',
      amount: entry.kind === 'free' ? 0 : PRICE,
      buyer: complete ? entry.buyer : null,
      metadata: { ...entry.metadata },
      paymentIntent,
      reference: entry.reference,
    });
  };

  /** Stripe's list: newest first, each page after `starting_after`, `limit` at most 100. */
  const list = (params: URLSearchParams): Answer => {
    const link = params.get('payment_link');
    const status = params.get('status');
    const intent = params.get('payment_intent');
    const limit = Math.min(100, Math.max(1, Number(params.get('limit') ?? 10) || 10));
    const depth = depthOf(params, 'data.');
    // Filtered and ordered by what the entries hold; only the page's sessions are made whole.
    const matching = [...sessions.entries()]
      .map(([sessionId, entry], order) => ({ sessionId, entry, order }))
      .filter(({ entry }) => (!link || linkOf(entry) === link) && (!status || statusOf(entry) === status))
      .filter(({ entry }) => !intent || entry.paymentIntent === intent)
      .sort((a, b) => b.entry.createdS - a.entry.createdS || b.order - a.order);
    const after = params.get('starting_after');
    const from = after ? matching.findIndex(({ sessionId }) => sessionId === after) + 1 : 0;
    const page = matching.slice(from, from + limit);
    return json(200, {
      object: 'list',
      url: '/v1/checkout/sessions',
      has_more: from + limit < matching.length,
      data: page.map(({ sessionId }) => sessionOf(sessionId, depth)),
    });
  };

  /** Carries out an update, now or after the latency, and gives its answer. */
  const update = async (sessionId: string, metadata: Record<string, string>, idempotencyKey: string | null): Promise<Answer> => {
    if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
    const entry = sessions.get(sessionId);
    if (!entry) return missing('checkout.session', sessionId);
    for (const [key, value] of Object.entries(metadata)) {
      if (value === '') delete entry.metadata[key];
      else entry.metadata[key] = value;
    }
    updates.push({ session: sessionId, metadata, idempotencyKey });
    return json(200, sessionOf(sessionId, 0));
  };

  /** An update's answer, or 'drop' when the connection is to close without one. */
  const postUpdate = async (req: IncomingMessage, sessionId: string): Promise<Answer | 'drop'> => {
    const body = await readBody(req);
    const metadata = metadataOf(body);
    if (!metadata) return unknownParameter();
    const current = () => sessions.get(sessionId)?.metadata ?? {};
    return posts.post(
      req,
      body,
      (key) => update(sessionId, metadata, key),
      fault,
      () => metadataRefusal(current(), metadata),
    );
  };

  const newCharge = (paymentIntent: string, atMs: number): ChargeEntry => ({
    id: id('ch_'),
    paymentIntent,
    amount: PRICE,
    createdS: seconds(atMs),
    refunded: 0,
    disputed: false,
    method: intents.get(paymentIntent)?.method ?? 'card',
  });
  const refunds = refundsStandIn(posts, ({ paymentIntent, charge }) => {
    const entry = [...sessions.values()].find((candidate) => candidate.paymentIntent === paymentIntent || candidate.charge?.id === charge);
    return entry && (entry.paymentIntent ? entry.charge : undefined);
  });

  return {
    createSession(kind, { buyer = DEFAULT_BUYER, atMs = Date.now(), link = linkId, metadata = {}, reference } = {}) {
      const sessionId = id('cs_test_');
      let paymentIntent: string | null = null;
      if (kind !== 'open' && kind !== 'free') {
        paymentIntent = id('pi_');
        intents.set(paymentIntent, { metadata: {}, method: kind === 'voucher' ? 'oxxo' : 'card' });
      }
      const paid = kind === 'paid' || kind === 'other_link';
      sessions.set(sessionId, {
        kind,
        link,
        buyer,
        createdS: seconds(atMs),
        paid,
        expired: null,
        paymentIntent,
        charge: paid && paymentIntent ? newCharge(paymentIntent, atMs) : null,
        metadata: { ...metadata },
        reference: reference ?? null,
      });
      return sessionId;
    },
    payVoucher(sessionId, atMs = Date.now()) {
      const entry = entryOf(sessionId);
      entry.paid = true;
      if (entry.paymentIntent) entry.charge = newCharge(entry.paymentIntent, atMs);
    },
    expireVoucher(sessionId, intentStatus = 'canceled') {
      entryOf(sessionId).expired = intentStatus;
    },
    refund(sessionId, amount = PRICE) {
      const charge = chargeOf(sessionId);
      charge.refunded = Math.min(PRICE, charge.refunded + amount);
      return chargeFixture(charge);
    },
    dispute(sessionId) {
      const charge = chargeOf(sessionId);
      charge.disputed = true;
      return disputeFixture(charge);
    },
    session: (sessionId) => sessionOf(sessionId, 2),
    sessionIds: () => [...sessions.keys()].reverse(),
    metadataOf: (sessionId) => ({ ...entryOf(sessionId).metadata }),
    paymentIntentOf(sessionId) {
      const session = sessionOf(sessionId, 1);
      return session && typeof session.payment_intent === 'object' && session.payment_intent ? session.payment_intent : undefined;
    },
    setPaymentIntentMetadata(sessionId, metadata) {
      const intent = intents.get(entryOf(sessionId).paymentIntent ?? '');
      if (intent) intent.metadata = { ...metadata };
    },
    setUpdateLatency(ms) {
      latencyMs = ms;
    },
    failNextUpdate(next) {
      fault.set(next);
    },
    updates,
    refunds,
    route(req) {
      const refund = refunds.route(req);
      if (refund) return refund;
      const url = new URL(req.url ?? '/', 'http://stand-in');
      if (req.method === 'GET' && url.pathname === '/v1/checkout/sessions') return (res) => send(res, list(url.searchParams));
      const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
      if (!sessionMatch) return null;
      const sessionId = decodeURIComponent(sessionMatch[1] ?? '');
      if (req.method === 'GET') {
        return (res) => {
          const session = sessionOf(sessionId, depthOf(url.searchParams, ''));
          send(res, session ? json(200, session) : missing('checkout.session', sessionId));
        };
      }
      if (req.method === 'POST') return (res) => void postUpdate(req, sessionId).then((answer) => answerPost(res, answer));
      return null;
    },
  };
}

const eventBase = () => ({
  id: id('evt_'),
  object: 'event' as const,
  api_version: '2026-09-30.clover',
  created: seconds(Date.now()),
  livemode: false,
  pending_webhooks: 1,
  request: { id: null, idempotency_key: null },
});

export type SessionEventType =
  | 'checkout.session.completed'
  | 'checkout.session.async_payment_succeeded'
  | 'checkout.session.async_payment_failed'
  | 'checkout.session.expired';

/** A webhook event about a session, as Stripe would send it now. */
export function sessionEvent(type: SessionEventType, session: Stripe.Checkout.Session): Stripe.Event {
  const event = { ...eventBase(), data: { object: session } };
  if (type === 'checkout.session.completed') return { ...event, type } satisfies Stripe.CheckoutSessionCompletedEvent;
  if (type === 'checkout.session.async_payment_succeeded') return { ...event, type } satisfies Stripe.CheckoutSessionAsyncPaymentSucceededEvent;
  if (type === 'checkout.session.async_payment_failed') return { ...event, type } satisfies Stripe.CheckoutSessionAsyncPaymentFailedEvent;
  return { ...event, type } satisfies Stripe.CheckoutSessionExpiredEvent;
}

/** `charge.refunded` about a charge as the stand-in reports it after a refund. */
export const refundEvent = (charge: Stripe.Charge): Stripe.ChargeRefundedEvent => ({ ...eventBase(), type: 'charge.refunded', data: { object: charge } });

/** `charge.dispute.created` about a dispute the stand-in opened. */
export const disputeEvent = (dispute: Stripe.Dispute): Stripe.ChargeDisputeCreatedEvent => ({
  ...eventBase(),
  type: 'charge.dispute.created',
  data: { object: dispute },
});

/** The body and Stripe-Signature header of an event, signed with `secret` at `timestampSeconds` (now by default). */
export function signedEvent(event: Stripe.Event, secret: string, timestampSeconds = seconds(Date.now())): { payload: string; signature: string } {
  const payload = JSON.stringify(event, null, 2);
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: timestampSeconds }) };
}

/** POSTs a signed event to a webhook URL as Stripe does, and gives the status it was answered with. */
export async function deliver(url: string, signed: { payload: string; signature: string }): Promise<number> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Stripe-Signature': signed.signature,
      'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
    },
    body: signed.payload,
  });
  await response.arrayBuffer();
  return response.status;
}
