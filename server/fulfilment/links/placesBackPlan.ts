import type Stripe from 'stripe';
import { LEGACY_PLACES_BACK_KEY, PLACES_BACK_KEY, placesBackOf } from '../../spots/placesBack';

/**
 * What to do about the Payment Link, given how many places it should give back. `counted`: it gives them back
 * already. `no_limit`: there is no limit to raise. `over`: the Early Bird has ended, by its dates or the owner's
 * switch. `left_alone`: the owner turned the link off by hand, or its metadata holds a value the site never wrote.
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
 * off with places left stays as it is, and so does everything once the Early Bird has ended. Pure.
 */
export function limitPlan(link: Stripe.PaymentLink, givenBack: number, earlyBirdOn: boolean): LimitPlan {
  const placesBack = placesBackOf(link);
  if (placesBack === null) return { kind: 'left_alone', reason: 'metadata' };
  if (givenBack <= placesBack) return { kind: 'counted' };
  const sessions = link.restrictions?.completed_sessions;
  if (!sessions) return { kind: 'no_limit' };
  if (!earlyBirdOn) return { kind: 'over' };
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
