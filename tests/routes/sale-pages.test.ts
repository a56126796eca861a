/**
 * The sale's whole life through the real app, with an injected clock: Early Bird, normal, sold out and
 * closed, each at its exact instant, and no offer on the page once its time is over.
 */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { contactCalls, pricing } from '../../shared/content/landingPageWords';
import { workshop } from '../../shared/content/siteFacts';
import { DEFAULT_DEADLINE_MS, TEST_START_MS, testApp } from '../helpers/testApp';
import { parseHtml, textOf } from '../helpers/html';

const CHECKOUT_URL = 'https://pay.example.org/c/taller-49';
const CONTACT_EMAIL = 'hola@taller.example.org';
const ENV = { CHECKOUT_URL, CONTACT_EMAIL };
const SEED_START = '2025-09-03T20:00:00-06:00';

interface Served {
  html: string;
  doc: Document;
  card: Element;
  /** What a visitor reads: the page's text without scripts and without the templates of later states. */
  visibleText: string;
  jsonLd: Record<string, unknown>;
}

async function landingAt(now: number, env: Record<string, string> = {}): Promise<Served> {
  const res = await request(testApp({ now, env: { ...ENV, ...env } }).app).get('/');
  expect(res.status).toBe(200);
  const doc = parseHtml(res.text);
  const jsonLd = JSON.parse(doc.querySelector('script[type="application/ld+json"]')?.textContent ?? '{}') as Record<string, unknown>;
  const body = doc.body.cloneNode(true) as HTMLElement;
  for (const hidden of body.querySelectorAll('script, template')) hidden.remove();
  return { html: res.text, doc, card: doc.querySelector('#precios .pricing__card .price-card') as Element, visibleText: textOf(body), jsonLd };
}

const stateOf = (served: Served): string | undefined => /price-card--([a-z-]+)/.exec(served.card.className)?.[1];

/** No checkout link, no 49 USD, in the HTML, the island props or the JSON-LD. */
function expectNoOffer(served: Served): void {
  expect(served.html).not.toContain(CHECKOUT_URL);
  expect(served.html).not.toMatch(/49(&nbsp;|\s|\u00a0)USD/);
  expect(served.visibleText).not.toMatch(/\b49\b/);
  expect(JSON.stringify(served.jsonLd)).not.toContain('"49"');
}

describe('Early Bird (before the deadline and the start)', () => {
  it('shows the banner, 97 struck through, 49 USD, the saving, the spots and the checkout in a new tab', async () => {
    const served = await landingAt(DEFAULT_DEADLINE_MS - 1000);
    const { card } = served;
    expect(stateOf(served)).toBe('early');
    expect(textOf(card.querySelector('.price-card__banner'))).toMatch(/Early Bird/);
    expect(textOf(card.querySelector('del'))).toBe('97 USD');
    expect(textOf(card.querySelector('.price-card__now'))).toBe('49 USD');
    expect(textOf(card.querySelector('.badge--saving'))).toBe('Ahorras 48 USD');
    expect(textOf(card)).toContain('30 lugares');
    const link = card.querySelector('a.btn') as Element;
    expect(link.getAttribute('href')).toBe(CHECKOUT_URL);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(card.querySelector('button')).toBeNull();
  });

  it('states the end of the offer in words, with its year, so it is clear without JavaScript', async () => {
    const { card } = await landingAt(DEFAULT_DEADLINE_MS - 86_400_000);
    expect(textOf(card.querySelector('.price-card__until'))).toBe(
      `${pricing.untilPrefix} martes 30 de septiembre de 2025, 11:59 p. m. ${workshop.zoneShortLabel}`,
    );
  });

  it('shows the remaining days, hours, minutes and seconds as of the request', async () => {
    const left = ((2 * 24 + 3) * 60 + 4) * 60 + 5;
    const { card } = await landingAt(DEFAULT_DEADLINE_MS - left * 1000);
    expect([...card.querySelectorAll('.countdown__part')].map(textOf)).toEqual(['02 días', '03 horas', '04 minutos', '05 segundos']);
  });

  it('ships the countdown island only the server instant, how stale it may be and the end: never the checkout', async () => {
    const now = DEFAULT_DEADLINE_MS - 5000;
    const { doc } = await landingAt(now);
    const props = JSON.parse(doc.querySelector('script[data-island-props="countdown"]')?.textContent ?? '') as unknown;
    expect(props).toEqual({ nowMs: now, aheadMs: 2000, endMs: DEFAULT_DEADLINE_MS });
    expect(JSON.parse(doc.getElementById('sale-clock')?.textContent ?? '')).toEqual({ nowMs: now, aheadMs: 2000 });
  });

  it('offers 49 USD in its JSON-LD, limited, until the deadline, at the checkout', async () => {
    const { jsonLd } = await landingAt(DEFAULT_DEADLINE_MS - 60_000);
    expect(jsonLd.offers).toMatchObject({
      price: '49',
      priceCurrency: 'USD',
      availability: 'https://schema.org/LimitedAvailability',
      validThrough: '2025-09-30T23:59:59-06:00',
      url: CHECKOUT_URL,
    });
  });

  it('keeps the checkout URL escaped inside the page', async () => {
    const { html, card } = await landingAt(DEFAULT_DEADLINE_MS - 5000, { CHECKOUT_URL: 'https://pay.example.org/?a=</script><b>&c=1' });
    expect(html).not.toContain('</script><b>');
    expect(card.querySelector('a.btn')?.getAttribute('href')).toBe('https://pay.example.org/?a=%3C/script%3E%3Cb%3E&c=1');
  });
});

