/**
 * A stand-in for the parts of Stripe's REST API the site calls, with a bearer key: GET /v1/payment_links/:id here
 * (its line items and their prices' currency options only when expanded, as Stripe leaves them out otherwise), and
 * POST /v1/payment_links/:id with `restrictions[completed_sessions][limit]`, `active` and `metadata[...]` (Stripe's
 * merge of metadata, and its idempotency: scripts/lib/stripeIdempotency.ts); the Checkout Sessions (with their
 * PaymentIntents and charges) and webhook events of a purchase in stripeCheckoutStandIn.ts; the account's webhook
 * endpoints, its lists of PaymentIntents and charges, and a restricted key's refusals in stripeAccountStandIn.ts.
 * Its count climbs as the test (or the rehearsal, or `npm run dev:stripe`) sells spots, and it can answer each
 * failure Stripe can: 401, 403, 404, 429 and 500 with Stripe's JSON error bodies, a call that hangs, an answer
 * that trickles in a byte at a time, and a connection reset. Stripe's own stripe-mock is stateless, so it cannot play a count that changes.
 * Its price can change too (a fixed amount in pesos given, changed or taken away), and so can the terms checkbox.
 * The fixture is typed with the SDK's own Stripe.PaymentLink and Stripe.Price: a shape that drifts from Stripe's fails tsc.
 * Node runs this file as it is (type stripping), so it uses erasable TypeScript only.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { type AccountStandIn, accountStandIn } from './stripeAccountStandIn.ts';
import { type CheckoutStandIn, checkoutStandIn } from './stripeCheckoutStandIn.ts';
import { type Answer, answerPost, idempotentPosts, json, nextFault, readBody, unknownParameter, type UpdateFault } from './stripeIdempotency.ts';

export type StandInFault = 'unauthorized' | 'forbidden' | 'not_found' | 'rate_limited' | 'server_error' | 'hang' | 'trickle' | 'reset';

/** A trickled answer's pace: far inside any timeout that restarts on each byte, and a whole answer takes minutes. */
export const TRICKLE_BYTE_MS = 100;

/** The link's one price: its own currency and amount, and any other currency's fixed amount (minor units). */
export interface StandInPrice {
  currency: string;
  unitAmount: number;
  /** As the price's `currency_options`: `{ mxn: 89000 }` is a fixed 890 pesos. */
  options?: Record<string, number>;
  taxBehavior?: Stripe.Price.TaxBehavior;
}

/** The Early Bird's price as the content states it, with no amount in pesos. */
export const DOLLAR_PRICE: StandInPrice = { currency: 'usd', unitAmount: 4900 };

/** What the link's settings say beside its price: the terms checkbox, and Stripe Tax. */
export interface StandInSetup {
  termsOfService: Stripe.PaymentLink.ConsentCollection.TermsOfService | null;
  automaticTax: boolean;
}

export interface StandInOptions {
  /** The key the stand-in accepts as `Authorization: Bearer <key>`. */
  key: string;
  linkId: string;
  /** The link's limit on completed purchases; null: a link without one. */
  limit?: number | null;
  count?: number;
  port?: number;
  price?: StandInPrice;
}

/** What one carried-out update of the Payment Link asked for (replays and refusals aside). */
export interface LinkUpdate {
  /** The new limit; null: the limit taken away; absent: unchanged. */
  limit?: number | null;
  active?: boolean;
  metadata: Record<string, string>;
  idempotencyKey: string | null;
}

