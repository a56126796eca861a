/**
 * The sale's life, as pure functions of the current time (always an argument) and the configuration.
 * Early Bird, then the normal price, then closed at the start; the owner's sold-out switch replaces the two
 * selling states. The start always wins: a deadline after it only means the Early Bird ends at the start. The owner's
 * cancellation wins over everything: a cancelled workshop sells nothing, then or ever.
 * The Early Bird also ends when the checkout reports its spots taken; where the normal price has a checkout of its own
 * with a limit, the sale is sold out when that one reports its places taken.
 */
import { type Spots, spotsTaken } from './spots';

export type SaleState = 'early-bird' | 'normal' | 'sold-out' | 'closed' | 'cancelled';

export interface SaleTerms {
  earlyBirdDeadlineMs: number;
  workshopStartMs: number;
  soldOut: boolean;
  /** WORKSHOP_CANCELLED: the owner called the workshop off (docs/operations.md). */
  cancelled: boolean;
}

/** Whether a checkout link may still sell: after the start or a cancellation, the places a link counts are for nobody. */
export const stillSelling = (state: SaleState): boolean => state !== 'closed' && state !== 'cancelled';

/** A state the page will reach by itself, and the instant it begins. */
export interface StateChange {
  atMs: number;
  state: SaleState;
}

/** Which Payment Link: the Early Bird's, or the normal price's own. */
export type LinkRole = 'early_bird' | 'normal';

/**
 * Each boundary belongs to the later state: the deadline's own millisecond already has the normal price.
 * `spots` is null where no checkout is counted (or it has not answered yet): the deadline alone decides. So is
 * `normalSpots`, the normal price's checkout's places, where it has none.
 */
export function saleState(nowMs: number, terms: SaleTerms, spots: Spots | null = null, normalSpots: Spots | null = null): SaleState {
  if (terms.cancelled) return 'cancelled';
  if (nowMs >= terms.workshopStartMs) return 'closed';
  if (terms.soldOut) return 'sold-out';
  if (nowMs < terms.earlyBirdDeadlineMs && !spotsTaken(spots)) return 'early-bird';
  return spotsTaken(normalSpots) ? 'sold-out' : 'normal';
}

/**
 * Whether a link sells at an instant by the sale's dates and the owner's switch, whatever its count: the Early Bird's
 * until its deadline, the normal price's until the start, neither once sold out. What the site does at its link
 * (closing it, giving an expired voucher's place back) follows this.
 */
export function linkSells(role: LinkRole, nowMs: number, terms: SaleTerms): boolean {
  if (nowMs >= terms.workshopStartMs || terms.soldOut || terms.cancelled) return false;
  return role === 'normal' || nowMs < terms.earlyBirdDeadlineMs;
}

/** The normal price because the Early Bird's spots are gone, not because its time is up. */
export const earlyBirdSpotsTaken = (nowMs: number, terms: SaleTerms, spots: Spots | null): boolean =>
  saleState(nowMs, terms, spots) === 'normal' && saleState(nowMs, terms) === 'early-bird';

/** When the Early Bird offer really ends: at its deadline, or at the start if that comes first. */
export const earlyBirdEndMs = (terms: SaleTerms): number => Math.min(terms.earlyBirdDeadlineMs, terms.workshopStartMs);

/**
 * The states a page rendered in `state` will still go through by itself, in order; none once closed or cancelled. At the deadline,
 * the normal price, or sold out where the normal price's checkout has no place left.
 */
export function upcomingChanges(state: SaleState, terms: SaleTerms, normalSpots: Spots | null = null): StateChange[] {
  if (state === 'closed' || state === 'cancelled') return [];
  const closed: StateChange = { atMs: terms.workshopStartMs, state: 'closed' };
  if (state === 'early-bird' && terms.earlyBirdDeadlineMs < terms.workshopStartMs) {
    return [{ atMs: terms.earlyBirdDeadlineMs, state: spotsTaken(normalSpots) ? 'sold-out' : 'normal' }, closed];
  }
  return [closed];
}
