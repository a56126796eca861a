// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pricing } from '../../shared/content';
import { contactForNormalPrice } from '../../shared/islands/PricingCard';
import { fetchPage, hydrate, islandRoot, mountPage, settle, textOf, until, useFakeClock } from '../helpers/islands';

const DEADLINE_ISO = '2026-03-01T12:00:00-06:00';
const DEADLINE_MS = Date.parse(DEADLINE_ISO);
const ENV = { EARLY_BIRD_DEADLINE: DEADLINE_ISO, CHECKOUT_URL: 'https://pay.example.org/taller' };

/** The countdown's four numbers as shown: days, hours, minutes, seconds. */
const countdown = (root: HTMLElement): string[] =>
  [...root.querySelectorAll('[role="timer"] .countdown__value')].map((value) => value.textContent ?? '');

const amounts = (root: HTMLElement): string[] => [...root.querySelectorAll('.price-card__amount')].map((el) => el.textContent ?? '');

/** Serves the landing page at `nowMs`, mounts it, and starts this document's clock at the same instant. */
async function servedAt(nowMs: number): Promise<HTMLElement> {
  const html = await fetchPage('/', { nowMs, env: ENV });
  useFakeClock(nowMs);
  mountPage(html);
  return islandRoot('pricing');
}

/** happy-dom has no window.alert (browsers do): a spy stands in for it. */
function stubAlert() {
  const alert = vi.fn<(message?: string) => void>();
  vi.stubGlobal('alert', alert);
  return alert;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('pricing island, Early Bird', () => {
  // 1 min 1.5 s before the deadline: rounded up, the card shows 00:00:01:02.
  const NOW = DEADLINE_MS - 61_500;

  it('hydrates the served card without any mismatch and marks its root', async () => {
    const root = await servedAt(NOW);
    const served = root.innerHTML;
    expect(root.dataset.hydrate).toBe('visible');
    expect(root.dataset.hydrated).toBeUndefined();
    expect(countdown(root)).toEqual(['00', '00', '01', '02']);

    await hydrate('pricing');

    expect(root.dataset.hydrated).toBe('true');
    // Nothing was re-rendered on the client: the served markup is still what is shown.
    expect(root.innerHTML).toBe(served);
    expect(console.error).not.toHaveBeenCalled();
    const checkout = root.querySelector<HTMLAnchorElement>('a.btn--primary');
    expect(checkout?.getAttribute('href')).toBe(ENV.CHECKOUT_URL);
    expect(checkout?.target).toBe('_blank');
    expect(checkout?.rel).toBe('noopener noreferrer');
  });

  it('ticks on each second boundary of the deadline', async () => {
    const root = await servedAt(NOW);
    await hydrate('pricing');
    expect(countdown(root)).toEqual(['00', '00', '01', '02']);

    // The next boundary is 0.5 s away: nothing changes before it...
    vi.advanceTimersByTime(499);
    await settle();
    expect(countdown(root)).toEqual(['00', '00', '01', '02']);

    // ...and the display changes exactly on it, then once every second.
    const seen: string[] = [];
    for (const step of [1, 1000, 1000, 1000]) {
      const before = countdown(root).join(':');
      vi.advanceTimersByTime(step);
      await until(() => countdown(root).join(':') !== before, `the countdown to change after ${step} ms`);
      seen.push(countdown(root).join(':'));
    }
    expect(seen).toEqual(['00:00:01:01', '00:00:01:00', '00:00:00:59', '00:00:00:58']);
  });

  it('switches the same card to the normal price in place when the countdown reaches zero', async () => {
    const root = await servedAt(DEADLINE_MS - 2_000);
    await hydrate('pricing');
    expect(countdown(root)).toEqual(['00', '00', '00', '02']);

    vi.advanceTimersByTime(1_000);
    await until(() => countdown(root).join(':') === '00:00:00:01', 'the last second');
    // With one second left the Early Bird offer is still on.
    expect(root.querySelector('.price-card--early')).not.toBeNull();

    vi.advanceTimersByTime(1_000);
    await until(() => root.querySelector('.price-card--normal') !== null, 'the normal-price card');

    expect(root.isConnected).toBe(true);
    expect(islandRoot('pricing')).toBe(root);
    expect(root.querySelector('.price-card--early')).toBeNull();
    expect(root.querySelector('[role="timer"]')).toBeNull();
    expect(root.querySelector('del')).toBeNull();
    expect(amounts(root)).toEqual(['97']);
    expect(textOf(root.querySelector('.price-card__now'))).toBe('97 USD');
    expect(textOf(root)).not.toContain('49');
    expect(root.querySelector(`a[href="${ENV.CHECKOUT_URL}"]`)).toBeNull();
    const button = root.querySelector('button');
    expect(textOf(button)).toBe('Contactar para precio normal');
    expect(button?.disabled).toBe(true);
    // Past the deadline the card stops ticking.
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('pricing island, normal price', () => {
  it('hydrates a card served after the deadline and keeps its button disabled', async () => {
    const root = await servedAt(DEADLINE_MS + 5_000);
    const served = root.innerHTML;
    await hydrate('pricing');
    expect(root.innerHTML).toBe(served);
    expect(amounts(root)).toEqual(['97']);
    const button = root.querySelector('button');
    expect(textOf(button)).toBe(pricing.normalCta);
    expect(button?.disabled).toBe(true);
    expect(vi.getTimerCount()).toBe(0);

    // A disabled button never reaches its handler.
    const alert = stubAlert();
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    button?.click();
    await settle();
    expect(alert).not.toHaveBeenCalled();
    expect(info).not.toHaveBeenCalled();
  });

  it('contactForNormalPrice logs to the console and shows the alert', () => {
    const alert = stubAlert();
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    contactForNormalPrice();
    expect(info).toHaveBeenCalledTimes(1);
    expect(alert).toHaveBeenCalledTimes(1);
    expect(alert).toHaveBeenCalledWith('Por favor contacta para el precio normal');
  });
});

describe('hydration mismatches are caught', () => {
  it('reports a recoverable error when the client props differ from what the server rendered', async () => {
    const root = await servedAt(DEADLINE_MS - 61_500);
    // The client is told a different "now" than the server rendered with: the countdown text differs.
    const script = document.querySelector('script[data-island-props="pricing"]');
    const props = JSON.parse(script?.textContent ?? '{}') as { nowMs: number };
    expect(typeof props.nowMs).toBe('number');
    script!.textContent = JSON.stringify({ ...props, nowMs: props.nowMs + 10_000 });

    // Collected here instead of by the setup file, which would fail this test for the very error it expects.
    const reported: unknown[][] = [];
    vi.mocked(console.error).mockImplementation((...args: unknown[]) => {
      reported.push(args);
    });

    await hydrate('pricing');

    expect(reported.length).toBeGreaterThan(0);
    const [message, error] = reported[0] ?? [];
    expect(message).toBe('Island "pricing" did not hydrate cleanly:');
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/Hydration failed/);
  });
});
