/**
 * The landing page arrives in the first round trip in every state of the sale: a new connection carries about 14,600
 * bytes at first (ten segments of 1,460), and one byte more waits a whole round trip (docs/performance.md). Counted on
 * the wire, as a browser receives it: the status line, the headers and the brotli body, over a real socket, with
 * production's settings at realistic lengths and everything the checkouts can add (the spots left, prices in pesos,
 * the normal price's own checkout). Bytes are not time: the figure is held here, the time is Lighthouse's.
 */
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { PRODUCTION_SETTINGS } from '../../scripts/lib/harness';
import type { PriceFeed, SpotsFeed } from '../../server/spots/poller';
import { spotsFrom } from '../../shared/logic/spots';
import { parseResponses, rawGet, rawRequest } from '../helpers/rawHttp';
import { DEFAULT_DEADLINE_MS, TEST_START_MS, testApp } from '../helpers/testApp';

const FIRST_ROUND_TRIP_BYTES = 14_600;

/** Production's settings, each as long as a real one is: Stripe's own link URLs, a real domain, both profiles. */
const SETTINGS = {
  NODE_ENV: 'production',
  ...PRODUCTION_SETTINGS,
  // The tests' edition: the seed's deadline, the start a week after it.
  EARLY_BIRD_DEADLINE: new Date(DEFAULT_DEADLINE_MS).toISOString(),
  WORKSHOP_START: new Date(TEST_START_MS).toISOString(),
  PUBLIC_URL: 'https://taller.marcadeautoridad.mx',
  CHECKOUT_URL: 'https://buy.stripe.com/9B6aEZ3xQ8Ly4BGdXo9Ve03',
  INSTAGRAM_URL: 'https://www.instagram.com/marcadeautoridad.ia/',
  LINKEDIN_URL: 'https://www.linkedin.com/in/lucia-ramirez-ejemplo/',
  STRIPE_SECRET_KEY: 'rk_live_firstroundtripnotarealkey',
  STRIPE_PAYMENT_LINK: 'plink_1FirstRoundTripEarly',
};
const NORMAL_CHECKOUT = { STRIPE_NORMAL_PAYMENT_LINK: 'plink_1FirstRoundTripNormal', NORMAL_CHECKOUT_URL: 'https://buy.stripe.com/28E3cx6K27Hu2ty2eG9Ve04' };

/** What the checkouts said, at their longest: a count of two digits left, a peso amount with a thousands separator. */
const counted = (count: number, limit: number): SpotsFeed & PriceFeed => ({
  current: () => spotsFrom({ count, limit, active: true }, limit),
  ready: () => true,
  pesoPrice: () => ({ centavos: 179_000 }),
});

const STATES = [
  { name: 'Early Bird', now: DEFAULT_DEADLINE_MS - 86_400_000, env: {}, card: 'price-card--early' },
  { name: 'Early Bird, with the normal price in its template', now: DEFAULT_DEADLINE_MS - 86_400_000, env: NORMAL_CHECKOUT, card: 'price-card--early' },
  { name: "normal, the seed's disabled button", now: DEFAULT_DEADLINE_MS + 60_000, env: {}, card: 'price-card--normal' },
  { name: 'normal, selling through its own checkout', now: DEFAULT_DEADLINE_MS + 60_000, env: NORMAL_CHECKOUT, card: 'price-card--normal' },
  { name: 'sold out', now: DEFAULT_DEADLINE_MS - 86_400_000, env: { SOLD_OUT: 'true' }, card: 'price-card--sold-out' },
  { name: 'closed', now: TEST_START_MS + 60_000, env: {}, card: 'price-card--closed' },
  { name: 'cancelled', now: DEFAULT_DEADLINE_MS - 86_400_000, env: { WORKSHOP_CANCELLED: 'true' }, card: 'price-card--cancelled' },
];

const servers: { close(): void }[] = [];
afterAll(() => {
  for (const server of servers) server.close();
});

/** Everything the landing page's answer puts on the wire: status line, headers and body, on a kept-alive connection as a browser's is. */
async function onTheWire(state: (typeof STATES)[number]): Promise<{ bytes: number; encoding: string | undefined; html: string }> {
  const { app } = testApp({ now: state.now, env: { ...SETTINGS, ...state.env }, spots: counted(12, 30), price: counted(12, 30), normal: counted(40, 50) });
  const server = app.listen(0, '127.0.0.1');
  servers.push(server);
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  const answered = (text: string) => parseResponses(Buffer.from(text, 'latin1')).responses.length > 0;
  const { bytes } = await rawRequest(port, rawGet('/', { headers: { 'Accept-Encoding': 'gzip, deflate, br' }, keepAlive: true }), { until: answered });
  const [response] = parseResponses(bytes).responses;
  return {
    bytes: bytes.length,
    encoding: response?.headers['content-encoding'],
    html: brotliDecompressSync(response?.body ?? Buffer.alloc(0)).toString('utf8'),
  };
}

describe('the landing page in the first round trip', () => {
  it.each(STATES)(`$name: at most ${FIRST_ROUND_TRIP_BYTES} bytes on the wire, headers included`, async (state) => {
    const { bytes, encoding, html } = await onTheWire(state);
    expect(encoding).toBe('br');
    expect(html).toContain(`class="price-card ${state.card}"`);
    // With the normal price's own checkout, its card (or the Early Bird page's template of it) carries that checkout.
    if (state.env === NORMAL_CHECKOUT) expect(html).toContain(NORMAL_CHECKOUT.NORMAL_CHECKOUT_URL);
    expect(bytes).toBeLessThanOrEqual(FIRST_ROUND_TRIP_BYTES);
  });
});
