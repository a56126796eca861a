/**
 * The stand-in's Checkout part (scripts/lib/stripeStandIn.ts routes to it): the purchases a Payment Link makes, as
 * the fulfilment reads and marks them, and the webhook events Stripe sends about them.
 * - GET /v1/checkout/sessions/:id, with `expand[]=payment_intent`: a paid purchase, a voucher not yet paid, one
 *   from another link, one still open; an unknown id gets Stripe's 404.
 * - POST /v1/payment_intents/:id with `metadata[...]`: Stripe's merge of metadata, and its idempotency as
 *   documented (docs.stripe.com/api/idempotent_requests): the first request under a key is carried out and its
 *   answer saved; the same request again gets the saved answer with `Idempotent-Replayed: true`; other parameters
 *   under the key get a 400 `idempotency_error`; a request while the first is still being carried out gets a 409
 *   `idempotency_key_in_use`.
 * - Events signed as Stripe signs them (the SDK's generateTestHeaderString), POSTed to a webhook URL.
 * Fixtures are typed with the SDK's own types. Node runs this file as it is (type stripping): erasable TypeScript only.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Stripe from 'stripe';

/** What kind of purchase a fixture session is. */
export type SessionKind = 'paid' | 'voucher' | 'other_link' | 'open';

export interface Buyer {
  name: string | null;
  email: string;
}

export const DEFAULT_BUYER: Buyer = { name: 'Ana Sofía Ruiz', email: 'ana.ruiz@correo.example.org' };

type StripeErrorBody = { type: string; code?: string; message: string };
type Answer = { status: number; body: unknown; headers?: Record<string, string> };

export interface CheckoutStandIn {
  /** A new session of this kind from `buyer` (a paid one with its PaymentIntent); its id, cs_test_… */
  createSession(kind: SessionKind, buyer?: Buyer): string;
  /** The voucher is paid at the store: the session becomes paid, as Stripe reports it before async_payment_succeeded. */
  payVoucher(sessionId: string): void;
  /** The session as Stripe would return it, its PaymentIntent expanded. */
  session(sessionId: string): Stripe.Checkout.Session | undefined;
  /** The PaymentIntent of a session, with its metadata as written so far. */
  paymentIntentOf(sessionId: string): Stripe.PaymentIntent | undefined;
  /** Each PaymentIntent update is carried out this much later (a slow Stripe), so concurrent requests overlap. */
  setUpdateLatency(ms: number): void;
  /** Carried-out updates of PaymentIntents (replays and refusals aside). */
  updates: { paymentIntent: string; metadata: Record<string, string>; idempotencyKey: string | null }[];
  /** The answer for one of its routes, or null when the request is not one of them. */
  route(req: IncomingMessage): ((res: ServerResponse) => void) | null;
}

const id = (prefix: string): string => `${prefix}${randomBytes(24).toString('base64url').replace(/[-_]/g, 'x')}`;
const nowSeconds = (): number => Math.floor(Date.now() / 1000);

