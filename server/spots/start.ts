import { prices } from '../../shared/content';
import type { SpotsSettings } from '../config/settings';
import type { Logger } from '../ops/logger';
import { nodeScheduler } from '../ops/scheduler';
import { startSpotsPoller, type SpotsPoller } from './poller';
import { stripeSpotsSource } from './stripeSource';

/** A call ends well before the next is due, and never waits longer than this for Stripe, however slowly it answers. */
const MAX_CALL_DEADLINE_MS = 5000;

/** Counts the Early Bird's spots at the Stripe Payment Link, from now on, with the real clock and timers. */
export function startSpots(settings: SpotsSettings, logger: Logger): SpotsPoller {
  const intervalMs = settings.pollSeconds * 1000;
  return startSpotsPoller({
    source: stripeSpotsSource(settings, Math.min(MAX_CALL_DEADLINE_MS, intervalMs / 2)),
    intervalMs,
    fallbackLimit: prices.earlyBirdSpots,
    clock: Date.now,
    scheduler: nodeScheduler,
    logger,
  });
}
