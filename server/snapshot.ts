import { pricePhase, type PricePhase } from '../shared/logic/pricing';

/** What a page looks like at one moment: everything the HTML depends on, and how long it may be shared. */
export interface Snapshot {
  /** Equal keys render equal HTML. */
  key: string;
  year: number;
  /** Seconds a shared cache may keep the page; null when it must not store it at all. */
  sharedMaxAge: number | null;
}

export interface LandingSnapshot extends Snapshot {
  phase: PricePhase;
  /** The instant the page is rendered for. */
  renderNowMs: number;
}

/** A CDN may show the countdown snapshot at most this stale; the island corrects it on arrival. */
const EARLY_SHARED_MAX_AGE = 60;
/** Nothing changes after the deadline but the configuration, which needs a restart anyway. */
const STABLE_SHARED_MAX_AGE = 3600;

/**
 * The landing page in the Early Bird phase changes once a second (the countdown), so it is rendered
 * for the start of the current second; its shared lifetime never reaches past the deadline.
 * In the normal phase it no longer depends on the time at all, but for the footer's year.
 */
export function landingSnapshot(nowMs: number, deadlineMs: number): LandingSnapshot {
  const year = new Date(nowMs).getUTCFullYear();
  const phase = pricePhase(nowMs, deadlineMs);
  if (phase === 'normal') {
    return { key: `${year}:normal`, phase, renderNowMs: deadlineMs, year, sharedMaxAge: STABLE_SHARED_MAX_AGE };
  }
  const second = Math.floor(nowMs / 1000) * 1000;
  const untilFlip = Math.floor((deadlineMs - nowMs) / 1000);
  return {
    key: `${year}:early:${second}`,
    phase,
    renderNowMs: second,
    year,
    sharedMaxAge: untilFlip >= 1 ? Math.min(EARLY_SHARED_MAX_AGE, untilFlip) : null,
  };
}

/** Pages that depend only on the year (the footer). */
export function yearSnapshot(nowMs: number): Snapshot {
  const year = new Date(nowMs).getUTCFullYear();
  return { key: String(year), year, sharedMaxAge: STABLE_SHARED_MAX_AGE };
}

/**
 * Browsers always revalidate (cheap, with the ETag); shared caches keep the page for the snapshot's lifetime
 * and not a moment longer: without the explicit zeros, Varnish serves an expired object for its default
 * grace (10 s) while it refetches, and ignores must-revalidate when it does.
 */
export function htmlCacheControl(snapshot: Pick<Snapshot, 'sharedMaxAge'>): string {
  return snapshot.sharedMaxAge === null
    ? 'no-store'
    : `public, max-age=0, must-revalidate, s-maxage=${snapshot.sharedMaxAge}, stale-while-revalidate=0, stale-if-error=0`;
}
