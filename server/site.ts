import type { Express } from 'express';
import type { PageAssets } from '../shared/buildManifest';
import { createApp } from './app';
import { keepLinks } from './checkout/keepLinks';
import type { SiteConfig } from './config/settings';
import { type FulfilmentRoutes, startFulfilment } from './fulfilment/fulfilmentRoutes';
import { startSweeps } from './fulfilment/sweep/sweepTimer';
import type { Clock } from './ops/clock';
import type { Logger } from './ops/logger';
import { createMetrics, type Metrics } from './ops/metrics';
import type { Background, Scheduler } from './ops/scheduler';
import { type PanelRoutes, panelRoutes } from './panel/panelRoutes';
import { createBodies } from './render/bodies';
import { startRenderAhead } from './render/renderAhead';
import { createSaleChanges, type SaleChanges } from './changes/saleChanges';
import { createLiveSale, type LiveSale, pollLiveSale } from './sale/liveSale';
import { linkOf } from './sale/saleSettings';
import type { PriceFeed, SpotsFeed, SpotsPoller } from './spots/poller';
import { registerSpotsMetrics } from './spots/spotsMetrics';
import { startSpots } from './spots/start';
import { stripeBoundary } from './stripe/stripeBoundary';
import { registerStripeMetrics } from './stripe/stripeMetrics';

export interface SiteOptions {
  config: SiteConfig;
  /** The build's inline stylesheets and entry (dist/manifest.json). */
  assets: PageAssets;
  /** The build's public folder. */
  publicDir: string;
  clock: Clock;
  logger: Logger;
  /**
   * The timers of the work that runs by itself: the spots' reads, each second's page made ahead, the links' changes at
   * their instants, the sweep. None:
   * nothing runs by itself, and whoever assembled the site drives it (a test calls the sweep at its own moment).
   */
  scheduler?: Scheduler;
  /** The spots and the price from elsewhere than the checkout's poller: a test's own. */
  spots?: SpotsFeed;
  price?: PriceFeed;
  /** The normal price's checkout's places and price, likewise. */
  normal?: SpotsFeed & PriceFeed;
  /** Counters even without METRICS_PORT: for a test that reads them. */
  withMetrics?: boolean;
  /** True once the process is shutting down. */
  draining?: () => boolean;
  /**
   * With timers, the landing page of each second is prepared ahead of it (server/render/renderAhead.ts), as the entry
   * has it; false: each page is rendered when asked for, for a test that runs minutes of the fulfilment's timers.
   */
  renderAhead?: boolean;
}

export interface Site {
  app: Express;
  /** Present with METRICS_PORT (or `withMetrics`): the entry serves them on their own listener. */
  metrics?: Metrics;
  /** Present with the buyer's mails' settings. */
  fulfilment?: FulfilmentRoutes;
  /** Present with PANEL_SECRET. */
  panel?: PanelRoutes;
  /** The sale's settings in force, kept at Stripe where the Stripe settings are (server/sale/liveSale.ts). */
  live: LiveSale;
  /** The owner's changes to the sale (server/changes/saleChanges.ts): present with the Stripe settings, where they are kept. */
  changes?: SaleChanges;
  /** Stops everything started on the scheduler. */
  background: Background;
  /**
   * A shutdown's first step: no sweep begins a purchase after this, and it resolves once the mail already on its way
   * is sent and marked, and every refund a buyer confirmed here is decided at Stripe.
   */
  windDown(): Promise<void>;
}

const isPoller = (feed: SpotsFeed | undefined): feed is SpotsPoller => typeof (feed as Partial<SpotsPoller> | undefined)?.status === 'function';

/**
 * The one assembly of the site, for the entry and the tests alike: the spots' feed, the counters, each page's
 * bodies, the fulfilment and the app, and what runs on the scheduler. The only differences between the two are what
 * they pass in: a clock, timers or none, a feed of their own.
 */