describe('normal price (from the deadline until the start)', () => {
  it.each([
    ['at the deadline itself', DEFAULT_DEADLINE_MS],
    ['one second after', DEFAULT_DEADLINE_MS + 1000],
    ['1 ms before the start', TEST_START_MS - 1],
  ])('%s: only 97 USD and the disabled "Contactar para precio normal", no offer anywhere', async (_when, now) => {
    const served = await landingAt(now);
    const { card } = served;
    expect(stateOf(served)).toBe('normal');
    expect(textOf(card.querySelector('.price-card__now'))).toBe('97 USD');
    expect(card.querySelector('del, .countdown, a[target="_blank"]')).toBeNull();
    const button = card.querySelector('button') as Element;
    expect(textOf(button)).toBe('Contactar para precio normal');
    expect(button.hasAttribute('disabled')).toBe(true);
    expectNoOffer(served);
  });

  it('says nothing that is no longer true: no special price, no "does not last", no "today"', async () => {
    const { visibleText } = await landingAt(DEFAULT_DEADLINE_MS);
    expect(visibleText).not.toMatch(/precio especial|no dura|\bhoy\b/i);
    expect(textOf((await landingAt(DEFAULT_DEADLINE_MS)).doc.querySelector('#precios-titulo'))).toBe(pricing.normalTitle);
  });

  it('still leads every call to action to the pricing section', async () => {
    const { doc } = await landingAt(DEFAULT_DEADLINE_MS);
    const calls = [...doc.querySelectorAll('.topbar__cta, .hero__actions .btn--primary, .closing .btn')].filter((el) => !el.closest('template'));
    expect(calls.map((call) => call.getAttribute('href'))).toEqual(['#precios', '#precios', '#precios']);
  });

  it('offers 97 USD in its JSON-LD, valid until the start, on the page itself', async () => {
    const { jsonLd } = await landingAt(DEFAULT_DEADLINE_MS);
    expect(jsonLd.offers).toMatchObject({
      price: '97',
      availability: 'https://schema.org/InStock',
      validThrough: '2025-10-08T20:00:00-06:00',
      url: 'http://127.0.0.1:3000/#precios',
    });
  });
});

describe('sold out (SOLD_OUT=true, before the start)', () => {
  const SOLD_OUT = { SOLD_OUT: 'true' };

  it.each([
    ['during the Early Bird', DEFAULT_DEADLINE_MS - 86_400_000],
    ['after the deadline', DEFAULT_DEADLINE_MS + 1000],
  ])('%s: "Cupo lleno", a mail to join the waiting list, and no checkout anywhere', async (_when, now) => {
    const served = await landingAt(now, SOLD_OUT);
    expect(stateOf(served)).toBe('sold-out');
    expect(textOf(served.card.querySelector('.price-card__status'))).toBe('Cupo lleno');
    const join = served.card.querySelector('a.btn') as Element;
    expect(textOf(join)).toBe(contactCalls.waitlist.label);
    const mailto = new URL(join.getAttribute('href') ?? '');
    expect(mailto.protocol).toBe('mailto:');
    expect(mailto.pathname).toBe(CONTACT_EMAIL);
    expect(mailto.searchParams.get('subject')).toBe(contactCalls.waitlist.subject);
    expect(served.card.querySelector('.countdown')).toBeNull();
    expectNoOffer(served);
    expect((served.jsonLd.offers as Record<string, unknown>).availability).toBe('https://schema.org/SoldOut');
  });

  it('turns the calls to action into the waiting list', async () => {
    const { doc } = await landingAt(DEFAULT_DEADLINE_MS - 1000, SOLD_OUT);
    expect(textOf(doc.querySelector('.hero .badge'))).toBe('Cupo lleno');
    const hero = doc.querySelector('.hero__actions .btn--primary') as Element;
    expect(textOf(hero)).toBe(contactCalls.waitlist.label);
    expect(hero.getAttribute('href')).toMatch(/^mailto:hola@taller\.example\.org\?subject=/);
  });
});

