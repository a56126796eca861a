import type { Clock } from '../ops/clock';
import type { Logger } from '../ops/logger';
import type { Background, Scheduler } from '../ops/scheduler';
import { type PesoPrice, pesoAmountValue, pesoPriceKey } from '../../shared/logic/pesoPrice';
import type { LinkRole } from '../../shared/logic/sale';
import { type Spots, spotsFrom, spotsKey } from '../../shared/logic/spots';
import { type CheckoutReading, type FailureKind, SpotsSourceError, type SpotsSource } from './source';

/** What the page needs: the last known spots, and whether the first poll is over. */
export interface SpotsFeed {
  /** The last spots the checkout reported; null until it has answered once. */
  current(): Spots | null;
  /** True once the first poll has answered or failed: before that, the instance is not ready for visitors. */
  ready(): boolean;
}

/** What the price card and the terms need from the checkout: the price in pesos, as last read. */
export interface PriceFeed {
  /** The Early Bird price's amount in pesos as the checkout last reported it; null without one, or before any answer. */
  pesoPrice(): PesoPrice | null;
}

export type ReadOutcome = 'ok' | FailureKind;
export const READ_OUTCOMES: ReadOutcome[] = ['ok', 'unavailable', 'credentials', 'link'];

/** For the metrics: whether the last read succeeded (null before any), when one last did, and the reads so far. */
export interface SpotsStatus {
  up: boolean | null;
  lastSuccessMs: number | null;
  /** Reads that failed since the last that succeeded (or since the start): how many polls the outage has lasted. */
  failedInARow: number;
  reads: Record<ReadOutcome, number>;
  /** The poll's interval, so that alerts count polls whatever SPOTS_POLL_SECONDS says. */
  intervalMs: number;
}

export interface SpotsPoller extends SpotsFeed, PriceFeed, Background {
  /** Resolves when the first poll has answered or failed. */
  firstPoll: Promise<void>;
  status(): SpotsStatus;
}

export interface SpotsPollerOptions {
  source: SpotsSource;
  intervalMs: number;
  /** The limit to use when the checkout sets none: the content's figure. */
  fallbackLimit: number;
  clock: Clock;
  scheduler: Scheduler;
  logger: Logger;
  /** Whose places: the Early Bird's (the default), or the normal price's own link. */
  role?: LinkRole;
}

/** What each link's lines call its count and its price, and the setting its id comes from. */
const POLLED: Record<LinkRole, { spots: string; price: string; setting: string }> = {
  early_bird: { spots: 'the Early Bird spots', price: 'the Early Bird price in pesos', setting: 'STRIPE_PAYMENT_LINK' },
  normal: { spots: "the normal price's places", price: 'the normal price in pesos', setting: 'STRIPE_NORMAL_PAYMENT_LINK' },
};

/** Each failure kind's log line: what the owner should look at. */
const failureLog = (role: LinkRole): Record<FailureKind, { level: 'warn' | 'error'; setting?: string; message: string }> => ({
  unavailable: { level: 'warn', message: `cannot read ${POLLED[role].spots}; the last known count stays` },
  credentials: {
    level: 'error',
    setting: 'STRIPE_SECRET_KEY',
    message: 'the checkout refused STRIPE_SECRET_KEY (wrong, revoked, or without read access to Payment Links and Prices)',
  },
  link: { level: 'error', setting: POLLED[role].setting, message: `the checkout has no Payment Link with the id in ${POLLED[role].setting}` },
});

/**
 * Reads the spots at once, then at every multiple of the interval since the epoch, so every instance asks at
 * the same instants and they agree within one poll. After a step of the wall clock, either way, the next tick
 * (one interval of elapsed time after the last) reads, and the reads after it fall on the new time's boundaries. One read at a time, at most one per interval, never
 * on a visitor's request. A failure keeps the last known spots and price; the log gets one line when an outage
 * begins (or changes kind) and one when it ends, never one per poll, and one warning for each thing the checkout's
 * setup leaves undone, the first time a read reports it.
 */
