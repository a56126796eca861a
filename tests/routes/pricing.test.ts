import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DEADLINE_MS, testApp } from '../helpers/app';
import { parseHtml, textOf } from '../helpers/html';

const pricingAt = async (now: number, env: Record<string, string> = {}) => {
  const res = await request(testApp({ now, env }).app).get('/');
  expect(res.status).toBe(200);
  return parseHtml(res.text).querySelector('#precios .price-card') as Element;
};

describe('pricing, Early Bird state (before the deadline)', () => {
  it('shows the banner, the struck-through normal price, the special price, the saving and the spots', async () => {
    const card = await pricingAt(DEFAULT_DEADLINE_MS - 1000);
    expect(card.classList.contains('price-card--early')).toBe(true);
    expect(textOf(card.querySelector('.price-card__banner'))).toMatch(/Early Bird/);
    expect(textOf(card.querySelector('del'))).toBe('97 USD');
    expect(textOf(card.querySelector('.price-card__now'))).toBe('49 USD');
    expect(textOf(card.querySelector('.badge--saving'))).toBe('Ahorras 48 USD');
    expect(textOf(card)).toContain('30 lugares');
  });

  it('shows the remaining days, hours, minutes and seconds as of the request', async () => {
    const left = ((2 * 24 + 3) * 60 + 4) * 60 + 5;
    const card = await pricingAt(DEFAULT_DEADLINE_MS - left * 1000);
    const parts = [...card.querySelectorAll('.countdown__part')].map(textOf);
    expect(parts).toEqual(['02 días', '03 horas', '04 minutos', '05 segundos']);
  });

  it('shows one second left one second before the deadline', async () => {
    const card = await pricingAt(DEFAULT_DEADLINE_MS - 1000);
    expect([...card.querySelectorAll('.countdown__value')].map(textOf)).toEqual(['00', '00', '00', '01']);
  });

  it('links to the configured checkout in a new tab, without a payload', async () => {
    const checkout = 'https://pay.example.org/c/taller-49';
    const card = await pricingAt(DEFAULT_DEADLINE_MS - 60_000, { CHECKOUT_URL: checkout });
    const link = card.querySelector('a.btn') as Element;
    expect(link.getAttribute('href')).toBe(checkout);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(card.querySelector('button')).toBeNull();
  });
});

describe('pricing, normal state (at or after the deadline)', () => {
  it.each([
    ['at the deadline second itself', DEFAULT_DEADLINE_MS],
    ['one second after', DEFAULT_DEADLINE_MS + 1000],
    ['today, long after the default deadline', Date.parse('2026-11-21T12:00:00Z')],
  ])('%s: only 97 USD and a disabled "Contactar para precio normal" button', async (_when, now) => {
    const card = await pricingAt(now);
    expect(card.classList.contains('price-card--normal')).toBe(true);
    expect(textOf(card.querySelector('.price-card__now'))).toBe('97 USD');
    expect(textOf(card)).not.toContain('49');
    expect(textOf(card)).not.toContain('Ahorras');
    expect(card.querySelector('del, .countdown, a[target="_blank"]')).toBeNull();
    const button = card.querySelector('button') as Element;
    expect(textOf(button)).toBe('Contactar para precio normal');
    expect(button.hasAttribute('disabled')).toBe(true);
  });

  it('follows a configured EARLY_BIRD_DEADLINE', async () => {
    const env = { EARLY_BIRD_DEADLINE: '2026-12-01T00:00:00-06:00' };
    expect((await pricingAt(Date.parse('2026-12-01T05:59:59Z'), env)).classList.contains('price-card--early')).toBe(true);
    expect((await pricingAt(Date.parse('2026-12-01T06:00:00Z'), env)).classList.contains('price-card--normal')).toBe(true);
  });
});

describe('island props', () => {
  it('ship the server clock and the deadline as epoch milliseconds, escaped for a script element', async () => {
    const now = DEFAULT_DEADLINE_MS - 5000;
    const res = await request(testApp({ now, env: { CHECKOUT_URL: 'https://pay.example.org/?a=</script><b>&c=1' } }).app).get('/');
    const script = parseHtml(res.text).querySelector('script[data-island-props="pricing"]');
    expect(script?.getAttribute('type')).toBe('application/json');
    expect(res.text).not.toContain('</script><b>');
    const props = JSON.parse(script?.textContent ?? '') as Record<string, unknown>;
    expect(props).toEqual({
      nowMs: now,
      deadlineMs: DEFAULT_DEADLINE_MS,
      checkoutUrl: 'https://pay.example.org/?a=%3C/script%3E%3Cb%3E&c=1',
      contactEmail: 'hola@example.com',
    });
  });
});