export interface StripeStandIn {
  /** Origin, as STRIPE_API_URL takes it: http://127.0.0.1:<port> */
  url: string;
  /** The Payment Link as the site reads it now, its price and currency options expanded. */
  link(): Stripe.PaymentLink;
  /** Completes `n` purchases; at the limit the link deactivates itself, as Stripe's does. */
  sell(n?: number): void;
  /** The owner changes the limit: a link below its new limit sells again. */
  setLimit(limit: number): void;
  /** The owner deactivates (or reactivates) the link by hand. */
  setActive(active: boolean): void;
  /** The owner changes the link's price, or gives it (or takes away) an amount in pesos. */
  setPrice(price: StandInPrice): void;
  /** The owner changes the link's terms checkbox or Stripe Tax. */
  setSetup(setup: Partial<StandInSetup>): void;
  /** The owner edits the link's metadata in the Dashboard (an empty value deletes a key). */
  setMetadata(metadata: Record<string, string>): void;
  /** Updates of the link carried out through the API, in order. */
  linkUpdates: LinkUpdate[];
  /** Each update of the link is carried out this much later (a slow Stripe), so concurrent requests overlap. */
  setLinkUpdateLatency(ms: number): void;
  /** The next update of the link with an Idempotency-Key fails this way. */
  failNextLinkUpdate(fault: UpdateFault): void;
  /** Every update of the link is refused as a restricted key without *Payment Links: Write* is (403), until false. */
  refuseLinkUpdates(refuse: boolean): void;
  /**
   * From now on, each read of the link is answered with the link as it is when the read arrives, but only when the
   * test says: `answer(n)` sends the n-th read's answer (counting from 0, in the order they came), `release()` the rest
   * and ends the hold. So several readers see the same link, and each writes when the test chooses.
   */
  holdLinkReads(): { held(): number; answer(n: number): void; release(): void };
  /** Every later call fails this way, until null. */
  setFault(fault: StandInFault | null): void;
  /** Calls so far, to any route, with the instant each arrived, and when its connection closed before the answer was whole. */
  calls: { atMs: number; method: string; path: string; authorized: boolean; abandonedAtMs?: number }[];
  /** The purchases made at the link, and their PaymentIntents. */
  checkout: CheckoutStandIn;
  /** The account's webhook endpoints, its lists of PaymentIntents and charges, and the key's permissions. */
  account: AccountStandIn;
  /** The owner edits the link's redirect after payment, or its URL is another (what the fixture has otherwise). */
  setLinkFields(fields: Partial<Pick<Stripe.PaymentLink, 'after_completion' | 'url'>>): void;
  close(): Promise<void>;
}

/** Which includable fields a request asked for: `expand[0]=line_items&expand[1]=…`, as the SDK encodes them. */
export function expansionsOf(url: URL): string[] {
  return [...url.searchParams].filter(([key]) => /^expand\[\d*\]$/.test(key)).map(([, value]) => value);
}

/** A Price as Stripe returns it; its currency options only when they were expanded. */
export function priceFixture(id: string, { currency, unitAmount, options = {}, taxBehavior = 'inclusive' }: StandInPrice, withOptions: boolean): Stripe.Price {
  const option = (amount: number): Stripe.Price.CurrencyOptions => ({
    custom_unit_amount: null,
    tax_behavior: taxBehavior,
    unit_amount: amount,
    unit_amount_decimal: Stripe.Decimal.from(amount),
  });
  return {
    id,
    object: 'price',
    active: true,
    billing_scheme: 'per_unit',
    created: 1_750_000_000,
    currency,
    ...(withOptions && {
      currency_options: Object.fromEntries([[currency, option(unitAmount)], ...Object.entries(options).map(([code, amount]) => [code, option(amount)])]),
    }),
    custom_unit_amount: null,
    livemode: false,
    lookup_key: null,
    metadata: {},
    nickname: 'Early Bird',
    product: 'prod_StandInTaller',
    recurring: null,
    tax_behavior: taxBehavior,
    tiers_mode: null,
    transform_quantity: null,
    type: 'one_time',
    unit_amount: unitAmount,
    unit_amount_decimal: Stripe.Decimal.from(unitAmount),
  };
}

/** What the fixture varies: the count, the limit and the state, the price, the setup, and what the request expanded. */
export interface LinkState {
  count: number;
  limit: number | null;
  active: boolean;
  metadata?: Record<string, string>;
  price?: StandInPrice;
  setup?: StandInSetup;
  expand?: string[];
}

