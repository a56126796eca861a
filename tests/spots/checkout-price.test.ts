/**
 * The Early Bird's price in pesos, read from the Payment Link's price at the Stripe stand-in through the real SDK,
 * in the same one call per poll as the spots, on a clock the test moves; and the page and the terms following it as
 * the owner changes it. Then the link's setup the site checks at its first read: one warning each, once.
 */
import request from 'supertest';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readConfig } from '../../server/config/settings';
import { type SpotsPoller, startSpotsPoller } from '../../server/spots/poller';
import type { CheckoutReading, SpotsSource } from '../../server/spots/source';
import { stripeSpotsSource } from '../../server/spots/stripeSource';
import { stripeBoundary } from '../../server/stripe/stripeBoundary';
import { allIn } from '../../server/stripe/pace';
import { DOLLAR_PRICE, type StandInPrice, startStripeStandIn, type StripeStandIn } from '../../scripts/lib/stripeStandIn';
import { BEFORE_DEADLINE_MS, testApp } from '../helpers/testApp';
import { parseHtml, textOf } from '../helpers/html';
import { capturedLogger, INFO, WARN } from '../helpers/logs';
import { warmUpFetch } from '../helpers/warmFetch';
import { manualTime } from './time';

const KEY = 'rk_test_51PesoPriceKeyNeverPrinted0123456789';
const LINK = 'plink_1PesoPrice';
const INTERVAL_MS = 10_000;
/** Before the deadline, a little after a boundary: the Early Bird is on sale. */
const START_MS = BEFORE_DEADLINE_MS + 3_217;
const WITH_PESOS: StandInPrice = { currency: 'usd', unitAmount: 4900, options: { mxn: 89_000 } };

let standIn: StripeStandIn;
let poller: SpotsPoller | undefined;
beforeAll(warmUpFetch);
beforeEach(async () => {
  standIn = await startStripeStandIn({ key: KEY, linkId: LINK });
});
afterEach(async () => {
  poller?.stop();
  await standIn.close();
});

/** The real Stripe source and a poller on a manual clock, with every read kept so the test can wait for them. */
function start() {
  const settings = readConfig({ STRIPE_SECRET_KEY: KEY, STRIPE_PAYMENT_LINK: LINK, STRIPE_API_URL: standIn.url }, START_MS).spots;
  if (!settings) throw new Error('no spots settings');
  const real = stripeSpotsSource(stripeBoundary(settings).view({ deadlineMs: 400, lanes: allIn('poll') }), () => ({ paymentLink: settings.paymentLink }));
  const reads: Promise<CheckoutReading | null>[] = [];
  const source: SpotsSource = { name: real.name, read: () => reads[reads.push(real.read()) - 1] as Promise<CheckoutReading | null> };
  const time = manualTime(START_MS);
  const log = capturedLogger();
  poller = startSpotsPoller({ source, intervalMs: INTERVAL_MS, fallbackLimit: 30, clock: time.clock, scheduler: time.scheduler, logger: log.logger });
  const { app } = testApp({ now: time.clock, spots: poller, price: poller });
  let boundary = Math.floor(START_MS / INTERVAL_MS) * INTERVAL_MS;
  /** The next boundary's read, answered. */
  const nextPoll = async () => {
    boundary += INTERVAL_MS;
    time.advanceTo(boundary);
    await Promise.allSettled(reads);
  };
  const pricesShown = async () => {
    const landing = parseHtml((await request(app).get('/')).text);
    const terms = parseHtml((await request(app).get('/terminos')).text);
    // The Early Bird clause's price: "… el taller cuesta $890 MXN (49 USD) en lugar de 97 USD …".
    const clause = [...terms.querySelectorAll('main p')].map(textOf).find((text) => text.includes('en lugar de'));
    return { card: textOf(landing.querySelector('.price-card__now')), terms: /cuesta (.+?) en lugar de/.exec(clause ?? '')?.[1] };
  };
  return { poller, log, nextPoll, pricesShown };
}

