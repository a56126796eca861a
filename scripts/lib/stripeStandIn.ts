/**
 * A stand-in for the parts of Stripe's REST API the site calls, with a bearer key: GET /v1/payment_links/:id here
 * (its line items and their prices' currency options only when expanded, as Stripe leaves them out otherwise), and
 * POST /v1/payment_links/:id with what scripts/lib/stripeLinkStandIn.ts accepts (under Stripe's idempotency:
 * scripts/lib/stripeIdempotency.ts; its metadata within Stripe's limits: scripts/lib/stripeMetadataLimits.ts), for the Early Bird's link and any other the test adds (a normal price's); the
 * Checkout Sessions (with their PaymentIntents, charges and refunds) and webhook events of a purchase in
 * stripeCheckoutStandIn.ts; the account's webhook endpoints, its lists of PaymentIntents and charges, and a restricted
 * key's refusals in stripeAccountStandIn.ts.
 * Its count climbs as the test (or the rehearsal, or `npm run dev:stripe`) sells spots, and it can answer each
 * failure Stripe can: 401, 403, 404, 429 and 500 with Stripe's JSON error bodies, a call that hangs, an answer
 * that trickles in a byte at a time, and a connection reset; and Stripe's rate limits, per endpoint and in all, when
 * given (scripts/lib/stripeRateLimit.ts). Stripe's own stripe-mock is stateless, so it cannot play a count that changes.
 * Its price can change too (a fixed amount in pesos given, changed or taken away), and so can the terms checkbox.
 * The fixture is typed with the SDK's own Stripe.PaymentLink and Stripe.Price: a shape that drifts from Stripe's fails tsc.
 * Node runs this file as it is (type stripping), so it uses erasable TypeScript only.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Stripe from 'stripe';
import { type AccountStandIn, accountStandIn } from './stripeAccountStandIn.ts';
import { type CheckoutStandIn, checkoutStandIn } from './stripeCheckoutStandIn.ts';
import {
  type Answer,
  answerPost,
  idempotentPosts,
  json,
  missing,
  nextFault,
  readBody,
  send,
  standInId,
  type StripeErrorBody,
  unknownParameter,
  type UpdateFault,
} from './stripeIdempotency.ts';
import {
  DOLLAR_PRICE,
  type LinkUpdate,
  parseLinkCreate,
  parseLinkUpdate,
  type StandInLink,
  type StandInLinkOptions,
  type StandInPrice,
  type StandInSetup,
  standInLink,
} from './stripeLinkStandIn.ts';

import { metadataRefusal } from './stripeMetadataLimits.ts';
import { type RateLimit, rateLimiter } from './stripeRateLimit.ts';

export { DOLLAR_PRICE, paymentLinkFixture, type StandInLink, type StandInPrice } from './stripeLinkStandIn.ts';

export type StandInFault = 'unauthorized' | 'forbidden' | 'not_found' | 'rate_limited' | 'server_error' | 'hang' | 'trickle' | 'reset';

/** A trickled answer's pace: far inside any timeout that restarts on each byte, and a whole answer takes minutes. */
const TRICKLE_BYTE_MS = 100;

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
  /** Another Payment Link of the same account (a normal price's), sharing its faults, keys and purchases' routes. */
  addLink(id: string, options?: StandInLinkOptions): StandInLink;
  /** Any link of the account by its id: the Early Bird's, one a test added, or one created through the API. */
  linkById(id: string): StandInLink | undefined;
  /** The links created through the API (`POST /v1/payment_links`), in order. */
  createdLinks: StandInLink[];
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
  /** From now on, calls over these rates are answered 429 as Stripe answers them, until null. */
  setRateLimit(limit: RateLimit | null): void;
  /** Calls so far, to any route, with the instant each arrived (on the rate limit's clock, when one is set), whether it was
   * refused as over a rate limit, and when its connection closed before the answer was whole. */
  calls: { atMs: number; method: string; path: string; authorized: boolean; rateLimited?: true; abandonedAtMs?: number }[];
  /** The purchases made at the link, and their PaymentIntents. */
  checkout: CheckoutStandIn;
  /** The account's webhook endpoints, its lists of PaymentIntents and charges, and the key's permissions. */
  account: AccountStandIn;
  /** The owner edits the link's redirect after payment, or its URL is another (what the fixture has otherwise). */
  setLinkFields(fields: Partial<Pick<Stripe.PaymentLink, 'after_completion' | 'url'>>): void;
  /**
   * Requests it has not finished answering, and a count that moves with each request and each answer: how a test's
   * own clock knows the work has settled.
   */
  inFlight(): number;
  activity(): number;
  close(): Promise<void>;
}

/** Which includable fields a request asked for: `expand[0]=line_items&expand[1]=…`, as the SDK encodes them. */
function expansionsOf(url: URL): string[] {
  return [...url.searchParams].filter(([key]) => /^expand\[\d*\]$/.test(key)).map(([, value]) => value);
}

/** Stripe's error bodies: { error: { type, code?, message } }. The 401's message quotes the key's end, as Stripe's does. */
function stripeError(res: ServerResponse, status: number, error: StripeErrorBody): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': `req_standin${Date.now()}` });
  res.end(JSON.stringify({ error: { ...error, doc_url: error.code ? `https://docs.stripe.com/error-codes/${error.code.replaceAll('_', '-')}` : undefined } }));
}