const WELL_SET_UP: StandInSetup = { termsOfService: 'required', automaticTax: false };

/** A Payment Link as Stripe returns it, with its line items only when they were expanded. */
export function paymentLinkFixture(
  id: string,
  { count, limit, active, metadata = {}, price = DOLLAR_PRICE, setup = WELL_SET_UP, expand = [] }: LinkState,
): Stripe.PaymentLink {
  const lineItem: Stripe.LineItem = {
    id: 'li_StandInTaller',
    object: 'item',
    adjustable_quantity: null,
    amount_discount: 0,
    amount_subtotal: price.unitAmount,
    amount_tax: 0,
    amount_total: price.unitAmount,
    currency: price.currency,
    description: 'Taller en vivo: Marca de Autoridad con IA',
    metadata: null,
    price: priceFixture('price_StandInEarlyBird', price, expand.includes('line_items.data.price.currency_options')),
    quantity: 1,
  };
  return {
    id,
    object: 'payment_link',
    active,
    after_completion: { type: 'redirect', redirect: { url: 'https://taller.example.org/gracias' } },
    allow_promotion_codes: false,
    application: null,
    application_fee_amount: null,
    application_fee_percent: null,
    automatic_tax: { enabled: setup.automaticTax, liability: null },
    billing_address_collection: 'auto',
    consent_collection: { payment_method_reuse_agreement: null, promotions: null, terms_of_service: setup.termsOfService },
    currency: price.currency,
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer_creation: 'if_required',
    inactive_message: 'Los lugares con precio Early Bird ya se agotaron.',
    invoice_creation: null,
    ...(expand.some((path) => path === 'line_items' || path.startsWith('line_items.')) && {
      line_items: { object: 'list', data: [lineItem], has_more: false, url: `/v1/payment_links/${id}/line_items` },
    }),
    livemode: false,
    managed_payments: null,
    metadata: { ...metadata },
    on_behalf_of: null,
    payment_intent_data: null,
    payment_method_collection: 'always',
    payment_method_options: null,
    payment_method_types: null,
    phone_number_collection: { enabled: false },
    restrictions: limit === null ? null : { completed_sessions: { count, limit } },
    shipping_address_collection: null,
    shipping_options: [],
    submit_type: 'auto',
    subscription_data: null,
    tax_id_collection: { enabled: false, required: 'never' },
    transfer_data: null,
    url: `https://buy.stripe.com/test_${id.slice(6)}`,
  };
}

/** Stripe's error bodies: { error: { type, code?, message } }. The 401's message quotes the key's end, as Stripe's does. */
function stripeError(res: ServerResponse, status: number, error: { type: string; code?: string; message: string }): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': `req_standin${Date.now()}` });
  res.end(JSON.stringify({ error: { ...error, doc_url: error.code ? `https://docs.stripe.com/error-codes/${error.code.replaceAll('_', '-')}` : undefined } }));
}

/**
 * An update's parameters as the SDK encodes them (`restrictions[completed_sessions][limit]=31`, `restrictions=` to take
 * the limit away, `active=true`, `metadata[key]=value`); null for any other parameter, or a value Stripe would refuse.
 */
function linkUpdateOf(body: string): Omit<LinkUpdate, 'idempotencyKey'> | null {
  const update: Omit<LinkUpdate, 'idempotencyKey'> = { metadata: {} };
  for (const [key, value] of new URLSearchParams(body)) {
    const metadataKey = /^metadata\[([^\]]+)\]$/.exec(key)?.[1];
    if (metadataKey) update.metadata[metadataKey] = value;
    else if (key === 'active' && (value === 'true' || value === 'false')) update.active = value === 'true';
    else if (key === 'restrictions' && value === '') update.limit = null;
    else if (key === 'restrictions[completed_sessions][limit]' && /^[1-9]\d{0,5}$/.test(value)) update.limit = Number(value);
    else return null;
  }
  return update;
}

