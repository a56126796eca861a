/**
 * The Early Bird's price in pesos as a visitor gets it, through the real app with the price as the poller holds it:
 * on the price card and its pay button, in the JSON-LD offer and in the terms, with the dollars beside it; without a
 * peso amount, dollars and the line about local currency; and how long a shared cache may keep a page that shows it.
 */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { PriceFeed } from '../../server/spots/poller';
import type { PesoPrice } from '../../shared/logic/pesoPrice';
import { pricing } from '../../shared/content/landingPageWords';
import { BEFORE_DEADLINE_MS, DEFAULT_DEADLINE_MS, testApp } from '../helpers/testApp';
import { parseHtml, textOf } from '../helpers/html';

const ENV = { CHECKOUT_URL: 'https://pay.example.org/c/taller-49', EARLY_BIRD_DEADLINE: '2025-09-30T23:59:59-06:00' };

/** The price as a poller holds it, changed by the test between requests. */
function heldPrice(initial: PesoPrice | null): PriceFeed & { set(next: PesoPrice | null): void } {
  let price = initial;
  return {
    pesoPrice: () => price,
    set: (next) => {
      price = next;
    },
  };
}

async function landing(price?: PriceFeed, now = BEFORE_DEADLINE_MS) {
  const res = await request(testApp({ now, env: ENV, price }).app).get('/');
  expect(res.status).toBe(200);
  const doc = parseHtml(res.text);
  const card = doc.querySelector('#precios .pricing__card .price-card') as Element;
  const jsonLd = JSON.parse(doc.querySelector('script[type="application/ld+json"]')?.textContent ?? '{}') as { offers?: Record<string, unknown> };
  return { html: res.text, card, jsonLd };
}

const termsText = async (price?: PriceFeed) =>
  textOf(parseHtml((await request(testApp({ now: BEFORE_DEADLINE_MS, env: ENV, price }).app).get('/terminos')).text).querySelector('main'));

describe('with a peso amount at the checkout', () => {
  it('the card shows it as the price, the dollars beside it, and the pay button says it', async () => {
    const { card } = await landing(heldPrice({ centavos: 89_000 }));
    expect(card.className).toContain('price-card--early');
    expect(textOf(card.querySelector('.price-card__now'))).toBe('$890 MXN');
    expect(textOf(card.querySelector('.price-card__old del'))).toBe('97 USD');
    expect(textOf(card.querySelector('.price-card__dollars'))).toBe('En dólares: 49 USD');
    expect(textOf(card.querySelector('.price-card__taxes'))).toBe('Precio final, impuestos incluidos.');
    expect(textOf(card)).toContain(pricing.pesoNote);
    expect(textOf(card)).not.toContain(pricing.currencyNote);
    expect(card.querySelector('a[data-checkout]')?.textContent).toBe('Inscribirme por $890\u00a0MXN');
  });

  it('the JSON-LD offer has it as the price, the dollars beside it, both with taxes included', async () => {
    const { jsonLd } = await landing(heldPrice({ centavos: 89_000 }));
    expect(jsonLd.offers).toMatchObject({
      price: '890',
      priceCurrency: 'MXN',
      priceSpecification: [
        { '@type': 'PriceSpecification', price: '890', priceCurrency: 'MXN', valueAddedTaxIncluded: true },
        { '@type': 'PriceSpecification', price: '49', priceCurrency: 'USD', valueAddedTaxIncluded: true },
      ],
    });
  });

  it('writes pesos as Mexico does: grouped thousands, centavos only when there are some', async () => {
    const { card, jsonLd } = await landing(heldPrice({ centavos: 124_950 }));
    expect(textOf(card.querySelector('.price-card__now'))).toBe('$1,249.50 MXN');
    expect(jsonLd.offers).toMatchObject({ price: '1249.50', priceCurrency: 'MXN' });
  });

  it('the terms state it for the Early Bird, with the dollars beside it, and what a buyer in Mexico is charged', async () => {
    const text = await termsText(heldPrice({ centavos: 89_000 }));
    expect(text).toContain('cuesta $890 MXN (49 USD) en lugar de 97 USD (ahorras 48 USD)');
    expect(text).toContain('un monto fijo en pesos mexicanos, $890 MXN');
    expect(text).toContain('en dólares es de 49 USD');
  });

  it('the normal-price card, which the checkout prices nowhere, stays in dollars', async () => {
    const { card, html } = await landing(heldPrice({ centavos: 89_000 }), DEFAULT_DEADLINE_MS);
    expect(card.className).toContain('price-card--normal');
    expect(textOf(card.querySelector('.price-card__now'))).toBe('97 USD');
    expect(html).not.toContain('MXN');
  });

  it('follows the checkout: a new amount, or none, is on the next page, with a new ETag', async () => {
    const price = heldPrice({ centavos: 89_000 });
    const { app } = testApp({ now: BEFORE_DEADLINE_MS, env: ENV, price });
    const first = await request(app).get('/');
    price.set({ centavos: 95_000 });
    const changed = await request(app)
      .get('/')
      .set('If-None-Match', first.headers.etag as string);
    expect(changed.status).toBe(200);
    expect(textOf(parseHtml(changed.text).querySelector('.price-card__now'))).toBe('$950 MXN');
    price.set(null);
    expect(textOf(parseHtml((await request(app).get('/')).text).querySelector('.price-card__now'))).toBe('49 USD');
  });
});

