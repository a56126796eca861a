/**
 * What the landing page says about the Early Bird's spots, through the real app with an injected clock and
 * the spots as the poller would hold them: the count, the last spot, a deactivated link, and the rules for
 * shared caches and 304s once the spots are gone.
 */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { SpotsFeed } from '../../server/spots/poller';
import { pricing } from '../../shared/content/landingPageWords';
import { type Spots, spotsFrom } from '../../shared/logic/spots';
import { BEFORE_DEADLINE_MS, TEST_START_MS, testApp } from '../helpers/testApp';
import { parseHtml, textOf } from '../helpers/html';

const CHECKOUT_URL = 'https://pay.example.org/c/taller-49';
const ENV = { CHECKOUT_URL, CONTACT_EMAIL: 'hola@taller.example.org' };

/** The spots as a poller holds them, changed by the test between requests. */
function heldSpots(initial: Spots | null, ready = true): SpotsFeed & { set(next: Spots | null): void } {
  let spots = initial;
  return {
    current: () => spots,
    ready: () => ready,
    set: (next) => {
      spots = next;
    },
  };
}

async function landing(spots: SpotsFeed, { now = BEFORE_DEADLINE_MS, env = {} }: { now?: number; env?: Record<string, string> } = {}) {
  const res = await request(testApp({ now, env: { ...ENV, ...env }, spots }).app).get('/');
  expect(res.status).toBe(200);
  const doc = parseHtml(res.text);
  const card = doc.querySelector('#precios .pricing__card .price-card') as Element;
  const jsonLd = JSON.parse(doc.querySelector('script[type="application/ld+json"]')?.textContent ?? '{}') as { offers?: Record<string, unknown> };
  return { res, html: res.text, card, jsonLd };
}

const reading = (count: number, limit: number | null = 30, active = true) => spotsFrom({ count, limit, active }, 30);

describe('the spots on the Early Bird card', () => {
  it.each([
    [0, 'Quedan 30 de 30 lugares con este precio', 30],
    [29, 'Queda 1 de 30 lugares con este precio', 1],
    [23, 'Quedan 7 de 30 lugares con este precio', 7],
  ])('after %i sales it says "%s", and the JSON-LD offer has inventoryLevel %i', async (count, line, left) => {
    const { card, jsonLd } = await landing(heldSpots(reading(count)));
    expect(card.className).toContain('price-card--early');
    expect(textOf(card.querySelector('.price-card__spots'))).toBe(line);
    expect(jsonLd.offers?.inventoryLevel).toEqual({ '@type': 'QuantitativeValue', value: left });
    expect(jsonLd.offers?.price).toBe('49');
  });

  it('takes the limit from the link, not from a constant: 40 after the owner raised it', async () => {
    const { card } = await landing(heldSpots(reading(31, 40)));
    expect(textOf(card.querySelector('.price-card__spots'))).toBe('Quedan 9 de 40 lugares con este precio');
  });

  it('says "Solo 30 lugares con este precio", with no inventoryLevel, before the checkout has answered or without Stripe', async () => {
    for (const spots of [heldSpots(null), undefined]) {
      const res = await request(testApp({ now: BEFORE_DEADLINE_MS, env: ENV, spots }).app).get('/');
      const doc = parseHtml(res.text);
      expect(textOf(doc.querySelector('.price-card__spots'))).toBe(pricing.spots);
      expect(res.text).not.toContain('inventoryLevel');
    }
  });
});

describe('the last spot sold', () => {
  it.each([
    ['30 of 30 sold', reading(30)],
    ['a deactivated link', reading(12, 30, false)],
  ])('%s: the normal price, no checkout and no 49 anywhere, and the card says the spots are taken', async (_name, spots) => {
    const { html, card, jsonLd, res } = await landing(heldSpots(spots));
    expect(card.className).toContain('price-card--normal');
    expect(textOf(card.querySelector('.price-card__now'))).toBe('97 USD');
    expect(textOf(card.querySelector('button[disabled]'))).toBe(pricing.normalCta);
    expect(textOf(card)).toContain(pricing.earlyBirdTakenNote);
    expect(textOf(card)).not.toContain(pricing.normalNote);
    expect(html).not.toContain(CHECKOUT_URL);
    expect(html).not.toMatch(/49(&nbsp;|\s|\u00a0)USD/);
    expect(parseHtml(res.text).querySelector('a[data-checkout]')).toBeNull();
    expect(JSON.stringify(jsonLd)).not.toContain('"49"');
    expect(jsonLd.offers?.availability).toBe('https://schema.org/InStock');
    expect(jsonLd.offers).not.toHaveProperty('inventoryLevel');
  });

  it('lets a shared cache keep the page no longer than before, and never confirms the Early Bird with a 304', async () => {
    const spots = heldSpots(reading(29));
    const app = testApp({ now: BEFORE_DEADLINE_MS, env: ENV, spots }).app;
    const early = await request(app).get('/');
    expect(early.headers['cache-control']).toContain('s-maxage=1');
    spots.set(reading(30));
    const revalidated = await request(app)
      .get('/')
      .set('If-None-Match', early.headers.etag as string);
    expect(revalidated.status).toBe(200);
    expect(revalidated.headers.etag).not.toBe(early.headers.etag);
    expect(revalidated.text).not.toContain(CHECKOUT_URL);
  });

  it('brings the Early Bird back with its new count when the owner raises the limit', async () => {
    const spots = heldSpots(reading(30));
    const app = testApp({ now: BEFORE_DEADLINE_MS, env: ENV, spots }).app;
    expect((await request(app).get('/')).text).not.toContain(CHECKOUT_URL);
    spots.set(reading(30, 35));
    const back = parseHtml((await request(app).get('/')).text);
    expect(textOf(back.querySelector('.price-card__spots'))).toBe('Quedan 5 de 35 lugares con este precio');
    expect(back.querySelector('a[data-checkout]')?.getAttribute('href')).toBe(CHECKOUT_URL);
  });

  it('leaves the normal note of the deadline when the time, not the spots, ended the Early Bird', async () => {
    const { card } = await landing(heldSpots(reading(30)), { now: TEST_START_MS - 3_600_000 });
    expect(textOf(card)).toContain(pricing.normalNote);
  });
});

describe('what still wins over the spots', () => {
  it('SOLD_OUT=true: "Cupo lleno", whatever the count', async () => {
    const { card } = await landing(heldSpots(reading(3)), { env: { SOLD_OUT: 'true' } });
    expect(textOf(card)).toContain(pricing.soldOutLabel);
  });

  it('the start: "Inscripciones cerradas", whatever the count', async () => {
    const { card } = await landing(heldSpots(reading(3)), { now: TEST_START_MS });
    expect(textOf(card)).toContain(pricing.closedLabel);
  });
});

describe('/healthz with the spots counted', () => {
  it('answers 503 "starting" until the first read has answered or failed, then 200', async () => {
    const starting = await request(testApp({ env: ENV, spots: heldSpots(null, false) }).app).get('/healthz');
    expect(starting.status).toBe(503);
    expect(starting.body).toEqual({ status: 'starting' });
    const failedFirst = await request(testApp({ env: ENV, spots: heldSpots(null, true) }).app).get('/healthz');
    expect(failedFirst.status).toBe(200);
  });
});
