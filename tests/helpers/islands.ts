/**
 * For happy-dom tests: the page the real app serves, put into this document, and its islands woken by the
 * real client code (client/hydrate.tsx), exactly as the browser bundle does it.
 */
import request from 'supertest';
import { vi } from 'vitest';
import { hydrateIsland } from '../../client/hydrate';
import type { Environment } from '../../server/config/settings';
import type { IslandName } from '../../shared/islands/registry';
import { testApp } from './testApp';

/**
 * Every timer a component may use, Date and performance.now(); never setImmediate or nextTick, which React's
 * scheduler runs on. The faked performance.now() starts at 0, as a page's does at its navigation.
 */
const FAKED_TIMERS = ['Date', 'performance', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] as const;

/** The page's clocks: the device's wall clock reads `deviceNowMs`, which may be wrong; the monotonic one reads 0. */
export function fakeDeviceClock(deviceNowMs: number): void {
  vi.useFakeTimers({ toFake: [...FAKED_TIMERS] });
  vi.setSystemTime(deviceNowMs);
}

/** The full HTML document the app answers for `path`, with the app's clock at `nowMs`. */
export async function fetchPage(path: string, { nowMs, env = {} }: { nowMs: number; env?: Environment }): Promise<string> {
  const { app } = testApp({ now: nowMs, env });
  const res = await request(app).get(path);
  if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}`);
  return res.text;
}

/** Replaces this document's body with the served page's body, byte for byte as the server wrote it. */
export function mountPage(html: string): void {
  const body = /<body[^>]*>([\s\S]*)<\/body>/.exec(html)?.[1];
  if (body === undefined) throw new Error('The served page has no <body>');
  document.body.innerHTML = body;
}

export function islandRoot(name: IslandName): HTMLElement {
  const root = document.querySelector<HTMLElement>(`[data-island="${name}"]`);
  if (!root) throw new Error(`No island root [data-island="${name}"] in the page`);
  return root;
}

/** One turn of the real event loop: React's scheduler works in setImmediate callbacks in Node. */
const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Real elapsed milliseconds: process.hrtime is never among the FAKED_TIMERS, so a stuck wait still ends. */
const realMs = (): number => Number(process.hrtime.bigint() / 1_000_000n);

/**
 * Lets React work until `condition` holds, for at most `limitMs` of real time. Real waiting for React's own
 * scheduler, never a stand-in for the page's clock: the clock is faked and advanced explicitly by the tests.
 */
export async function until(condition: () => boolean, what: string, limitMs = 2000): Promise<void> {
  const deadline = realMs() + limitMs;
  while (!condition()) {
    if (realMs() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await turn();
  }
}

/** Lets React finish whatever it has queued, for assertions that something did NOT change. */
export async function settle(turns = 20): Promise<void> {
  for (let i = 0; i < turns; i += 1) await turn();
}

/** Hydrates an island of the mounted page with client/hydrate.tsx and waits for its data-hydrated mark. */
export async function hydrate(name: IslandName): Promise<HTMLElement> {
  const root = islandRoot(name);
  await hydrateIsland(root, name);
  await until(() => root.dataset.hydrated === 'true', `island "${name}" to hydrate`);
  await settle();
  return root;
}

/** The visible text of an element, whitespace collapsed. */
export const textOf = (element: Element | null | undefined): string => (element?.textContent ?? '').replace(/\s+/g, ' ').trim();