function paymentIntentFixture(piId: string, status: Stripe.PaymentIntent.Status, method: string, metadata: Record<string, string>): Stripe.PaymentIntent {
  return {
    id: piId,
    object: 'payment_intent',
    allowed_payment_method_types: null,
    amount: 4900,
    amount_capturable: 0,
    amount_received: status === 'succeeded' ? 4900 : 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic',
    client_secret: `${piId}_secret_standin`,
    confirmation_method: 'automatic',
    created: nowSeconds(),
    currency: 'usd',
    customer: null,
    customer_account: null,
    description: null,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    managed_payments: null,
    metadata,
    next_action: null,
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

function sessionFixture(
  sessionId: string,
  link: string,
  status: Stripe.Checkout.Session.Status,
  paymentStatus: Stripe.Checkout.Session.PaymentStatus,
  buyer: Buyer | null,
  paymentIntent: Stripe.PaymentIntent | null,
): Stripe.Checkout.Session {
  return {
    id: sessionId,
    object: 'checkout.session',
    adaptive_pricing: null,
    after_expiration: null,
    allow_promotion_codes: false,
    allowed_payment_method_types: null,
    amount_subtotal: 4900,
    amount_total: 4900,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: 'auto',
    cancel_url: null,
    client_reference_id: null,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created: nowSeconds(),
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
    expires_at: nowSeconds() + 86_400,
    integration_identifier: null,
    invoice: null,
    invoice_creation: null,
    livemode: false,
    locale: 'es',
    managed_payments: null,
    metadata: {},
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
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted',
    url: status === 'open' ? `https://checkout.stripe.com/c/pay/${sessionId}` : null,
    wallet_options: null,
  };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}): Answer => ({ status, body, headers });
const error = (status: number, body: StripeErrorBody): Answer => json(status, { error: body });
const send = (res: ServerResponse, answer: Answer): void => {
  res.writeHead(answer.status, { 'Content-Type': 'application/json', 'Request-Id': id('req_'), ...answer.headers });
  res.end(JSON.stringify(answer.body));
};

const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

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

export function checkoutStandIn(linkId: string): CheckoutStandIn {
  const sessions = new Map<string, { kind: SessionKind; buyer: Buyer; paid: boolean; paymentIntent: string | null }>();
  const intents = new Map<string, { metadata: Record<string, string>; method: string }>();
  const keys = new Map<string, { body: string; answer: Answer | null }>();
  const updates: CheckoutStandIn['updates'] = [];
  let latencyMs = 0;

  const intentOf = (piId: string, paid: boolean): Stripe.PaymentIntent | null => {
    const intent = intents.get(piId);
    return intent ? paymentIntentFixture(piId, paid ? 'succeeded' : 'requires_action', intent.method, { ...intent.metadata }) : null;
  };

  const sessionOf = (sessionId: string, expand: boolean): Stripe.Checkout.Session | undefined => {
    const entry = sessions.get(sessionId);
    if (!entry) return undefined;
    const link = entry.kind === 'other_link' ? 'plink_1SomeOtherProduct' : linkId;
    const complete = entry.kind !== 'open';
    const intent = entry.paymentIntent ? intentOf(entry.paymentIntent, entry.paid) : null;
    const session = sessionFixture(sessionId, link, complete ? 'complete' : 'open', entry.paid ? 'paid' : 'unpaid', complete ? entry.buyer : null, intent);
    return expand || !intent ? session : { ...session, payment_intent: intent.id };
  };

  /** Carries out an update, now or after the latency, and gives its answer. */
  const update = async (piId: string, metadata: Record<string, string>, idempotencyKey: string | null): Promise<Answer> => {
    if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
    const intent = intents.get(piId);
    if (!intent) return error(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${piId}'` });
    for (const [key, value] of Object.entries(metadata)) {
      if (value === '') delete intent.metadata[key];
      else intent.metadata[key] = value;
    }
    updates.push({ paymentIntent: piId, metadata, idempotencyKey });
    const paid = [...sessions.values()].find((entry) => entry.paymentIntent === piId)?.paid ?? false;
    return json(200, intentOf(piId, paid));
  };

  const postUpdate = async (req: IncomingMessage, piId: string): Promise<Answer> => {
    const body = await readBody(req);
    const metadata = metadataOf(body);
    if (!metadata) return error(400, { type: 'invalid_request_error', code: 'parameter_unknown', message: 'Received unknown parameter.' });
    const key = req.headers['idempotency-key'];
    if (typeof key !== 'string') return update(piId, metadata, null);
    const saved = keys.get(key);
    if (saved?.answer === null) {
      return error(409, {
        type: 'idempotency_error',
        code: 'idempotency_key_in_use',
        message:
          'There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through). Please try again later.',
      });
    }
    if (saved && saved.body !== `${req.url} ${body}`) {
      return error(400, {
        type: 'idempotency_error',
        message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
      });
    }
    if (saved?.answer) return { ...saved.answer, headers: { ...saved.answer.headers, 'Idempotent-Replayed': 'true' } };
    const entry = { body: `${req.url} ${body}`, answer: null as Answer | null };
    keys.set(key, entry);
    entry.answer = await update(piId, metadata, key);
    return { ...entry.answer, headers: { ...entry.answer.headers, 'Idempotency-Key': key } };
  };

  return {
    createSession(kind, buyer = DEFAULT_BUYER) {
      const sessionId = id('cs_test_');
      let paymentIntent: string | null = null;
      if (kind !== 'open') {
        paymentIntent = id('pi_');
        intents.set(paymentIntent, { metadata: {}, method: kind === 'voucher' ? 'oxxo' : 'card' });
      }
      sessions.set(sessionId, { kind, buyer, paid: kind === 'paid' || kind === 'other_link', paymentIntent });
      return sessionId;
    },
    payVoucher(sessionId) {
      const entry = sessions.get(sessionId);
      if (entry) entry.paid = true;
    },
    session: (sessionId) => sessionOf(sessionId, true),
    paymentIntentOf(sessionId) {
      const entry = sessions.get(sessionId);
      return entry?.paymentIntent ? (intentOf(entry.paymentIntent, entry.paid) ?? undefined) : undefined;
    },
    setUpdateLatency(ms) {
      latencyMs = ms;
    },
    updates,
    route(req) {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && sessionMatch) {
        const sessionId = decodeURIComponent(sessionMatch[1] ?? '');
        const expand = [...url.searchParams].some(([key, value]) => key.startsWith('expand') && value === 'payment_intent');
        return (res) => {
          const session = sessionOf(sessionId, expand);
          send(
            res,
            session
              ? json(200, session)
              : error(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such checkout.session: '${sessionId}'` }),
          );
        };
      }
      const intentMatch = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'POST' && intentMatch) {
        const piId = decodeURIComponent(intentMatch[1] ?? '');
        return (res) => void postUpdate(req, piId).then((answer) => send(res, answer));
      }
      return null;
    },
  };
}

/** A webhook event about a session, as Stripe would send it now. */
export function sessionEvent(
  type: 'checkout.session.completed' | 'checkout.session.async_payment_succeeded' | 'checkout.session.expired',
  session: Stripe.Checkout.Session,
): Stripe.CheckoutSessionCompletedEvent | Stripe.CheckoutSessionAsyncPaymentSucceededEvent | Stripe.CheckoutSessionExpiredEvent {
  const event = {
    id: id('evt_'),
    object: 'event' as const,
    api_version: '2026-09-30.clover',
    created: nowSeconds(),
    data: { object: session },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  };
  if (type === 'checkout.session.completed') return { ...event, type };
  if (type === 'checkout.session.async_payment_succeeded') return { ...event, type };
  return { ...event, type };
}

/** The body and Stripe-Signature header of an event, signed with `secret` at `timestampSeconds` (now by default). */
export function signedEvent(event: Stripe.Event, secret: string, timestampSeconds = nowSeconds()): { payload: string; signature: string } {
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
