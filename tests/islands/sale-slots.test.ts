// @vitest-environment happy-dom
/**
 * The page moving forward through the sale's states by itself (client/saleSlots.ts) on the served HTML:
 * at each instant of the page's clock, never by the device's wall clock, and never back.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { attributeCheckoutLinks } from '../../client/attribution';
import { advanceSlots, startSaleSlots } from '../../client/saleSlots';
import { contactCalls } from '../../shared/content/landingPageWords';
import { fetchPage, mountPage, fakeDeviceClock } from '../helpers/islands';

const DEADLINE_MS = Date.parse('2026-03-01T12:00:00-06:00');
const START_MS = Date.parse('2026-03-10T20:00:00-06:00');
const CHECKOUT_URL = 'https://pay.example.org/taller';
const ENV = { EARLY_BIRD_DEADLINE: '2026-03-01T12:00:00-06:00', WORKSHOP_START: '2026-03-10T20:00:00-06:00', CHECKOUT_URL };
const AHEAD_MS = 2000;

const cardState = (): string | undefined => /price-card--([a-z-]+)/.exec(document.querySelector('.pricing__card .price-card')?.className ?? '')?.[1];
const text = (selector: string): string => (document.querySelector(selector)?.textContent ?? '').replace(/\s+/g, ' ').trim();

async function mountAt(nowMs: number, deviceNowMs = nowMs): Promise<void> {
  const html = await fetchPage('/', { nowMs, env: ENV });
  fakeDeviceClock(deviceNowMs);
  mountPage(html);
}

const stops: (() => void)[] = [];
/** Starts the page's clock for this test only: the document outlives each test, its listeners must not. */
const start = (): void => void stops.push(startSaleSlots());

afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('advanceSlots', () => {
  it("carries the landing page's attribution into the normal price's own checkout when it swaps it in at the deadline", async () => {
    const normalCheckout = 'https://buy.stripe.com/test_normalprice';
    const env = {
      ...ENV,
      STRIPE_SECRET_KEY: 'rk_test_saleslotsnormal',
      STRIPE_PAYMENT_LINK: 'plink_1SlotsEarly',
      STRIPE_NORMAL_PAYMENT_LINK: 'plink_1SlotsNormal',
      NORMAL_CHECKOUT_URL: normalCheckout,
    };
    const html = await fetchPage('/', { nowMs: DEADLINE_MS - 60_000, env });
    fakeDeviceClock(DEADLINE_MS - 60_000);
    mountPage(html);
    attributeCheckoutLinks(document, '?utm_source=instagram&utm_campaign=lanzamiento');
    advanceSlots(document, DEADLINE_MS);
    expect(cardState()).toBe('normal');
    const links = [...document.querySelectorAll<HTMLAnchorElement>('.pricing__card a[data-checkout]')].map((link) => link.href);
    expect(links).toEqual([`${normalCheckout}?utm_source=instagram&utm_campaign=lanzamiento&client_reference_id=instagram____lanzamiento`]);
  });

  it('moves an Early Bird page to the normal price at the deadline, then to closed at the start', async () => {
    await mountAt(DEADLINE_MS - 60_000);
    expect(advanceSlots(document, DEADLINE_MS - 1)).toBe(DEADLINE_MS);
    expect(cardState()).toBe('early');
    expect(document.body.innerHTML).toContain(CHECKOUT_URL);

    expect(advanceSlots(document, DEADLINE_MS)).toBe(START_MS);
    expect(cardState()).toBe('normal');
    expect(text('#precios-titulo')).toBe('Reserva tu lugar');
    expect(text('.closing__text')).not.toMatch(/precio especial|no dura/);
    expect(document.body.innerHTML).not.toContain(CHECKOUT_URL);
    expect(document.querySelector('[data-island="countdown"]')).toBeNull();

    expect(advanceSlots(document, START_MS)).toBeNull();
    expect(cardState()).toBe('closed');
    expect(text('.hero .badge')).toBe('Inscripciones cerradas');
    expect(text('.hero__facts li')).toBe('Se realizó el martes 10 de marzo de 2026');
    expect(document.querySelector('.hero__actions .btn--primary')?.textContent).toBe(contactCalls.nextEdition.label);
    expect(document.querySelector('a[href*="calendar.google.com"]')).toBeNull();
    expect(document.querySelectorAll('template')).toHaveLength(0);
  });

  it('jumps straight to the latest state that is due, and never moves back', async () => {
    await mountAt(DEADLINE_MS - 60_000);
    expect(advanceSlots(document, START_MS + 1)).toBeNull();
    expect(cardState()).toBe('closed');
    expect(advanceSlots(document, DEADLINE_MS - 60_000)).toBeNull();
    expect(cardState()).toBe('closed');
  });
});

describe('startSaleSlots', () => {
  it('swaps in the normal price when the page clock reaches the deadline, whatever the device clock says', async () => {
    const renderedAt = DEADLINE_MS - 10_000;
    for (const deviceOffset of [0, -400 * 86_400_000, 400 * 86_400_000]) {
      await mountAt(renderedAt, renderedAt + deviceOffset);
      start();
      // The page clock: the server instant, 2 s ahead for a copy a cache may have kept, plus elapsed time.
      vi.advanceTimersByTime(10_000 - AHEAD_MS - 1);
      expect(cardState()).toBe('early');
      vi.advanceTimersByTime(1);
      expect(cardState()).toBe('normal');
      for (const stop of stops.splice(0)) stop();
      vi.useRealTimers();
    }
  });

  it('catches up when the page is shown again after the device slept (timers stood still)', async () => {
    await mountAt(DEADLINE_MS - 60_000);
    start();
    // Asleep: the wall clock moved a day, the monotonic clock and the timers did not.
    vi.setSystemTime(Date.now() + 86_400_000);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(cardState()).toBe('normal');
  });

  it('does nothing on a closed page, which has no clock', async () => {
    await mountAt(START_MS + 1000);
    start();
    expect(vi.getTimerCount()).toBe(0);
    expect(cardState()).toBe('closed');
  });
});
