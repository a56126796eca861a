import type { ServerInstant } from '../../shared/logic/pageClock';
import { type PesoPrice, pesoPriceKey } from '../../shared/logic/pesoPrice';
import { earlyBirdSpotsTaken, type SaleState, type SaleTerms, type StateChange, saleState, upcomingChanges } from '../../shared/logic/sale';
import { type Spots, spotsKey } from '../../shared/logic/spots';

/** What a page looks like at one moment: everything the HTML depends on, and how long it may be shared. */
export interface Snapshot {
  /** Equal keys render equal HTML. */
  key: string;
  year: number;
  /** Seconds a shared cache may keep the page; null when it must not store it at all. */
  sharedMaxAge: number | null;
}

/** The sale at one moment, everything the landing page shows of it: the render takes it as it is. */
export interface LandingSnapshot extends Snapshot {
  state: SaleState;
  /** The states the page will reach by itself, in order, each at its instant. */
  upcoming: StateChange[];
  /** What the checkout last said (null: not counted); the key changes with it, and so do the body and its ETag. */
  spots: Spots | null;
  /** What the checkout last said the Early Bird costs in pesos (null: dollars only); the key changes with it too. */
  pesoPrice: PesoPrice | null;
  /** The normal price's own checkout, as last read: its places (null: not counted) and its price in pesos. */
  normal: { spots: Spots | null; pesoPrice: PesoPrice | null };
  /** The normal price because the checkout's Early Bird spots are gone, not because its time is up. */
  earlyBirdTaken: boolean;
  /** The instant the page is rendered for, and how far behind the real time it may be when the page arrives. */
  clock: ServerInstant;
}

/** Before the start a page is one second's snapshot, which a shared cache may keep this long at most. */
const OPEN_SHARED_MAX_AGE = 1;
const SNAPSHOT_MS = 1000;
/**
 * A shared cache counts s-maxage from when the response reaches it, some time after the clock was read here
 * (longer under load): the count stops this much short of the next change, so that no copy outlives it.
 * npm run rehearsal catches copies served past the start without it.
 */
const TRANSIT_MARGIN_MS = 1000;
/** Once closed, nothing changes by the clock: only a change of the sale, which bounds it further where one can come (keptAtMost). */
const STABLE_SHARED_MAX_AGE = 3600;

/**
 * Before the start the landing page is rendered for the start of the current second: its countdown changes
 * every second, and its clock must be recent, because an open page moves on to the next state by itself.
 * A shared cache keeps it at most OPEN_SHARED_MAX_AGE and never past the next change (the last two seconds
 * are not stored at all: one for the snapshot, one for the way to the cache), so the page's own clock is at
 * most a snapshot plus that behind: it carries that sum.
 * Once closed the page no longer depends on the time at all, but for the footer's year.
 * The spots can end the Early Bird at any poll, so they are part of the key: a page of other spots is another
 * body with another ETag, and no cache can have an Early Bird confirmed by a 304 once they are gone. So is the
 * price in pesos, which the owner may change at the checkout.
 */
export function landingSnapshot(
  nowMs: number,
  terms: SaleTerms,
  spots: Spots | null = null,
  pesoPrice: PesoPrice | null = null,
  normal: LandingSnapshot['normal'] = NO_NORMAL_CHECKOUT,
): LandingSnapshot {
  const year = new Date(nowMs).getUTCFullYear();
  const state = saleState(nowMs, terms, spots, normal.spots);
  const upcoming = upcomingChanges(state, terms, normal.spots);
  const [next] = upcoming;
  if (!next) {
    return {
      key: `${year}:${state}`,
      state,
      upcoming,
      spots: null,
      pesoPrice: null,
      normal: NO_NORMAL_CHECKOUT,
      earlyBirdTaken: false,
      clock: { nowMs: terms.workshopStartMs, aheadMs: 0 },
      year,
      sharedMaxAge: STABLE_SHARED_MAX_AGE,
    };
  }
  const second = Math.floor(nowMs / SNAPSHOT_MS) * SNAPSHOT_MS;
  const untilChange = Math.floor((next.atMs - nowMs - TRANSIT_MARGIN_MS) / 1000);
  return {
    key: `${year}:${state}:${spotsKey(spots)}:${pesoPriceKey(pesoPrice)}:${spotsKey(normal.spots)}:${pesoPriceKey(normal.pesoPrice)}:${second}`,
    state,
    upcoming,
    spots,
    pesoPrice,
    normal,
    earlyBirdTaken: earlyBirdSpotsTaken(nowMs, terms, spots),
    clock: { nowMs: second, aheadMs: SNAPSHOT_MS + OPEN_SHARED_MAX_AGE * 1000 },
    year,
    sharedMaxAge: untilChange >= 1 ? Math.min(OPEN_SHARED_MAX_AGE, untilChange) : null,
  };
}

/** What a page without the normal price's checkout, or with one that has not answered yet, knows of it. */
const NO_NORMAL_CHECKOUT: LandingSnapshot['normal'] = { spots: null, pesoPrice: null };

/** Pages that depend only on the year (the footer). */
export function yearSnapshot(nowMs: number): Snapshot {
  const year = new Date(nowMs).getUTCFullYear();
  return { key: String(year), year, sharedMaxAge: STABLE_SHARED_MAX_AGE };
}

/** A page that shows the checkout's prices in pesos (the terms), and the prices it shows: the Early Bird's and the normal one's. */
export interface PricedSnapshot extends Snapshot {
  pesoPrice: PesoPrice | null;
  normalPesoPrice: PesoPrice | null;
}

/**
 * The terms state the Early Bird's price in pesos as the checkout last said it: the key changes with it, and while
 * the price comes from the checkout a shared cache keeps the page no longer than the landing page, so a new price
 * reaches both as soon.
 */
export function pricedSnapshot(nowMs: number, pesoPrice: PesoPrice | null, fromCheckout: boolean, normalPesoPrice: PesoPrice | null = null): PricedSnapshot {
  const { key, year, sharedMaxAge } = yearSnapshot(nowMs);
  return {
    key: `${key}:${pesoPriceKey(pesoPrice)}:${pesoPriceKey(normalPesoPrice)}`,
    year,
    pesoPrice,
    normalPesoPrice,
    sharedMaxAge: fromCheckout ? OPEN_SHARED_MAX_AGE : sharedMaxAge,
  };
}

/**
 * A snapshot a shared cache keeps no longer than `maxSeconds` (none: as long as it says): a page whose words a change
 * of the sale can end lives no longer than such a change takes to come into force (server/render/bodies.ts). Under a
 * second, not at all.
 */
export function keptAtMost<T extends Pick<Snapshot, 'sharedMaxAge'>>(snapshot: T, maxSeconds: number | null): T {
  if (maxSeconds === null || snapshot.sharedMaxAge === null || snapshot.sharedMaxAge <= maxSeconds) return snapshot;
  return { ...snapshot, sharedMaxAge: maxSeconds >= 1 ? maxSeconds : null };
}

/**
 * Browsers always revalidate (cheap, with the ETag); shared caches keep the page for the snapshot's lifetime
 * and not a moment longer: without the explicit zeros, Varnish serves an expired object for its default
 * grace while it refetches, and ignores must-revalidate when it does.
 */
export function htmlCacheControl(snapshot: Pick<Snapshot, 'sharedMaxAge'>): string {
  return snapshot.sharedMaxAge === null
    ? 'no-store'
    : `public, max-age=0, must-revalidate, s-maxage=${snapshot.sharedMaxAge}, stale-while-revalidate=0, stale-if-error=0`;
}
