import type Stripe from 'stripe';

/**
 * The Payment Link's metadata key that says how many places the site added to its limit: one for each voucher or
 * transfer that expired unpaid (docs/spots.md). The site writes it with the limit, in one update, so the limit less
 * it is always the owner's own number. Named so that no one takes it for the mark on a voucher's own session.
 */
export const PLACES_BACK_KEY = 'taller_limit_added_by_site';
/** The same number under the name earlier releases wrote: read while a link still has it, removed at the next write. */
export const LEGACY_PLACES_BACK_KEY = 'taller_places_back';

/** The largest value the site writes: far above any edition's places. */
const PLACES_BACK = /^(0|[1-9]\d{0,5})$/;

/**
 * How many places the link's limit gives back: 0 when it says none. null when its value is not one the site writes
 * (not a whole number, or none left of the limit): the page then ignores it, and the site leaves the link alone.
 */
export function placesBackOf(link: Pick<Stripe.PaymentLink, 'metadata' | 'restrictions'>): number | null {
  const value = link.metadata?.[PLACES_BACK_KEY] ?? link.metadata?.[LEGACY_PLACES_BACK_KEY];
  if (value === undefined || value === '') return 0;
  if (!PLACES_BACK.test(value)) return null;
  const placesBack = Number(value);
  const limit = link.restrictions?.completed_sessions.limit;
  return limit === undefined || placesBack < limit ? placesBack : null;
}
