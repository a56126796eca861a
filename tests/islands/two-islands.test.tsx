// @vitest-environment happy-dom
/**
 * Two islands of one name in one page, as the server renders them (shared/components/Island.tsx): the client
 * wakes each with its own props, never its neighbour's.
 */
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hydrateIsland } from '../../client/hydrate';
import { Island } from '../../shared/components/Island';
import { fakeDeviceClock, settle, textOf, until } from '../helpers/islands';

const NOW_MS = Date.parse('2026-03-01T12:00:00-06:00');
const HOUR_MS = 3_600_000;

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('two islands of one name', () => {
  it('hydrate each with its own props: two countdowns to different ends keep their own numbers', async () => {
    fakeDeviceClock(NOW_MS);
    document.body.innerHTML = renderToString(
      <>
        <Island name="countdown" props={{ nowMs: NOW_MS, aheadMs: 0, endMs: NOW_MS + 26 * HOUR_MS }} hydrate="idle" />
        <Island name="countdown" props={{ nowMs: NOW_MS, aheadMs: 0, endMs: NOW_MS + 3 * HOUR_MS }} hydrate="idle" />
      </>,
    );
    const roots = [...document.querySelectorAll<HTMLElement>('[data-island="countdown"]')];
    expect(roots).toHaveLength(2);
    const shown = () => roots.map((root) => textOf(root.querySelector('[role="timer"]')));
    const served = shown();
    expect(served[0]).not.toBe(served[1]);

    for (const root of roots) await hydrateIsland(root, 'countdown');
    await until(() => roots.every((root) => root.dataset.hydrated === 'true'), 'both countdowns to hydrate');
    await settle();
    // Hydrated with the other's props, the second would have been re-rendered with the first's numbers (and a mismatch logged).
    expect(shown()).toEqual(served);
    expect(console.error).not.toHaveBeenCalled();
  });
});