export function startSpotsPoller({ source, intervalMs, fallbackLimit, clock, scheduler, logger, role = 'early_bird' }: SpotsPollerOptions): SpotsPoller {
  const polled = POLLED[role];
  const FAILURE_LOG = failureLog(role);
  let spots: Spots | null = null;
  let pesoPrice: PesoPrice | null = null;
  const warnedSetup = new Set<string>();
  let ready = false;
  let up: boolean | null = null;
  let lastSuccessMs: number | null = null;
  const reads: Record<ReadOutcome, number> = { ok: 0, unavailable: 0, credentials: 0, link: 0 };
  let failedInARow = 0;
  let outage: { kind: FailureKind; sinceMs: number } | null = null;
  let warnedNoLimit = false;
  let inFlight = false;
  let lastWindow = -Infinity;
  let timer: unknown;
  let stopped = false;
  let firstDone: () => void = () => undefined;
  const firstPoll = new Promise<void>((resolve) => {
    firstDone = resolve;
  });

  const succeeded = (reading: CheckoutReading | null): void => {
    // No link sells this price now (the edition has none of its own): nothing to count, nothing to say.
    if (reading === null) {
      spots = null;
      pesoPrice = null;
      outage = null;
      up = true;
      failedInARow = 0;
      lastSuccessMs = clock();
      reads.ok += 1;
      return;
    }
    // The normal price's link needs no limit: without one it sells until the start, and says no count.
    if (reading.limit === null && role === 'early_bird' && !warnedNoLimit) {
      warnedNoLimit = true;
      logger.warn(
        { event: 'spots_no_limit', source: source.name, fallbackLimit },
        'the Payment Link has no limit on completed purchases: the checkout will not stop selling the Early Bird by itself',
      );
    }
    const next = spotsFrom(reading, fallbackLimit);
    if (outage) logger.info({ event: 'spots_source_recovered', source: source.name, outageMs: clock() - outage.sinceMs }, `${polled.spots} can be read again`);
    if (spotsKey(next) !== spotsKey(spots)) {
      logger.info({ event: 'spots_changed', source: source.name, remaining: next?.remaining ?? null, limit: next?.limit ?? null }, polled.spots);
    }
    const nextPrice = reading.pesoPrice ?? null;
    if (pesoPriceKey(nextPrice) !== pesoPriceKey(pesoPrice)) {
      logger.info({ event: 'price_changed', source: source.name, mxn: nextPrice && pesoAmountValue(nextPrice) }, polled.price);
    }
    for (const warning of reading.setupWarnings ?? []) {
      if (warnedSetup.has(warning)) continue;
      warnedSetup.add(warning);
      logger.warn({ event: 'checkout_setup', source: source.name }, warning);
    }
    spots = next;
    pesoPrice = nextPrice;
    outage = null;
    up = true;
    failedInARow = 0;
    lastSuccessMs = clock();
    reads.ok += 1;
  };

  const failed = (error: unknown): void => {
    const failure = error instanceof SpotsSourceError ? error : new SpotsSourceError('unavailable', 'unexpected failure');
    if (outage?.kind !== failure.kind) {
      const { level, setting, message } = FAILURE_LOG[failure.kind];
      logger[level]({ event: 'spots_source_error', source: source.name, kind: failure.kind, cause: failure.detail, ...(setting && { setting }) }, message);
    }
    outage = { kind: failure.kind, sinceMs: outage?.sinceMs ?? clock() };
    up = false;
    failedInARow += 1;
    reads[failure.kind] += 1;
  };

  const poll = async (): Promise<void> => {
    inFlight = true;
    try {
      succeeded(await source.read());
    } catch (error) {
      failed(error);
    } finally {
      inFlight = false;
      ready = true;
      firstDone();
    }
  };

  const tick = (): void => {
    if (stopped) return;
    const now = clock();
    const window = Math.floor(now / intervalMs);
    // Any window but the last one read is a new boundary: after the wall clock steps back (NTP, a VM
    // migration) the window number falls, and waiting for it to climb back would freeze the count, and the
    // metrics that report it, for as long as the step. The timers wait for elapsed time, so this tick still
    // comes one interval after the last. A call still running (an event loop that stalled past its deadline)
    // skips this boundary: never two at once.
    if (window !== lastWindow && !inFlight) {
      lastWindow = window;
      void poll();
    }
    timer = scheduler.set(tick, (window + 1) * intervalMs - now);
  };
  tick();

  return {
    current: () => spots,
    pesoPrice: () => pesoPrice,
    ready: () => ready,
    firstPoll,
    status: () => ({ up, lastSuccessMs, failedInARow, reads: { ...reads }, intervalMs }),
    stop() {
      stopped = true;
      scheduler.clear(timer);
    },
  };
}
