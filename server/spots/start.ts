import { prices } from '../../shared/content';
import type { SpotsSettings } from '../config/settings';
import type { Clock } from '../ops/clock';
import type { Logger } from '../ops/logger';
import type { Scheduler } from '../ops/scheduler';
import { startSpotsPoller, type SpotsPoller } from './poller';
import { stripeSpotsSource } from './stripeSource';

/** A call ends well before the next is due, and never waits longer than this for Stripe, however slowly it answers. */
const MAX_CALL_DEADLINE_MS = 5000;

/** Counts the Early Bird's spots at the Stripe Payment Link, from now on, on the given clock and timers. */
export function startSpots(settings: SpotsSettings, { clock, scheduler, logger }: { clock: Clock; scheduler: Scheduler; logger: Logger }): SpotsPoller {
  const intervalMs = settings.pollSeconds * 1000;
  return startSpotsPoller({
    source: stripeSpotsSource(settings, Math.min(MAX_CALL_DEADLINE_MS, intervalMs / 2)),
    intervalMs,
    fallbackLimit: prices.earlyBirdSpots,
    clock,
    scheduler,
    logger,
  });
}
