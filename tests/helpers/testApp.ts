import path from 'node:path';
import type { PageAssets } from '../../shared/buildManifest';
import { loadPageAssets } from '../../server/render/readManifest';
import type { Clock } from '../../server/ops/clock';
import { readConfig, type Environment } from '../../server/config/settings';
import type { PriceFeed, SpotsFeed } from '../../server/spots/poller';
import { nodeScheduler, type Scheduler } from '../../server/ops/scheduler';
import { assembleSite } from '../../server/site';
import { capturedLogger } from './logs';

export const DIST = path.resolve('dist');

/** The seed's EARLY_BIRD_DEADLINE, every test app's unless the test sets its own. */
const DEFAULT_DEADLINE_ISO = '2025-09-30T23:59:59-06:00';
export const DEFAULT_DEADLINE_MS = Date.parse(DEFAULT_DEADLINE_ISO);
export const BEFORE_DEADLINE_MS = Date.parse('2025-09-01T12:00:00-06:00');
/**
 * The seed's dates put the start (3 September) before the deadline (30 September), so the site goes
 * from Early Bird straight to closed. Tests of the whole life (Early Bird, then normal, then closed) use
 * this start, a week after the seed's deadline, unless they set their own.
 */
const TEST_START_ISO = '2025-10-08T20:00:00-06:00';
export const TEST_START_MS = Date.parse(TEST_START_ISO);

/**
 * The real app, assembled as the entry assembles it (server/site.ts), with a clock and environment of the test's
 * choosing (on top of WORKSHOP_START=TEST_START_ISO and the seed's EARLY_BIRD_DEADLINE), and its log lines captured.
 * Nothing runs on a timer unless the test asks: it calls the sweep itself.
 */
export function testApp({
  now = BEFORE_DEADLINE_MS,
  env = {},
  withMetrics = false,
  renderAhead = false,
  scheduler = renderAhead ? nodeScheduler : undefined,
  spots,
  price,
  normal,
  assets = loadPageAssets(DIST),
  draining,
  prepareAhead = true,
}: {
  now?: number | Clock;
  env?: Environment;
  withMetrics?: boolean;
  /** Starts the timers on Node's own (vitest's fake ones in the tests that ask), as the entry does: stop them with `stop()`. */
  renderAhead?: boolean;
  /** Starts the timers on the test's own (tests/spots/time.ts), as the entry does on Node's: stop them with `stop()`. */
  scheduler?: Scheduler;
  spots?: SpotsFeed;
  /** The checkout's price in pesos, as a poller holds it. */
  price?: PriceFeed;
  /** The normal price's checkout's places and price, as its poller holds them. */
  normal?: SpotsFeed & PriceFeed;
  /** The build's assets (dist/), or the test's own. */
  assets?: PageAssets;
  /** True once the process is shutting down (the lame duck). */
  draining?: () => boolean;
  /** False: with timers, no page is prepared ahead, for a test that runs minutes of the fulfilment's timers. */
  prepareAhead?: boolean;
} = {}) {
  const { logger, lines: logs, raw } = capturedLogger();
  const clock = typeof now === 'function' ? now : () => now;
  const config = readConfig({ WORKSHOP_START: TEST_START_ISO, EARLY_BIRD_DEADLINE: DEFAULT_DEADLINE_ISO, ...env }, clock());
  const { app, metrics, fulfilment, live, changes, panel, background } = assembleSite({
    config,
    assets,
    publicDir: path.join(DIST, 'public'),
    clock,
    logger,
    scheduler,
    spots,
    price,
    normal,
    withMetrics,
    draining,
    renderAhead: prepareAhead,
  });
  /** One sweep over the link's purchases at the app's clock, as the entry's timer runs it. */
  const sweep = () => {
    if (!fulfilment) throw new Error('no fulfilment settings: no sweep');
    return fulfilment.sweep.run();
  };
  /** Resolves once every refund a buyer confirmed on this app has been decided at Stripe (server/fulfilment/settle/refundsUnderWay.ts). */
  const refundsSettled = (): Promise<void> => fulfilment?.refundsSettled() ?? Promise.resolve();
  /** The morning mail's turn at the app's clock, as its timer runs it each morning. */
  const morning = () => {
    if (!panel) throw new Error('no PANEL_SECRET: no panel');
    return panel.morning.run();
  };
  return { app, logs, raw, metrics, sweep, morning, live, changes, fulfilment, refundsSettled, stop: () => background.stop() };
}
