import { prices } from '../../shared/content/siteFacts';
import type { LinkRole } from '../../shared/logic/sale';
import type { SpotsSettings } from '../config/settings';
import type { Clock } from '../ops/clock';
import type { Logger } from '../ops/logger';
import type { Scheduler } from '../ops/scheduler';
import { allIn } from '../stripe/pace';
import type { StripeBoundary } from '../stripe/stripeBoundary';
import type Stripe from 'stripe';
import { startSpotsPoller, type SpotsPoller } from './poller';
import { type PolledLink, stripeSpotsSource } from './stripeSource';

/** A call ends well before the next is due, and never waits longer than this for Stripe, however slowly it answers. */
const MAX_CALL_DEADLINE_MS = 5000;

/**
 * Counts the spots of the link that sells `role` at each read (`link`: the sale's links in force), the Early Bird's
 * spots or the normal price's places, from now on, on the given clock and timers, through the instance's way to Stripe;
 * `onRead` gets each link as read.
 */
export function startSpots(
  settings: SpotsSettings,
  { clock, scheduler, logger, stripe }: { clock: Clock; scheduler: Scheduler; logger: Logger; stripe: StripeBoundary },
  { role, link, onRead }: { role: LinkRole; link: () => PolledLink | null; onRead?: (read: Stripe.PaymentLink) => void },
): SpotsPoller {
  const intervalMs = settings.pollSeconds * 1000;
  const view = stripe.view({ deadlineMs: Math.min(MAX_CALL_DEADLINE_MS, intervalMs / 2), lanes: allIn('poll') });
  return startSpotsPoller({
    source: stripeSpotsSource(view, link, role, onRead),
    intervalMs,
    fallbackLimit: prices.earlyBirdSpots,
    clock,
    scheduler,
    logger,
    role,
  });
}
