import { stripeFailureDetail } from '../stripe/failure';
import { type Check, fail, ok, warn } from './preflightCheck';
import type { Probe, Reading, StripeReadings } from './stripeReads';

const KEYS_PAGE = 'Dashboard → Developers → API keys';

/** The key's kind and mode from its prefix (sk_live_…, rk_test_…), which is all of it the output may say. */
export function keyKind(key: string): { restricted: boolean; mode: 'live' | 'test' | null } {
  const [, kind, mode] = /^(sk|rk)_(live|test)?/.exec(key) ?? [];
  return { restricted: kind === 'rk', mode: mode === 'live' || mode === 'test' ? mode : null };
}

/** A test key in production takes no real payment; a live key elsewhere reads the real account. */
export function keyModeCheck(key: string, production: boolean): Check {
  const { restricted, mode } = keyKind(key);
  const what = `${restricted ? 'a restricted key' : 'a secret key'}${mode ? ` in ${mode} mode` : ''}`;
  const line = (make: typeof ok, message: string) => make('stripe.key', 'stripe', 'Stripe key', message);
  if (mode === null) return line(warn, `${what}, of no mode Stripe writes (sk_live_, rk_live_, rk_test_…): check STRIPE_SECRET_KEY in ${KEYS_PAGE}`);
  if (production && mode === 'test')
    return line(
      fail,
      `${what}, with NODE_ENV=production: no real buyer can pay through test-mode links. Set STRIPE_SECRET_KEY to the live restricted key (rk_live_…, ${KEYS_PAGE}, test mode off), and STRIPE_PAYMENT_LINK and CHECKOUT_URL to the live link's`,
    );
  if (!production && mode === 'live') return line(warn, `${what}, without NODE_ENV=production: this run read the real account`);
  if (!restricted) return line(warn, `${what}: it can do everything in the account; prefer a restricted key (rk_…) with the permissions below (${KEYS_PAGE})`);
  return line(ok, what);
}

interface Permission {
  resource: string;
  level: 'Read' | 'Write';
  /** How a read proves it: the link's own read, or a probe; a Write is proven only as far as its Read. */
  proof: 'link' | Probe;
}

/** What the key needs (docs/fulfilment.md): the spots' two reads, and with the buyer's mails the rest. */
const SPOTS: Permission[] = [
  { resource: 'Payment Links', level: 'Read', proof: 'link' },
  { resource: 'Prices', level: 'Read', proof: 'link' },
];
const FULFILMENT: Permission[] = [
  { resource: 'Payment Links', level: 'Write', proof: 'link' },
  { resource: 'Prices', level: 'Read', proof: 'link' },
  { resource: 'Checkout Sessions', level: 'Write', proof: 'checkout_sessions' },
  { resource: 'PaymentIntents', level: 'Read', proof: 'payment_intents' },
  { resource: 'Charges', level: 'Read', proof: 'charges' },
];

/**
 * One line per permission the site needs: `ok` where a read proved it, `fail` where Stripe refused the read, and a
 * `warn` for each Write, which only a write could prove and the preflight never writes.
 */
export function permissionChecks(readings: StripeReadings, linkId: string, fulfilment: boolean, restricted: boolean): Check[] {
  return (fulfilment ? FULFILMENT : SPOTS).map(({ resource, level, proof }) => {
    const id = `stripe.permission.${resource.toLowerCase().replaceAll(' ', '_')}`;
    const label = `Permission ${resource}`;
    const reading: Reading<unknown> | undefined = proof === 'link' ? readings.links.get(linkId) : readings.probes[proof];
    if (!reading) return warn(id, 'stripe', label, 'not read');
    if ('failure' in reading) {
      const refused = reading.failure.status === 403;
      return fail(
        id,
        'stripe',
        label,
        refused
          ? `Stripe refused the read (403): give the key ${resource}: ${level} (${KEYS_PAGE} → the key → Edit)`
          : `could not be read (${stripeFailureDetail(reading.failure)}): run the preflight again`,
      );
    }
    if (level === 'Read') return ok(id, 'stripe', label, 'Read, proven by a read');
    if (!restricted) return ok(id, 'stripe', label, 'Write: a secret key has every permission');
    return warn(id, 'stripe', label, `Read proven; Write cannot be proven without writing: check that the key has ${resource}: Write (${KEYS_PAGE} → the key)`);
  });
}
