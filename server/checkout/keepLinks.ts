import type { Registry } from 'prom-client';
import type { SiteConfig } from '../config/settings';
import type { Clock } from '../ops/clock';
import type { Logger } from '../ops/logger';
import type { Background, Scheduler } from '../ops/scheduler';
import type { LiveSale } from '../sale/liveSale';
import { allIn } from '../stripe/pace';
import type { StripeBoundary } from '../stripe/stripeBoundary';
import { changeAtStripe } from './linkChangeAtStripe';
import { registerLinkChangeMetrics } from './linkChangeMetrics';
import { linkChanges } from './linkChanges';
import { startLinkKeeper } from './linkKeeper';

/** Each call to Stripe ends within this; a change not made is tried again at the next poll. */
const DEADLINE_MS = 4_000;

/**
 * The links follow the sale wherever the site has the Stripe key and the Early Bird's link, with or without the buyer's
 * mails: each change of the sale in force made once at its instant (server/checkout/linkKeeper.ts), every link the
 * edition has sold through included. None without them.
 */
export function keepLinks(
  config: Pick<SiteConfig, 'spots'>,
  live: LiveSale,
  {
    clock,
    scheduler,
    logger,
    registry,
    stripe,
  }: { clock: Clock; scheduler: Scheduler; logger: Logger; registry?: Registry; stripe: StripeBoundary | undefined },
): Background | undefined {
  const { spots } = config;
  if (!spots || !stripe) return undefined;
  return startLinkKeeper({
    plan: (nowMs) => {
      const settings = live.current(nowMs);
      const changes = linkChanges(settings, nowMs);
      // What is given back is planned only while its link sells: a giving back not made by then is dropped, never made late.
      const givingBack = changes
        .filter((change) => change.kind === 'reopen' || change.kind === 'restore')
        .map((change) => `${change.link.paymentLink}:${change.kind}`);
      return { version: `${settings.version} ${givingBack.join(' ')}`, changes };
    },
    // In the poller's lane: a read and a write of a link at its instants, tried again a poll later.
    tryChange: changeAtStripe(stripe.view({ deadlineMs: DEADLINE_MS, lanes: allIn('poll') })),
    clock,
    scheduler,
    logger,
    retryMs: spots.pollSeconds * 1000,
    count: registry && registerLinkChangeMetrics(registry),
  });
}
