/**
 * The stand-in's account part (scripts/lib/stripeStandIn.ts routes to it): what `npm run preflight` reads besides the
 * Payment Link and its purchases.
 * - GET /v1/webhook_endpoints: the account's endpoints, newest first, `limit` and `starting_after` as Stripe pages them.
 *   Stripe returns an endpoint's signing secret only when it is created, so a listed one never carries it.
 * - GET /v1/payment_intents and GET /v1/charges: the account's, newest first, paged the same way.
 * - A restricted key's permissions: a resource the key may not read is answered 403, as Stripe answers a restricted key
 *   without that permission.
 * Fixtures are typed with the SDK's own types. Node runs this file as it is (type stripping): erasable TypeScript only.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Stripe from 'stripe';
import { type Answer, json, send, standInId, type StripeErrorBody } from './stripeIdempotency.ts';

/** The resources a restricted key's permissions name, as the paths the stand-in routes. */
type StandInResource = 'payment_links' | 'checkout_sessions' | 'payment_intents' | 'charges' | 'webhook_endpoints';

const RESOURCE_PATHS: Record<StandInResource, string> = {
  payment_links: '/v1/payment_links',
  checkout_sessions: '/v1/checkout/sessions',
  payment_intents: '/v1/payment_intents',
  charges: '/v1/charges',
  webhook_endpoints: '/v1/webhook_endpoints',
};

interface EndpointOptions {
  url: string;
  enabledEvents: string[];
  status?: 'enabled' | 'disabled';
}

export interface AccountStandIn {
  /** The owner adds an endpoint in the Dashboard; its id, we_… */
  addWebhookEndpoint(options: EndpointOptions): string;
  /** The owner deletes every endpoint. */
  clearWebhookEndpoints(): void;
  /** From now on the key may not read (or write) these resources: each is answered 403. */
  refuse(resources: StandInResource[]): void;
  /** The 403 a refused resource gets, or null. */
  refusal(req: IncomingMessage): StripeErrorBody | null;
  /** The answer for one of its routes, or null when the request is not one of them. */
  route(req: IncomingMessage): ((res: ServerResponse) => void) | null;
}

/** What the account holds besides the endpoints: the purchases' PaymentIntents and charges, newest first. */
export interface AccountObjects {
  paymentIntents(): Stripe.PaymentIntent[];
  charges(): Stripe.Charge[];
}

/** Stripe's list: the objects after `starting_after`, `limit` of them (10 by default, at most 100). */
function page<T extends { id: string }>(objects: T[], params: URLSearchParams, url: string): Answer {
  const limit = Math.min(100, Math.max(1, Number(params.get('limit') ?? 10) || 10));
  const after = params.get('starting_after');
  const from = after ? objects.findIndex((object) => object.id === after) + 1 : 0;
  return json(200, { object: 'list', url, has_more: from + limit < objects.length, data: objects.slice(from, from + limit) });
}

export function accountStandIn(objects: AccountObjects): AccountStandIn {
  const endpoints: Stripe.WebhookEndpoint[] = [];
  let refused: StandInResource[] = [];
  return {
    addWebhookEndpoint({ url, enabledEvents, status = 'enabled' }) {
      const id = standInId('we_');
      endpoints.unshift({
        id,
        object: 'webhook_endpoint',
        api_version: null,
        application: null,
        created: Math.floor(Date.now() / 1000),
        description: null,
        enabled_events: enabledEvents,
        livemode: false,
        metadata: {},
        status,
        url,
      });
      return id;
    },
    clearWebhookEndpoints() {
      endpoints.length = 0;
    },
    refuse(resources) {
      refused = [...resources];
    },
    refusal(req) {
      const path = new URL(req.url ?? '/', 'http://stand-in').pathname;
      const resource = refused.find((name) => path === RESOURCE_PATHS[name] || path.startsWith(`${RESOURCE_PATHS[name]}/`));
      return resource
        ? {
            type: 'invalid_request_error',
            message: `The provided key does not have the required permissions for this endpoint. Having the 'rak_${resource}_read' permission would allow this request to continue.`,
          }
        : null;
    },
    route(req) {
      if (req.method !== 'GET') return null;
      const url = new URL(req.url ?? '/', 'http://stand-in');
      if (url.pathname === RESOURCE_PATHS.webhook_endpoints) return (res) => send(res, page(endpoints, url.searchParams, url.pathname));
      if (url.pathname === RESOURCE_PATHS.payment_intents) return (res) => send(res, page(objects.paymentIntents(), url.searchParams, url.pathname));
      if (url.pathname === RESOURCE_PATHS.charges) return (res) => send(res, page(objects.charges(), url.searchParams, url.pathname));
      return null;
    },
  };
}