describe('the price in pesos, from the checkout', () => {
  it('follows the stand-in: none, a currency option in mxn, a new amount, a price in mxn itself, none again', async () => {
    const { poller, log, nextPoll, pricesShown } = start();
    await poller.firstPoll;
    expect(poller.pesoPrice()).toBeNull();
    expect(await pricesShown()).toEqual({
      card: '49 USD',
      terms: '49 USD',
    });
    standIn.setPrice(WITH_PESOS);
    await nextPoll();
    expect(await pricesShown()).toEqual({
      card: '$890 MXN',
      terms: '$890 MXN (49 USD)',
    });
    standIn.setPrice({ ...WITH_PESOS, options: { mxn: 95_000 } });
    await nextPoll();
    expect((await pricesShown()).card).toBe('$950 MXN');
    standIn.setPrice({ currency: 'mxn', unitAmount: 87_500, options: { usd: 4900 } });
    await nextPoll();
    expect((await pricesShown()).card).toBe('$875 MXN');
    standIn.setPrice(DOLLAR_PRICE);
    await nextPoll();
    expect((await pricesShown()).card).toBe('49 USD');
    expect(log.lines.filter((line) => line.event === 'price_changed').map((line) => [line.level, line.mxn])).toEqual([
      [INFO, '890'],
      [INFO, '950'],
      [INFO, '875'],
      [INFO, null],
    ]);
  });

  it('is read in the same one call per poll as the spots, with the price asked for', async () => {
    standIn.setPrice(WITH_PESOS);
    const { poller, nextPoll } = start();
    await poller.firstPoll;
    for (let n = 0; n < 3; n += 1) await nextPoll();
    expect(standIn.calls.map((call) => call.path)).toEqual(
      Array(4).fill(`/v1/payment_links/${LINK}?expand[0]=line_items&expand[1]=line_items.data.price.currency_options`),
    );
    expect(poller.current()).toEqual({ remaining: 30, limit: 30 });
  });

  it('keeps the last amount through an outage, as it keeps the count', async () => {
    standIn.setPrice(WITH_PESOS);
    const { poller, nextPoll, pricesShown } = start();
    await poller.firstPoll;
    standIn.setFault('server_error');
    await nextPoll();
    expect(poller.status().up).toBe(false);
    expect((await pricesShown()).card).toBe('$890 MXN');
  });
});

describe("the link's setup, checked at the first read", () => {
  it('a link set up as the pages say: no warning', async () => {
    const { poller, log } = start();
    await poller.firstPoll;
    expect(log.lines.filter((line) => line.level >= WARN)).toEqual([]);
  });

  it('warns once, however many reads report it, when buyers are not made to accept the terms', async () => {
    standIn.setSetup({ termsOfService: 'none' });
    const { poller, log, nextPoll } = start();
    await poller.firstPoll;
    await nextPoll();
    await nextPoll();
    expect(log.lines.filter((line) => line.level >= WARN)).toMatchObject([
      {
        level: WARN,
        event: 'checkout_setup',
        source: 'stripe',
        msg: 'the Payment Link does not make buyers accept the terms (consent_collection.terms_of_service is none): switch on "Require customers to accept your terms of service", with /terminos as the terms URL (docs/pricing.md)',
      },
    ]);
  });

  it("warns when the link's count of places given back is not one the site wrote, and counts the spots without it", async () => {
    standIn.sell(12);
    standIn.setMetadata({ taller_limit_added_by_site: 'dos' });
    const { poller, log } = start();
    await poller.firstPoll;
    expect(log.lines.filter((line) => line.event === 'checkout_setup').map((line) => line.msg)).toEqual([
      "the Payment Link's metadata taller_limit_added_by_site is not a number of places the site wrote: the page ignores it, and no expired voucher's place is given back until it is (docs/spots.md)",
    ]);
    expect(poller.current()).toEqual({ remaining: 18, limit: 30 });
  });

  it('warns when the link charges another dollar amount than the page says, or adds taxes to a price the page calls final', async () => {
    standIn.setPrice({ currency: 'usd', unitAmount: 5900, options: { mxn: 89_000 }, taxBehavior: 'exclusive' });
    standIn.setSetup({ automaticTax: true });
    const { poller, log } = start();
    await poller.firstPoll;
    expect(log.lines.filter((line) => line.event === 'checkout_setup').map((line) => line.msg)).toEqual([
      'the Payment Link charges 59 USD but the page says 49 USD: make the price in shared/content/siteFacts.ts and the one at the link agree (docs/pricing.md)',
      'the Payment Link adds taxes on top of its price (automatic tax on, a tax_behavior of "exclusive"), but the page and the terms say "impuestos incluidos": make the price tax-inclusive, or turn automatic tax off (docs/pricing.md)',
    ]);
  });
});