const FAULT_ANSWERS: Record<Exclude<StandInFault, 'hang' | 'trickle' | 'reset'>, [number, StripeErrorBody]> = {
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
  const earlyBird = standInLink(linkId, { limit, count, price });
  const links = new Map<string, StandInLink>([[linkId, earlyBird]]);
  let linkFields: Partial<Stripe.PaymentLink> = {};
  const linkNow = (expand: string[]): Stripe.PaymentLink => ({ ...earlyBird.read(expand), ...linkFields });
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
  let updateLatencyMs = 0;
  const updateFault = nextFault();
  let updatesRefused = false;
  let heldReads: (() => void)[] | null = null;
  const limiter = rateLimiter();
  let limitClock: () => number = Date.now;
  let inFlight = 0;
  let finished = 0;

  /** Carries out an update of a link, after the latency. */
  const updateLink = async (link: StandInLink, update: Omit<LinkUpdate, 'idempotencyKey'>, idempotencyKey: string | null): Promise<Answer> => {
    if (updateLatencyMs > 0) await new Promise((resolve) => setTimeout(resolve, updateLatencyMs));
    return json(200, link.apply(update, idempotencyKey));
  };
  const postLink = async (req: IncomingMessage, link: StandInLink): Promise<Answer | 'drop'> => {
    const body = await readBody(req);
    const update = parseLinkUpdate(body);
    if (!update) return unknownParameter();
    return posts.post(
      req,
      body,
      (key) => updateLink(link, update, key),
      updateFault,
      () => metadataRefusal(link.read([]).metadata, update.metadata),
    );
  };
  const createdLinks: StandInLink[] = [];
  /** A new link of a price one of the account's links sells, active, as Stripe creates it. */
  const createLink = async (req: IncomingMessage): Promise<Answer | 'drop'> => {
    const body = await readBody(req);
    const creation = parseLinkCreate(body);
    if (!creation) return unknownParameter();
    return posts.post(
      req,
      body,
      async () => {
        const price = [...links.values()].map((link) => link.price()).find((candidate) => candidate.id === creation.priceId);
        if (!price) return missing('price', creation.priceId);
        const link = standInLink(standInId('plink_'), { ...creation.options, price });
        links.set(link.id, link);
        createdLinks.push(link);
        return json(200, link.read([]));
      },
      updateFault,
      () => metadataRefusal({}, creation.options.metadata ?? {}),
    );
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
    const creation = req.method === 'POST' && url.pathname === '/v1/payment_links';
    const checkoutAnswer = checkout.route(req);
    const accountAnswer = account.route(req);
    if (!((req.method === 'GET' || req.method === 'POST') && match) && !creation && !checkoutAnswer && !accountAnswer) {
      stripeError(res, 404, { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${req.url}).` });
      return;
    }
    const authorized = req.headers.authorization === `Bearer ${key}`;
    const call: StripeStandIn['calls'][number] = { atMs: limitClock(), method: req.method ?? '', path: req.url ?? '', authorized };
    calls.push(call);
    inFlight += 1;
    res.on('close', () => {
      inFlight -= 1;
      finished += 1;
      if (!res.writableFinished) call.abandonedAtMs = Date.now();
    });
    const overLimit = authorized ? limiter.refuse(req) : null;
    if (overLimit) {
      call.rateLimited = true;
      send(res, overLimit);
      return;
    }
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
    if (creation) {
      if (updatesRefused) stripeError(res, 403, FAULT_ANSWERS.forbidden[1]);
      else void createLink(req).then((answer) => answerPost(res, answer));
      return;
    }
    if (checkoutAnswer || !match) {
      checkoutAnswer?.(res);
      return;
    }
    const link = links.get(decodeURIComponent(match[1] ?? ''));
    if (!link) {
      stripeError(res, 404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_link: '${match[1]}'` });
      return;
    }
    if (req.method === 'POST' && updatesRefused) {
      stripeError(res, 403, FAULT_ANSWERS.forbidden[1]);
      return;
    }
    if (req.method === 'POST') {
      void postLink(req, link).then((answer) => answerPost(res, answer));
      return;
    }
    const body = JSON.stringify(link === earlyBird ? linkNow(expansionsOf(url)) : link.read(expansionsOf(url)));
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
    sell: (n) => earlyBird.sell(n),
    setLimit: (next) => earlyBird.setLimit(next),
    setActive: (next) => earlyBird.setActive(next),
    setPrice: (next) => earlyBird.setPrice(next),
    setSetup: (next) => earlyBird.setSetup(next),
    setMetadata: (next) => earlyBird.setMetadata(next),
    linkUpdates: earlyBird.updates,
    account,
    setLinkFields(fields) {
      linkFields = { ...fields };
    },
    addLink(id, options) {
      const link = standInLink(id, options);
      links.set(id, link);
      return link;
    },
    linkById: (id) => links.get(id),
    createdLinks,
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
    setRateLimit(next) {
      limiter.set(next);
      limitClock = next?.clock ?? Date.now;
    },
    calls,
    checkout,
    inFlight: () => inFlight,
    activity: () => calls.length + finished,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of held) res.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