describe('closed (from the start on)', () => {
  it.each([
    ['at the start', TEST_START_MS, {}],
    ['a year later', TEST_START_MS + 365 * 86_400_000, {}],
    ['sold out as well', TEST_START_MS, { SOLD_OUT: 'true' }],
  ])('%s: "Inscripciones cerradas" in the hero and the pricing, with the full date, and nothing to buy', async (_when, now, env) => {
    const served = await landingAt(now, env);
    const { doc, card } = served;
    expect(stateOf(served)).toBe('closed');
    expect(textOf(doc.querySelector('.hero .badge'))).toBe('Inscripciones cerradas');
    expect(textOf(doc.querySelector('.hero__facts li'))).toBe('Se realizó el miércoles 8 de octubre de 2025');
    expect(textOf(card.querySelector('.price-card__status'))).toBe('Inscripciones cerradas');
    expect(textOf(card)).toContain('se realizó el miércoles 8 de octubre de 2025');
    expect(doc.querySelector('.countdown, [data-island="countdown"], #sale-clock, template')).toBeNull();
    expectNoOffer(served);
    expect(served.html).not.toMatch(/\b97(&nbsp;|\s|\u00a0)USD/);
    expect(served.jsonLd).not.toHaveProperty('offers');
    expect(served.jsonLd.startDate).toBe('2025-10-08T20:00:00-06:00');
  });

  it('turns every call to action into a mail about the next edition, and drops the calendar links', async () => {
    const { doc, visibleText } = await landingAt(TEST_START_MS);
    const calls = [...doc.querySelectorAll('.topbar__cta, .hero__actions .btn--primary, .pricing__card .btn, .closing .btn')];
    expect(calls).toHaveLength(4);
    for (const call of calls) {
      const url = new URL(call.getAttribute('href') ?? '');
      expect(url.protocol).toBe('mailto:');
      expect(url.searchParams.get('subject')).toBe(contactCalls.nextEdition.subject);
    }
    expect(doc.querySelector('a.btn[href="#precios"]')).toBeNull();
    expect(doc.querySelector('a[href*="calendar.google.com"], a[download]')).toBeNull();
    expect(visibleText).not.toMatch(/Reserva tu lugar|precio especial|no dura|\bhoy\b/i);
    // Still the owner's showcase: the workshop itself is presented.
    expect(doc.querySelectorAll('#que-es, #temario, #sobre-mi, #detalles, #faq')).toHaveLength(5);
  });
});

describe('the seed’s own defaults (the deadline after the start)', () => {
  const seed = { WORKSHOP_START: SEED_START };
  const startMs = Date.parse(SEED_START);

  it('sell at 49 USD until the start, counting down to it, then close', async () => {
    const before = await landingAt(startMs - 1, seed);
    expect(stateOf(before)).toBe('early');
    expect(textOf(before.card.querySelector('.price-card__until'))).toBe(
      `${pricing.untilPrefix} miércoles 3 de septiembre de 2025, 8:00 p. m. ${workshop.zoneShortLabel}`,
    );
    expect((before.jsonLd.offers as Record<string, unknown>).validThrough).toBe('2025-09-03T20:00:00-06:00');
    const at = await landingAt(startMs, seed);
    expect(stateOf(at)).toBe('closed');
    expectNoOffer(at);
  });

  it('show today (long after both) as closed', async () => {
    const served = await landingAt(Date.parse('2026-11-22T12:00:00Z'), seed);
    expect(stateOf(served)).toBe('closed');
    expect(textOf(served.doc.querySelector('.footer__rights'))).toMatch(/^© 2026 /);
  });
});

describe('dates a buyer cannot misread', () => {
  it.each([
    ['Early Bird', DEFAULT_DEADLINE_MS - 86_400_000],
    ['normal', DEFAULT_DEADLINE_MS],
    ['closed', TEST_START_MS],
  ])('%s: every visible date of the workshop carries its year', async (_state, now) => {
    const { visibleText } = await landingAt(now);
    const dates = visibleText.match(/\d{1,2} de (enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre)( de \d{4})?/g) ?? [];
    expect(dates.length).toBeGreaterThanOrEqual(2);
    for (const date of dates) expect(date).toMatch(/ de \d{4}$/);
  });
});