describe('without a peso amount', () => {
  it.each([
    ['the checkout has none', heldPrice(null)],
    ['the checkout is not read', undefined],
  ])('%s: the dollar price, the line about local currency, and no pesos anywhere', async (_case, price) => {
    const { card, html, jsonLd } = await landing(price);
    expect(textOf(card.querySelector('.price-card__now'))).toBe('49 USD');
    expect(card.querySelector('.price-card__dollars')).toBeNull();
    expect(textOf(card)).toContain(pricing.currencyNote);
    expect(card.querySelector('a[data-checkout]')?.textContent).toBe('Inscribirme por 49\u00a0USD');
    expect(jsonLd.offers).toMatchObject({
      price: '49',
      priceCurrency: 'USD',
      priceSpecification: [{ '@type': 'PriceSpecification', price: '49', priceCurrency: 'USD', valueAddedTaxIncluded: true }],
    });
    expect(html).not.toContain('MXN');
    const terms = await termsText(price);
    expect(terms).toContain('el taller cuesta 49 USD en lugar de 97 USD');
    expect(terms).not.toContain('MXN');
  });
});

describe('the terms in a shared cache', () => {
  it('are kept no longer than the landing page while the price comes from the checkout, and change their ETag with it', async () => {
    const price = heldPrice({ centavos: 89_000 });
    const { app } = testApp({ now: BEFORE_DEADLINE_MS, env: ENV, price });
    const first = await request(app).get('/terminos');
    expect(first.headers['cache-control']).toContain('s-maxage=1,');
    price.set({ centavos: 95_000 });
    const changed = await request(app)
      .get('/terminos')
      .set('If-None-Match', first.headers.etag as string);
    expect(changed.status).toBe(200);
    expect(changed.text).toContain('$950 MXN');
    // The other legal pages state no price: they stay as long-lived as the prompt page.
    const [refunds, prompt] = [await request(app).get('/reembolsos'), await request(app).get('/prompt1')];
    expect(refunds.headers['cache-control']).toBe(prompt.headers['cache-control']);
    expect(prompt.headers['cache-control']).not.toContain('s-maxage=1,');
  });

  it('are cached like the prompt page when no price is read from a checkout', async () => {
    const { app } = testApp({ now: BEFORE_DEADLINE_MS, env: ENV });
    const [terms, prompt] = [await request(app).get('/terminos'), await request(app).get('/prompt1')];
    expect(terms.headers['cache-control']).toBe(prompt.headers['cache-control']);
  });
});
