import { prices } from '../../shared/content/siteFacts';
import type { LinkRole } from '../../shared/logic/sale';
import type { SpotsSettings } from '../config/settings';
import type { Clock } from '../ops/clock';
import type { Logger } from '../ops/logger';
import type { Scheduler } from '../ops/scheduler';
import { allIn } from '../stripe/pace';
import type { StripeBoundary } from '../stripe/stripeBoundary';
import { startSpotsPoller, type SpotsPoller } from './poller';
import { stripeSpotsSource } from './stripeSource';

/** A call ends well before the next is due, and never waits longer than this for Stripe, however slowly it answers. */
const MAX_CALL_DEADLINE_MS = 5000;

/**
 * Counts the Early Bird's spots at its Stripe Payment Link (or, with `normal`, the places of the normal price's own
 * link), from now on, on the given clock and timers, through the instance's way to Stripe.
 */
export function startSpots(
  settings: SpotsSettings,
  { clock, scheduler, logger, stripe }: { clock: Clock; scheduler: Scheduler; logger: Logger; stripe: StripeBoundary },
  normal?: { paymentLink: string },
): SpotsPoller {
  const intervalMs = settings.pollSeconds * 1000;
  const role: LinkRole = normal ? 'normal' : 'early_bird';
  const view = stripe.view({ deadlineMs: Math.min(MAX_CALL_DEADLINE_MS, intervalMs / 2), lanes: allIn('poll') });
  return startSpotsPoller({
    source: stripeSpotsSource(view, normal?.paymentLink ?? settings.paymentLink, role),
    intervalMs,
    fallbackLimit: prices.earlyBirdSpots,
    clock,
    scheduler,
    logger,
    role,
  });
}
