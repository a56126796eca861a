import { describe, expect, it } from 'vitest';
import { PRODUCTION_SETTINGS } from '../../scripts/lib/harness';
import { ConfigError, readConfig } from '../../server/config/settings';

/** When the settings are read: only dates left unset depend on it. */
const NOW = Date.parse('2025-09-01T12:00:00-06:00');

const KEY = 'rk_test_51AbCdEfGhIjKlMnOpQrStUv';
const LINK = 'plink_1QaBcDeFgHiJkLmN';

describe('the spots settings', () => {
  it('are off without STRIPE_SECRET_KEY and STRIPE_PAYMENT_LINK', () => {
    expect(readConfig({}, NOW).spots).toBeNull();
  });

  it('read both, with Stripe itself and a 10 s poll by default', () => {
    const spots = readConfig({ STRIPE_SECRET_KEY: KEY, STRIPE_PAYMENT_LINK: LINK }, NOW)?.spots;
    expect(spots?.secretKey()).toBe(KEY);
    expect(spots?.paymentLink).toBe(LINK);
    expect(spots?.apiUrl.href).toBe('https://api.stripe.com/');
    expect(spots?.pollSeconds).toBe(10);
  });

  it('never print the key with the settings', () => {
    const config = readConfig({ STRIPE_SECRET_KEY: KEY, STRIPE_PAYMENT_LINK: LINK }, NOW);
    expect(JSON.stringify(config)).not.toContain(KEY);
  });

  it.each([
    [{ STRIPE_SECRET_KEY: KEY }, /^STRIPE_SECRET_KEY is set but STRIPE_PAYMENT_LINK is not/],
    [{ STRIPE_PAYMENT_LINK: LINK }, /^STRIPE_PAYMENT_LINK is set but STRIPE_SECRET_KEY is not/],
    [{ STRIPE_SECRET_KEY: 'pk_test_51AbCdEfGhIjKl', STRIPE_PAYMENT_LINK: LINK }, /^Invalid STRIPE_SECRET_KEY: expected .*the value is not shown$/],
    [{ STRIPE_SECRET_KEY: KEY, STRIPE_PAYMENT_LINK: 'https://buy.stripe.com/abc' }, /^Invalid STRIPE_PAYMENT_LINK: expected a Payment Link id/],
    [{ SPOTS_POLL_SECONDS: '1' }, /^Invalid SPOTS_POLL_SECONDS: expected an integer from 2 to 300, got "1"$/],
    [{ SPOTS_POLL_SECONDS: '301' }, /^Invalid SPOTS_POLL_SECONDS/],
    [{ SPOTS_POLL_SECONDS: 'ten' }, /^Invalid SPOTS_POLL_SECONDS/],
    [{ STRIPE_API_URL: 'ftp://127.0.0.1:12111' }, /^Invalid STRIPE_API_URL: expected an http or https origin/],
    [{ STRIPE_API_URL: 'http://127.0.0.1:12111/v1' }, /^Invalid STRIPE_API_URL/],
  ])('refuse %o with one line naming the variable', (env, message) => {
    expect(() => readConfig(env, NOW)).toThrow(ConfigError);
    expect(() => readConfig(env, NOW)).toThrow(message);
  });

  it('never echo a malformed key, not even a near miss', () => {
    const nearMiss = 'sk_live_51Secret!Value';
    expect(() => readConfig({ STRIPE_SECRET_KEY: nearMiss, STRIPE_PAYMENT_LINK: LINK }, NOW)).toThrow(/^(?!.*Secret!Value).*$/s);
  });

  it('accept another STRIPE_API_URL for tests and rehearsals, but only Stripe itself with NODE_ENV=production', () => {
    expect(readConfig({ STRIPE_API_URL: 'http://127.0.0.1:12111' }, NOW).spots).toBeNull();
    const production = { NODE_ENV: 'production', ...PRODUCTION_SETTINGS };
    expect(() => readConfig({ ...production, STRIPE_API_URL: 'http://127.0.0.1:12111' }, NOW)).toThrow(
      'Invalid STRIPE_API_URL: expected https://api.stripe.com with NODE_ENV=production, got "http://127.0.0.1:12111"',
    );
    expect(readConfig({ ...production, STRIPE_API_URL: 'https://api.stripe.com' }, NOW).spots).toBeNull();
  });
});
