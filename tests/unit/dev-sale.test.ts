/**
 * `npm run dev -- --state <state>` shows the sale in that state by passing the server ordinary dates: each state's
 * settings, read by the real configuration and rendered by the real app, give that state now and for hours on.
 */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { DEV_STATES, devSaleSettings, devStateFrom } from '../../scripts/lib/devSale';
import { readConfig } from '../../server/config/settings';
import { saleState } from '../../shared/logic/sale';
import { testApp } from '../helpers/testApp';
import { parseHtml } from '../helpers/html';

const NOW = Date.parse('2026-11-25T17:42:31.250Z');
const HOUR_MS = 3_600_000;
/** The pricing card's modifier for each state. */
const CARD = { 'early-bird': 'early', normal: 'normal', 'sold-out': 'sold-out', closed: 'closed', cancelled: 'cancelled' };

describe('the dev mode state → settings mapping', () => {
  it('covers every state of the sale', () => {
    expect([...DEV_STATES].sort()).toEqual(['cancelled', 'closed', 'early-bird', 'normal', 'sold-out']);
  });

  it.each(DEV_STATES)('%s: the configuration reads the settings and the sale is in that state now and hours later', (state) => {
    const settings = devSaleSettings(state, NOW);
    const { sale } = readConfig(settings, NOW);
    expect(saleState(NOW, sale)).toBe(state);
    expect(saleState(NOW + 12 * HOUR_MS, sale)).toBe(state);
  });

  it.each(DEV_STATES)('%s: the landing page shows that state', async (state) => {
    const res = await request(testApp({ now: NOW, env: devSaleSettings(state, NOW) }).app).get('/');
    const card = parseHtml(res.text).querySelector('#precios .pricing__card .price-card');
    expect(card?.className).toContain(`price-card--${CARD[state]}`);
  });
});

describe('the dev mode command line', () => {
  it('takes --state, in either form, or none', () => {
    expect(devStateFrom(['--state', 'normal'])).toBe('normal');
    expect(devStateFrom(['--state=sold-out'])).toBe('sold-out');
    expect(devStateFrom([])).toBeNull();
  });

  it('refuses an unknown state or flag with one line naming what it expected', () => {
    expect(() => devStateFrom(['--state', 'open'])).toThrow('Unknown state "open": expected one of early-bird, normal, sold-out, closed, cancelled');
    expect(() => devStateFrom(['--sate', 'normal'])).toThrow(/Unknown option '--sate'/);
  });
});
