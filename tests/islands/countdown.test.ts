// @vitest-environment happy-dom
/**
 * The countdown island on the served page, woken by the real client code: it starts from the server's
 * instant, counts on the page's monotonic clock, and ignores the device's wall clock.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { takeConsoleErrors } from '../setup/fail-on-console-error';
import { fetchPage, hydrate, islandRoot, mountPage, settle, until, fakeDeviceClock } from '../helpers/islands';

const DEADLINE_ISO = '2026-03-01T12:00:00-06:00';
const DEADLINE_MS = Date.parse(DEADLINE_ISO);
const ENV = { EARLY_BIRD_DEADLINE: DEADLINE_ISO, WORKSHOP_START: '2026-03-10T20:00:00-06:00', CHECKOUT_URL: 'https://pay.example.org/taller' };
/** The page may be up to a second's snapshot plus a second in a shared cache old: it counts that much ahead. */
const DAY_MS = 86_400_000;

/** The countdown's four numbers as shown: days, hours, minutes, seconds. */
const countdown = (root: HTMLElement): string =>
  [...root.querySelectorAll('[role="timer"] .countdown__value')].map((value) => value.textContent ?? '').join(':');

/** Serves the landing page rendered at `nowMs`, mounts it, and sets the device's wall clock to `deviceNowMs`. */
async function servedAt(nowMs: number, deviceNowMs = nowMs): Promise<HTMLElement> {
  const html = await fetchPage('/', { nowMs, env: ENV });
  fakeDeviceClock(deviceNowMs);
  mountPage(html);
  return islandRoot('countdown');
}

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('countdown island', () => {
  // 1 min 5 s before the deadline: the served page shows 00:00:01:05.
  const NOW = DEADLINE_MS - 65_000;

  it('hydrates the served countdown without any mismatch, then counts from the server instant', async () => {
    const root = await servedAt(NOW);
    expect(root.dataset.hydrate).toBe('visible');
    expect(countdown(root)).toBe('00:00:01:05');
    await hydrate('countdown');
    expect(root.dataset.hydrated).toBe('true');
    // Its first frame is exactly the server's (no mismatch reported); then the page's clock, which counts
    // the 2 s the copy may have waited in a cache, so it errs early, never late.
    expect(console.error).not.toHaveBeenCalled();
    expect(countdown(root)).toBe('00:00:01:03');
  });

  it('ticks on each second boundary of the deadline, on the page’s monotonic clock', async () => {
    const root = await servedAt(NOW - 500);
    await hydrate('countdown');
    // Rendered for the start of its second; page time = that + 2 s ahead + 0 ms elapsed.
    expect(countdown(root)).toBe('00:00:01:04');
    vi.advanceTimersByTime(999);
    await settle();
    expect(countdown(root)).toBe('00:00:01:04');
    const seen: string[] = [];
    for (const step of [1, 1000, 1000]) {
      const before = countdown(root);
      vi.advanceTimersByTime(step);
      await until(() => countdown(root) !== before, `the countdown to change after ${step} ms`);
      seen.push(countdown(root));
    }
    expect(seen).toEqual(['00:00:01:03', '00:00:01:02', '00:00:01:01']);
  });

  it.each([
    ['400 days behind', -400 * DAY_MS],
    ['400 days ahead', 400 * DAY_MS],
  ])('shows the same with the device clock %s', async (_label, offset) => {
    const root = await servedAt(NOW, NOW + offset);
    await hydrate('countdown');
    expect(countdown(root)).toBe('00:00:01:03');
    vi.advanceTimersByTime(3000);
    await until(() => countdown(root) === '00:00:01:00', 'three seconds later');
  });

  it('reaches zero exactly at the deadline on the page clock, and stops', async () => {
    const root = await servedAt(DEADLINE_MS - 5_000);
    await hydrate('countdown');
    expect(countdown(root)).toBe('00:00:00:03');
    vi.advanceTimersByTime(2_999);
    await until(() => countdown(root) === '00:00:00:01', 'the last second');
    vi.advanceTimersByTime(1);
    await until(() => countdown(root) === '00:00:00:00', 'zero');
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('hydration mismatches are caught', () => {
  it('reports a recoverable error when the client props differ from what the server rendered', async () => {
    await servedAt(DEADLINE_MS - 65_000);
    // The client is told a different server instant than the one rendered: the first frame would differ.
    const script = document.querySelector('script[data-island-props="countdown"]');
    const props = JSON.parse(script?.textContent ?? '{}') as { nowMs: number };
    expect(typeof props.nowMs).toBe('number');
    script!.textContent = JSON.stringify({ ...props, nowMs: props.nowMs + 10_000 });

    await hydrate('countdown');

    // Taken here, or the setup file would fail this test for the very error it expects.
    const reported = takeConsoleErrors();
    expect(reported.length).toBeGreaterThan(0);
    const [message, error] = reported[0] ?? [];
    expect(message).toBe('Island "countdown" did not hydrate cleanly:');
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/Hydration failed/);
  });
});