const FAULT_ANSWERS: Record<Exclude<StandInFault, 'hang' | 'trickle' | 'reset'>, [number, { type: string; code?: string; message: string }]> = {
  unauthorized: [401, { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_****WXYZ' }],
  forbidden: [
    403,
    { type: 'invalid_request_error', code: 'secret_key_required', message: 'The provided key does not have the required permissions for this endpoint.' },
  ],
  not_found: [404, { type: 'invalid_request_error', code: 'resource_missing', message: "No such payment_link: 'plink_x'" }],
  rate_limited: [429, { type: 'invalid_request_error', code: 'rate_limit', message: 'Too many requests hit the API too quickly.' }],
  server_error: [500, { type: 'api_error', message: 'An unknown error occurred' }],
};

export async function startStripeStandIn({ key, linkId, limit = 30, count = 0, port = 0, price = DOLLAR_PRICE }: StandInOptions): Promise<StripeStandIn> {
  let currentLimit = limit;
  let currentCount = count;
  let active = currentLimit === null || currentCount < currentLimit;
  let currentPrice = price;
  let setup = WELL_SET_UP;
  const metadata: Record<string, string> = {};
  let linkFields: Partial<Stripe.PaymentLink> = {};
  const linkNow = (expand: string[]): Stripe.PaymentLink => ({
    ...paymentLinkFixture(linkId, { count: currentCount, limit: currentLimit, active, metadata, price: currentPrice, setup, expand }),
    ...linkFields,
  });
  let fault: StandInFault | null = null;
  const calls: StripeStandIn['calls'] = [];
  const posts = idempotentPosts();
  const checkout = checkoutStandIn(linkId, posts);
  const sessions = () => checkout.sessionIds().flatMap((sessionId) => checkout.session(sessionId) ?? []);
  const intentOf = (session: Stripe.Checkout.Session) => (typeof session.payment_intent === 'object' ? session.payment_intent : null);
  const account = accountStandIn({
    paymentIntents: () => sessions().flatMap((session) => intentOf(session) ?? []),
    charges: () =>
      sessions().flatMap((session) => {
        const charge = intentOf(session)?.latest_charge;
        return typeof charge === 'object' && charge ? [charge] : [];
      }),
  });
  const linkUpdates: LinkUpdate[] = [];
  let updateLatencyMs = 0;
  const updateFault = nextFault();
  let updatesRefused = false;
  let heldReads: (() => void)[] | null = null;

  /** Carries out an update of the link, after the latency: only what it names changes, as Stripe's does. */
  const updateLink = async (update: Omit<LinkUpdate, 'idempotencyKey'>, idempotencyKey: string | null): Promise<Answer> => {
    if (updateLatencyMs > 0) await new Promise((resolve) => setTimeout(resolve, updateLatencyMs));
    if (update.limit !== undefined) currentLimit = update.limit;
    if (update.active !== undefined) active = update.active;
    for (const [key, value] of Object.entries(update.metadata)) {
      if (value === '') delete metadata[key];
      else metadata[key] = value;
    }
    linkUpdates.push({ ...update, idempotencyKey });
    return json(200, linkNow([]));
  };
  const postLink = async (req: IncomingMessage): Promise<Answer | 'drop'> => {
    const body = await readBody(req);
    const update = linkUpdateOf(body);
    if (!update) return unknownParameter();
    return posts.post(req, body, (key) => updateLink(update, key), updateFault);
  };
  /** Answers a hang or a trickle holds open. */
  const held = new Set<ServerResponse>();

  /** The link's real answer, a byte every TRICKLE_BYTE_MS, until it is whole or the client hangs up. */
  const trickle = (res: ServerResponse): void => {
    const body = Buffer.from(JSON.stringify(linkNow([])));
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': body.length });
    let sent = 0;
    const timer = setInterval(() => {
      res.write(body.subarray(sent, sent + 1));
      sent += 1;
      if (sent === body.length) res.end();
    }, TRICKLE_BYTE_MS);
    res.on('close', () => clearInterval(timer));
  };

  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const match = /^\/v1\/payment_links\/([^/]+)$/.exec(url.pathname);
    const checkoutAnswer = checkout.route(req);
    const accountAnswer = account.route(req);
    if (!((req.method === 'GET' || req.method === 'POST') && match) && !checkoutAnswer && !accountAnswer) {
      stripeError(res, 404, { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${req.url}).` });
      return;
    }
    const authorized = req.headers.authorization === `Bearer ${key}`;
    const call: StripeStandIn['calls'][number] = { atMs: Date.now(), method: req.method ?? '', path: req.url ?? '', authorized };
    calls.push(call);
    res.on('close', () => {
      if (!res.writableFinished) call.abandonedAtMs = Date.now();
    });
    if (fault === 'hang') {
      held.add(res);
      return;
    }
    if (fault === 'trickle') {
      held.add(res);
      trickle(res);
      return;
    }
    if (fault === 'reset') {
      req.socket.destroy();
      return;
    }
    if (fault) {
      const [status, error] = FAULT_ANSWERS[fault];
      stripeError(res, status, error);
      return;
    }
    if (!authorized) {
      stripeError(res, 401, FAULT_ANSWERS.unauthorized[1]);
      return;
    }
    const refusal = account.refusal(req);
    if (refusal) {
      stripeError(res, 403, refusal);
      return;
    }
    if (accountAnswer) {
      accountAnswer(res);
      return;
    }
    if (checkoutAnswer || !match) {
      checkoutAnswer?.(res);
      return;
    }
    if (decodeURIComponent(match[1] ?? '') !== linkId) {
      stripeError(res, 404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_link: '${match[1]}'` });
      return;
    }
    if (req.method === 'POST' && updatesRefused) {
      stripeError(res, 403, FAULT_ANSWERS.forbidden[1]);
      return;
    }
    if (req.method === 'POST') {
      void postLink(req).then((answer) => answerPost(res, answer));
      return;
    }
    const body = JSON.stringify(linkNow(expansionsOf(url)));
    const answer = () => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(body);
    };
    if (heldReads) heldReads.push(answer);
    else answer();
  };

  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${bound}`,
    link: () => linkNow(['line_items.data.price.currency_options']),
    sell(n = 1) {
      if (!active) return;
      currentCount = currentLimit === null ? currentCount + n : Math.min(currentLimit, currentCount + n);
      if (currentLimit !== null && currentCount >= currentLimit) active = false;
    },
    setLimit(next) {
      currentLimit = next;
      active = currentCount < next;
    },
    setActive(next) {
      active = next;
    },
    setPrice(next) {
      currentPrice = next;
    },
    setSetup(next) {
      setup = { ...setup, ...next };
    },
    setMetadata(next) {
      for (const [key, value] of Object.entries(next)) {
        if (value === '') delete metadata[key];
        else metadata[key] = value;
      }
    },
    linkUpdates,
    setLinkUpdateLatency(ms) {
      updateLatencyMs = ms;
    },
    failNextLinkUpdate(next) {
      updateFault.set(next);
    },
    refuseLinkUpdates(refuse) {
      updatesRefused = refuse;
    },
    holdLinkReads() {
      const reads: (() => void)[] = [];
      const answered = new Set<number>();
      heldReads = reads;
      const answer = (n: number) => {
        if (answered.has(n)) return;
        answered.add(n);
        reads[n]?.();
      };
      return {
        held: () => reads.length,
        answer,
        release() {
          if (heldReads === reads) heldReads = null;
          for (const n of reads.keys()) answer(n);
        },
      };
    },
    setFault(next) {
      // A new fault ends the answers the last one was holding open.
      if (next !== fault) for (const res of held) res.destroy();
      if (next !== fault) held.clear();
      fault = next;
    },
    calls,
    checkout,
    account,
    setLinkFields(fields) {
      linkFields = { ...fields };
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of held) res.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
