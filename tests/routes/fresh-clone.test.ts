/**
 * `npm start` on a fresh clone, with no setting at all: the page a newcomer first sees sells, the Early Bird with its
 * countdown and its checkout, on dates made from the moment the server starts (production refuses to start so).
 */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../server/config/settings';
import { pricing } from '../../shared/content/landingPageWords';
import { parseHtml, textOf } from '../helpers/html';
import { testApp } from '../helpers/testApp';

/** Any day: the dates move with the clock. */
const STARTED = Date.parse('2031-05-06T09:15:00-06:00');
const NO_DATES = { WORKSHOP_START: '', EARLY_BIRD_DEADLINE: '' };

describe('the landing page with no settings', () => {
  it('shows the Early Bird, its countdown to the end of the day a week on, and its checkout', async () => {
    const res = await request(testApp({ now: STARTED, env: NO_DATES }).app).get('/');
    const card = parseHtml(res.text).querySelector('#precios .price-card');
    expect(card?.className).toContain('price-card--early');
    expect(textOf(card?.querySelector('.price-card__banner'))).toBe(pricing.banner);
    expect([...(card?.querySelectorAll('.countdown__part') ?? [])].map(textOf)).toEqual(['07 días', '14 horas', '44 minutos', '59 segundos']);
    expect(textOf(card?.querySelector('.price-card__until'))).toContain('13 de mayo de 2031');
    expect(card?.querySelector('a.btn')?.getAttribute('href')).toBe(DEFAULTS.CHECKOUT_URL);
  });

  it('dates the workshop two weeks on, at 8 pm in Mexico City', async () => {
    const res = await request(testApp({ now: STARTED, env: NO_DATES }).app).get('/');
    const details = textOf(parseHtml(res.text).querySelector('#detalles'));
    expect(details).toContain('martes 20 de mayo de 2031');
    expect(details).toContain('8:00 p. m.');
  });
});
