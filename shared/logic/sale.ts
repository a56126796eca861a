/**
 * The sale's life, as pure functions of the current time (always an argument) and the configuration.
 * Early Bird, then the normal price, then closed at the start; the owner's sold-out switch replaces the two
 * selling states. The start always wins: a deadline after it only means the Early Bird ends at the start.
 * The Early Bird also ends when the checkout reports its spots taken.
 */
import { type Spots, spotsTaken } from './spots';

export type SaleState = 'early-bird' | 'normal' | 'sold-out' | 'closed';

export interface SaleTerms {
  earlyBirdDeadlineMs: number;
  workshopStartMs: number;
  soldOut: boolean;
}

/** A state the page will reach by itself, and the instant it begins. */
export interface StateChange {
  atMs: number;
  state: SaleState;
}

/**
 * Each boundary belongs to the later state: the deadline's own millisecond already has the normal price.
 * `spots` is null where no checkout is counted (or it has not answered yet): the deadline alone decides.
 */
export function saleState(nowMs: number, terms: SaleTerms, spots: Spots | null = null): SaleState {
  if (nowMs >= terms.workshopStartMs) return 'closed';
  if (terms.soldOut) return 'sold-out';
  return nowMs < terms.earlyBirdDeadlineMs && !spotsTaken(spots) ? 'early-bird' : 'normal';
}

/** The normal price because the Early Bird's spots are gone, not because its time is up. */
export const earlyBirdSpotsTaken = (nowMs: number, terms: SaleTerms, spots: Spots | null): boolean =>
  saleState(nowMs, terms, spots) === 'normal' && saleState(nowMs, terms) === 'early-bird';

/** When the Early Bird offer really ends: at its deadline, or at the start if that comes first. */
export const earlyBirdEndMs = (terms: SaleTerms): number => Math.min(terms.earlyBirdDeadlineMs, terms.workshopStartMs);

/** The states a page rendered in `state` will still go through by itself, in order; none once closed. */
export function upcomingChanges(state: SaleState, terms: SaleTerms): StateChange[] {
  if (state === 'closed') return [];
  const closed: StateChange = { atMs: terms.workshopStartMs, state: 'closed' };
  if (state === 'early-bird' && terms.earlyBirdDeadlineMs < terms.workshopStartMs) {
    return [{ atMs: terms.earlyBirdDeadlineMs, state: 'normal' }, closed];
  }
  return [closed];
}
