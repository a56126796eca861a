/**
 * The Stripe stand-in's rate limiter (scripts/lib/stripeStandIn.ts routes every request through it first), as Stripe
 * documents its own (docs.stripe.com/rate-limits): a limit per endpoint, each named operation one endpoint whatever the
 * object's id (`GET /v1/checkout/sessions/{id}` for every session), and one for the account in all. A request over
 * either is answered 429 with Stripe's error body and the `Stripe-Rate-Limited-Reason` header (`endpoint-rate` or
 * `global-rate`), before the idempotency layer, as Stripe's limiters run: it is never carried out, and the same
 * request under the same key may be sent again. Counted over the last second, on a clock of the caller's choosing.
 * Node runs this file as it is (type stripping): erasable TypeScript only.
 */
import type { IncomingMessage } from 'node:http';
import { type Answer, stripeErrorAnswer } from './stripeIdempotency.ts';

export interface RateLimit {
  /** Requests a second to any one endpoint; null: none. Stripe's default is 25. */
  perEndpoint: number | null;
  /** Requests a second in all; null: none. Stripe's is 100 in live mode, 25 in a sandbox. */
  global?: number | null;
  /** The clock the second is counted on: a test's own, or Date.now. */
  clock?: () => number;
}

/** The endpoint a request names: its method and its path with every object's id as `{id}`. */
const endpointOf = (req: IncomingMessage): string =>
  `${req.method ?? ''} ${new URL(req.url ?? '/', 'http://stand-in').pathname.replace(/\/(?:cs|plink|pi|ch)_[^/]*$/, '/{id}')}`;

export interface RateLimiter {
  set(limit: RateLimit | null): void;
  /** A 429 for a request over a limit (counted), or null: it goes on to be answered. */
  refuse(req: IncomingMessage): Answer | null;
  /** Requests refused so far. */
  refused(): number;
}

const WINDOW_MS = 1_000;

export function rateLimiter(): RateLimiter {
  let limit: RateLimit | null = null;
  const recent = new Map<string, number[]>();
  let all: number[] = [];
  let refused = 0;
  const within = (times: number[], nowMs: number): number[] => times.filter((at) => at > nowMs - WINDOW_MS);
  return {
    set(next) {
      limit = next;
      recent.clear();
      all = [];
    },
    refuse(req) {
      if (!limit) return null;
      const now = (limit.clock ?? Date.now)();
      const endpoint = endpointOf(req);
      const mine = within(recent.get(endpoint) ?? [], now);
      all = within(all, now);
      const reason =
        limit.global != null && all.length >= limit.global
          ? 'global-rate'
          : limit.perEndpoint !== null && mine.length >= limit.perEndpoint
            ? 'endpoint-rate'
            : null;
      if (reason) {
        refused += 1;
        return {
          ...stripeErrorAnswer(429, { type: 'invalid_request_error', code: 'rate_limit', message: 'Too many requests hit the API too quickly.' }),
          headers: { 'Stripe-Rate-Limited-Reason': reason },
        };
      }
      mine.push(now);
      all.push(now);
      recent.set(endpoint, mine);
      return null;
    },
    refused: () => refused,
  };
}
