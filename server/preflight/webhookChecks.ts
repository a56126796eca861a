import type Stripe from 'stripe';
import { ROUTES } from '../../shared/routes';
import { ACCESS_EVENTS, SESSION_EVENTS } from '../fulfilment/reports/fulfilmentOutcomes';
import { stripeFailureDetail } from '../stripe/failure';
import { type Check, fail, ok, warn } from './preflightCheck';
import type { Reading } from './stripeReads';

const WEBHOOKS_PAGE = 'Dashboard → Developers → Webhooks';

/** Every event the site's webhook acts on: the endpoint must send each (or all, `*`). */
export const HANDLED_EVENTS: readonly string[] = [...SESSION_EVENTS, ...ACCESS_EVENTS];

/**
 * The account's webhook endpoints against what the site needs: one enabled at PUBLIC_URL/webhooks/stripe with every
 * event it handles. Its signing secret cannot be read back (Stripe shows it once), so a `warn` says how to prove it.
 */
export function webhookChecks(reading: Reading<Stripe.WebhookEndpoint[]>, publicUrl: string): Check[] {
  const url = `${publicUrl}${ROUTES.stripeWebhook.path}`;
  const label = 'Webhook endpoint';
  const add = `add one in ${WEBHOOKS_PAGE} → Add destination, at ${url}, with the events ${HANDLED_EVENTS.join(', ')}`;
  const secret = warn(
    'stripe.webhook.secret',
    'stripe',
    'Webhook signing secret',
    `cannot be read back from Stripe: send a test event from ${WEBHOOKS_PAGE} → the endpoint, and look for its "stripe_webhook" log line (a wrong STRIPE_WEBHOOK_SECRET logs bad_signature)`,
  );
  if ('failure' in reading) {
    const refused = reading.failure.status === 403;
    return [
      warn(
        'stripe.webhook',
        'stripe',
        label,
        refused
          ? `the key may not read webhook endpoints: give it Webhook Endpoints: Read for this check, or check by hand in ${WEBHOOKS_PAGE} that one at ${url} is enabled with ${HANDLED_EVENTS.join(', ')}`
          : `could not be read (${stripeFailureDetail(reading.failure)}): run the preflight again`,
      ),
      secret,
    ];
  }
  const atUrl = reading.ok.filter((endpoint) => endpoint.url === url);
  const enabled = atUrl.filter((endpoint) => endpoint.status === 'enabled');
  if (atUrl.length === 0) {
    const elsewhere = reading.ok.filter((endpoint) => endpoint.url.endsWith(ROUTES.stripeWebhook.path)).map((endpoint) => endpoint.url);
    const hint = elsewhere.length > 0 ? ` (there is one at ${elsewhere.join(', ')}: is PUBLIC_URL right?)` : '';
    return [fail('stripe.webhook', 'stripe', label, `none at ${url}${hint}: ${add}`), secret];
  }
  if (enabled.length === 0)
    return [fail('stripe.webhook', 'stripe', label, `the one at ${url} is disabled: enable it in ${WEBHOOKS_PAGE} → the endpoint`), secret];
  const missingOf = (endpoint: Stripe.WebhookEndpoint) =>
    endpoint.enabled_events.includes('*') ? [] : HANDLED_EVENTS.filter((event) => !endpoint.enabled_events.includes(event));
  const complete = enabled.filter((endpoint) => missingOf(endpoint).length === 0);
  if (complete.length === 0) {
    const missing = missingOf(enabled[0] as Stripe.WebhookEndpoint);
    return [
      fail(
        'stripe.webhook',
        'stripe',
        label,
        `the one at ${url} does not send ${missing.join(', ')}: add ${missing.length === 1 ? 'it' : 'them'} in ${WEBHOOKS_PAGE} → the endpoint → Edit`,
      ),
      secret,
    ];
  }
  if (enabled.length > 1)
    return [
      warn(
        'stripe.webhook',
        'stripe',
        label,
        `${enabled.length} enabled at ${url}: each signs with its own secret, so every delivery of all but one fails its signature; delete the extra ones in ${WEBHOOKS_PAGE}`,
      ),
      secret,
    ];
  return [ok('stripe.webhook', 'stripe', label, `enabled at ${url}, with every event the site handles`), secret];
}