export function assembleSite({
  config,
  assets,
  publicDir,
  clock,
  logger,
  scheduler,
  spots: givenSpots,
  price,
  normal: givenNormal,
  withMetrics = false,
  draining,
  renderAhead = true,
}: SiteOptions): Site {
  // The instance's one client to Stripe, and its lanes: the poller, the link keeper and the fulfilment each call
  // through a view of it (server/stripe/stripeBoundary.ts).
  const stripe = config.spots ? stripeBoundary(config.spots, scheduler && { clock, scheduler }, logger) : undefined;
  // The sale's settings: the environment's first, then the record at Stripe, read within every poll.
  const live = createLiveSale({ config, stripe, clock, logger });
  const polledLink = (role: 'early_bird' | 'normal') => () => {
    const link = linkOf(live.current(clock()), role);
    return link ? { paymentLink: link.paymentLink, priorSales: link.priorSales } : null;
  };
  const polled =
    !givenSpots && config.spots && stripe && scheduler
      ? startSpots(config.spots, { clock, scheduler, logger, stripe }, { role: 'early_bird', link: polledLink('early_bird'), onRead: live.learn })
      : undefined;
  const polledNormal =
    !givenNormal && config.spots && stripe && scheduler
      ? startSpots(config.spots, { clock, scheduler, logger, stripe }, { role: 'normal', link: polledLink('normal') })
      : undefined;
  const normal = givenNormal ?? polledNormal;
  const polledSpots = givenSpots ?? polled;
  // Ready once every checkout the page shows has answered (or failed) its first read.
  const spots: SpotsFeed | undefined = polledSpots && { current: () => polledSpots.current(), ready: () => polledSpots.ready() && (normal?.ready() ?? true) };
  let metrics: Metrics | undefined;
  if (config.metricsPort !== null || withMetrics) {
    metrics = createMetrics({
      clock,
      sale: (nowMs) => live.current(nowMs).sale,
      currentSpots: () => spots?.current() ?? null,
      currentNormalSpots: () => normal?.current() ?? null,
    });
    if (isPoller(polledSpots)) registerSpotsMetrics(metrics.registry, polledSpots);
    if (stripe) registerStripeMetrics(metrics.registry, stripe);
  }
  const bodies = createBodies({ config, live, assets, clock, logger, metrics, spots, price: price ?? polled, normal });
  const fulfilment = startFulfilment(config, {
    live,
    render: { thanks: bodies.thanksHtml, access: bodies.accessHtml },
    clock,
    logger,
    metrics,
    stripe,
    scheduler,
  });
  const background: Background[] = [];
  if (polled) background.push(polled);
  if (polledNormal) background.push(polledNormal);
  let sweeps: Background | undefined;
  if (scheduler) {
    if (renderAhead) background.push(startRenderAhead({ bodies, clock, scheduler }));
    if (config.spots && stripe) background.push(pollLiveSale(live, { scheduler, pollMs: config.spots.pollSeconds * 1000, logger }));
    const links = keepLinks(config, live, { clock, scheduler, logger, registry: metrics?.registry, stripe });
    if (links) background.push(links);
    if (fulfilment && config.fulfilment) {
      sweeps = startSweeps({
        sweep: fulfilment.sweep,
        clock,
        scheduler,
        periodMs: config.fulfilment.sweepSeconds * 1000,
        moments: fulfilment.waveMoments,
      });
      background.push(sweeps);
    }
  }
  const changes = config.spots && stripe ? createSaleChanges({ config, live, sweep: fulfilment?.sweep, stripe, clock }) : undefined;
  // The seller's page, with PANEL_SECRET (which needs the buyer's mails' settings, and so Stripe's and the changes).
  const panel =
    config.panel && fulfilment && stripe && changes
      ? panelRoutes({ settings: config.panel, config, assets, fulfilment, live, changes, stripe, spots: { early_bird: spots, normal }, clock, logger })
      : undefined;
  if (panel && scheduler) background.push(panel.morning.start(scheduler));
  const app = createApp({ config, assets, bodies, publicDir, logger, metrics, draining, spots, fulfilment, panel });
  return {
    app,
    metrics,
    fulfilment,
    panel,
    live,
    changes,
    background: {
      stop() {
        for (const work of background) work.stop();
      },
    },
    async windDown() {
      sweeps?.stop();
      fulfilment?.sweep.stop();
      await Promise.all([fulfilment?.sweep.settled(), fulfilment?.refundsSettled()]);
    },
  };
}
