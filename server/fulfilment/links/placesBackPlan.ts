import type Stripe from 'stripe';
import { type LinkRole, linkSells, type SaleTerms } from '../../../shared/logic/sale';
import { LEGACY_PLACES_BACK_KEY, PLACES_BACK_KEY, placesBackOf } from '../../spots/placesBack';

/**
 * No place is given back this close to the end of what its link sells: a raise read before the end and written after
 * it would turn on a link the site had just turned off (server/checkout/). Longer than a turn of reads and writes takes.
 */
const END_MARGIN_MS = 60_000;

/** Whether an expired voucher's place still goes back to its link at an instant: while the link sells, short of its last minute. */
export const placeBackOpen = (role: LinkRole, nowMs: number, sale: SaleTerms): boolean => linkSells(role, nowMs + END_MARGIN_MS, sale);

/**
 * What to do about the Payment Link, given how many places it should give back. `counted`: it gives them back
 * already. `no_limit`: there is no limit to raise. `over`: what the link sells has ended (or ends within a minute), by
 * its dates or the owner's switch. `left_alone`: the owner turned the link off by hand, or its metadata holds a value the site never wrote.
 * `raise`: the update that gives them back, from `from` places.
 */
export type LimitPlan =
  | { kind: 'counted' | 'no_limit' | 'over' }
  | { kind: 'left_alone'; reason: 'turned_off' | 'metadata' }
  | { kind: 'raise'; from: number; limit: number; reopen: boolean; params: Stripe.PaymentLinkUpdateParams };

/**
 * The link's limit gives back one place per voucher marked given back (`givenBack`), never fewer than it already does:
 * the limit rises by the difference, and the count of places it gives back is written with it, so the limit less them
 * stays the owner's number whoever writes, and a write made from a stale reading can never lower it. A link its
 * limit had closed (inactive, its count at the limit) reopens when the new limit leaves a place; one the owner turned
 * off with places left stays as it is, and so does everything once what the link sells has ended. Pure.
 */
export function limitPlan(link: Stripe.PaymentLink, givenBack: number, stillSells: boolean): LimitPlan {
  const placesBack = placesBackOf(link);
  if (placesBack === null) return { kind: 'left_alone', reason: 'metadata' };
  if (givenBack <= placesBack) return { kind: 'counted' };
  const sessions = link.restrictions?.completed_sessions;
  if (!sessions) return { kind: 'no_limit' };
  if (!stillSells) return { kind: 'over' };
  const closedByLimit = !link.active && sessions.count >= sessions.limit;
  if (!link.active && !closedByLimit) return { kind: 'left_alone', reason: 'turned_off' };
  const limit = sessions.limit + (givenBack - placesBack);
  const reopen = closedByLimit && limit > sessions.count;
  return {
    kind: 'raise',
    from: placesBack,
    limit,
    reopen,
    params: {
      restrictions: { completed_sessions: { limit } },
      metadata: { [PLACES_BACK_KEY]: String(givenBack), ...(link.metadata?.[LEGACY_PLACES_BACK_KEY] !== undefined && { [LEGACY_PLACES_BACK_KEY]: '' }) },
      ...(reopen && { active: true }),
    },
  };
}
