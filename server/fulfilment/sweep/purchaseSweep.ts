import type Stripe from 'stripe';
import type { JourneyTimeline } from '../../../shared/logic/journey';
import type { LinkRole } from '../../../shared/logic/sale';
import type { Clock } from '../../ops/clock';
import type { Logger } from '../../ops/logger';
import type { CheckoutApi } from '../../stripe/checkoutApi';
import { detailOf } from '../settle/fulfilSession';
import type { FulfilmentMetrics } from '../reports/fulfilmentMetrics';
import type { LinkLimit } from '../links/placesBackAtLink';
import { rankOf } from '../records/mailMarks';
import type { MailKind } from '../records/purchaseRecord';
import { type Purchase, purchaseOf } from '../records/purchase';
import type { InForce } from '../records/saleInForce';
import type { Settle } from '../settle/settlePurchase';

/** What one sweep did. `completed`: every page read, and every purchase given its turn or left to another instance's wave. */
export interface SweepReport {
  completed: boolean;
  purchases: number;
  sent: number;
  failed: number;
  /** Expired vouchers whose places are marked given back. */
  placesBack: number;
  /** An instance that ranks before this one was sending the same wave: the rest is left to it until the next sweep. */
  yielded: boolean;
  /** Why it stopped early, for the log. */
  cause?: string;
}

/** Every purchase of the links as one sweep listed them, as Stripe stood when it read them: what the panel shows. */
export interface SweepListing {
  /** When the listing's last page was read. */
  atMs: number;
  entries: readonly { session: Stripe.Checkout.Session; purchase: Purchase }[];
  /** The same purchases alone (live's changes count their progress over them). */
  purchases: readonly Purchase[];
}

export interface Sweep {
  run(): Promise<SweepReport>;
  /** The purchases the last complete listing found, as Stripe stood then: for the owner's panel, with no listing of its own. */
  lastListing(): SweepListing | null;
  /** The last sweep's report, and when it ended; null before the first ended. */
  lastReport(): { atMs: number; report: SweepReport } | null;
  /** No purchase is begun after this; a mail already on its way is sent and marked (a shutdown awaits `settled`). */
  stop(): void;
  /** Resolves once the sweep under way, if any, is over. */
  settled(): Promise<void>;
}

export interface SweepOptions {
  checkout: CheckoutApi;
  /**
   * The sale in force at the sweep's start: every link the edition has sold through (each one's purchases are gone
   * over, whatever the links in force), by Payment Link, and the edition's timeline.
   */
  inForce: InForce;
  settle: Settle;
  /** The limit of the link in force for each price: after each sweep, it gives back every place the sweep found marked at that link. */
  linkLimits: (role: LinkRole) => LinkLimit | undefined;
  clock: Clock;
  logger: Logger;
  metrics?: FulfilmentMetrics;
  /** Each purchase listed, as Stripe stood when its page was read: a buyer's page then knows it without a read. */
  learn?: (purchase: Purchase, readAtMs: number) => void;
  /** This instance's rank among those that may send a wave (server/fulfilment/records/mailMarks.ts). */
  rank: string;
  /** Purchases settled at once: as many as the mails' pool of connections, and the wave's lane keeps the pace. */
  concurrency?: number;
}

/** A purchase as the sweep's listing found it: its session, the link it was listed under, and when Stripe said so. */
interface Listed {
  session: Stripe.Checkout.Session;
  purchase: Purchase;
  role: LinkRole;
  paymentLink: string;
  readAtMs: number;
}

/** Failures in a row (Stripe, or the mail server) that say the next purchase would fail too: the rest waits a period. */
const STOP_AFTER_FAILURES = 3;
const CONCURRENCY = 4;
const MOMENT_OF: Partial<Record<MailKind, (timeline: JourneyTimeline) => number>> = {
  day_before: (timeline) => timeline.dayBeforeMs,
  hour_before: (timeline) => timeline.hourBeforeMs,
};
/** The mails due to every buyer at one moment (a reminder's, the end's, a new date's, a cancellation's): a wave, sent by one instance at a time. */
const WAVE_KINDS: readonly MailKind[] = ['date_change', 'day_before', 'hour_before', 'recording', 'cancellation'];
/**
 * A claim lost to an instance ahead of this one (it ranks before, or it sent the mail already) leaves it the rest of the
 * sweep: a wave's, and the confirmations, which the sweeps of a fleet find owed to many buyers at once when no webhook
 * announced them. Several instances racing for the same claims, or one trailing another over an older listing, crawl:
 * each lost claim costs a second look at the session in its lane.
 */
const YIELD_KINDS: readonly MailKind[] = [...WAVE_KINDS, 'confirmation'];
/**
 * A wave's mark another instance wrote this recently says that instance is sending the wave now: it writes one a
 * fraction of a second apart while it does. Once its marks are older (it stopped), the next sweep takes the wave over.
 */
const WAVE_FRESH_MS = 30_000;

/**
 * One pass over each Payment Link's complete sessions (docs/fulfilment.md): every page is read first, each purchase
 * remembered as Stripe stood (`learn`), then each goes through the same step as a webhook's or a page's
 * (server/fulfilment/settle/settlePurchase.ts), oldest first, so that a wave that cannot finish in time leaves out the
 * last buyers, never the first. A mail that no webhook ever delivered, a claim that stalled, a reminder or the
 * recording goes out within one period, and an expired voucher's place is marked. Another instance sending a wave
 * right now (its marks fresh in the listing), or a claim lost to an instance that ranks before this one, leaves the
 * rest to that one until the next sweep (docs/decisions/0024-a-wave-within-stripes-limits.md).
 * Then each link's limit is made to give back every place marked at it, which costs nothing while it already does.
 */
export function createSweep({ checkout, inForce, settle, linkLimits, clock, logger, metrics, learn, rank, concurrency = CONCURRENCY }: SweepOptions): Sweep {
  /** A missed reminder is said once per process: every sweep after would find it missed again. */
  const missedSaid = new Set<MailKind>();
  let stopped = false;
  let running: Promise<SweepReport> | null = null;
  let listing: SweepListing | null = null;
  let reported: { atMs: number; report: SweepReport } | null = null;

  /** Every purchase of the links, each with its session and when Stripe said how it stands (its page's read), the oldest first. */
  const listed = async (): Promise<Listed[]> => {
    const purchases: Listed[] = [];
    const { links, roles } = inForce(clock());
    for (const { paymentLink, role } of links) {
      for await (const page of checkout.completeSessions(paymentLink)) {
        const readAtMs = clock();
        for (const session of page) {
          const purchase = purchaseOf(session, roles);
          if (!purchase) continue;
          purchases.push({ session, purchase, role, paymentLink, readAtMs });
          learn?.(purchase, readAtMs);
        }
        if (stopped) break;
      }
    }
    // Stripe lists each link's newest first; the links' purchases interleave by when each was paid.
    return purchases.sort((a, b) => (a.purchase.paidAtMs ?? Number.POSITIVE_INFINITY) - (b.purchase.paidAtMs ?? Number.POSITIVE_INFINITY));
  };

  /**
   * Whether the listing shows another instance sending this wave: a mark of the wave it wrote less than WAVE_FRESH_MS
   * before Stripe listed it (docs/decisions/0024-a-wave-within-stripes-limits.md), about the start this instance knows
   * (an instance still on the date before a new one sends another wave).
   */
  const anotherSends = (purchases: Listed[], timeline: JourneyTimeline): boolean =>
    purchases.some(({ purchase, readAtMs }) =>
      WAVE_KINDS.some((kind) => {
        const { claim, atMs, forMs } = purchase.marks[kind];
        const by = rankOf(claim);
        const sameStart = forMs === null || forMs === timeline.startMs;
        return by !== null && by !== rank && sameStart && atMs !== null && readAtMs - atMs < WAVE_FRESH_MS;
      }),
    );

  const sweep = async (): Promise<SweepReport> => {
    const started = clock();
    const { timeline } = inForce(started);
    const report: SweepReport = { completed: false, purchases: 0, sent: 0, failed: 0, placesBack: 0, yielded: false };
    /** The places marked at each link in force, by its price: a link the edition no longer sells through gives none back. */
    const placesBack = new Map<LinkRole, number>();
    const missed = new Map<MailKind, number>();
    let inARow = 0;
    try {
      const entries = await listed();
      if (!stopped) {
        listing = {
          atMs: clock(),
          entries: entries.map(({ session, purchase }) => ({ session, purchase })),
          purchases: entries.map((entry) => entry.purchase),
        };
      }
      report.purchases = entries.length;
      // Marked before this sweep, whether or not it gets to them: a sweep cut short never lowers a limit.
      const inForceNow = (role: LinkRole, paymentLink: string) => linkLimits(role)?.paymentLink === paymentLink;
      const marked = (role: LinkRole, paymentLink: string) => {
        if (inForceNow(role, paymentLink)) placesBack.set(role, (placesBack.get(role) ?? 0) + 1);
      };
      for (const { purchase, role, paymentLink } of entries) if (purchase.placeGivenBack) marked(role, paymentLink);
      report.yielded = anotherSends(entries, timeline);
      let next = 0;
      const worker = async (): Promise<void> => {
        while (next < entries.length && inARow < STOP_AFTER_FAILURES && !report.yielded && !stopped) {
          const { session, purchase, role, paymentLink } = entries[next] as Listed;
          next += 1;
          const { results, missed: skipped, placeGivenBack } = await settle(session, 'sweep');
          if (placeGivenBack && !purchase.placeGivenBack) marked(role, paymentLink);
          for (const kind of skipped) missed.set(kind, (missed.get(kind) ?? 0) + 1);
          for (const { kind, outcome, detail, ahead, stopsSending } of results) {
            if (outcome === 'sent') report.sent += 1;
            if (ahead && YIELD_KINDS.includes(kind)) report.yielded = true;
            if (outcome === 'mail_failed' || outcome === 'stripe_unavailable') {
              report.failed += 1;
              // A mail server that refuses the site refuses the next buyer too: no purchase begins after it.
              inARow = stopsSending ? STOP_AFTER_FAILURES : inARow + 1;
              report.cause = detail;
            } else if (outcome === 'sent' || outcome === 'undeliverable') inARow = 0;
          }
          // A purchase whose turn failed nothing is progress, however long the sweep: the stale alert waits for none.
          if (!results.some(({ outcome }) => outcome === 'mail_failed' || outcome === 'stripe_unavailable')) metrics?.sweepProgress(clock());
        }
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, entries.length) }, worker));
      report.completed = inARow < STOP_AFTER_FAILURES && (!stopped || next >= entries.length);
      if (stopped && !report.completed) report.cause = 'shutting down';
    } catch (error) {
      report.cause = detailOf(error);
    }
    // Fewer than all the marks (a sweep stopped early) can never lower a limit: the link gives back at least as many.
    for (const [role, count] of placesBack) {
      report.placesBack += count;
      if (!stopped) await linkLimits(role)?.reconcile(count);
    }

    for (const [kind, purchases] of missed) {
      const momentOf = MOMENT_OF[kind];
      if (missedSaid.has(kind) || !momentOf) continue;
      missedSaid.add(kind);
      logger.warn(
        { event: 'reminder_missed', kind, purchases, moment: new Date(momentOf(timeline)).toISOString() },
        'reminder skipped: its moment passed more than 30 minutes ago (the site was not running)',
      );
    }
    metrics?.sweep(report.completed, clock() - started, clock());
    const fields = {
      event: 'sweep',
      completed: report.completed,
      purchases: report.purchases,
      sent: report.sent,
      failed: report.failed,
      ...(report.yielded && { yielded: true }),
      ms: clock() - started,
    };
    if (!report.completed) logger.warn({ ...fields, cause: report.cause ?? 'unexpected failure' }, 'sweep stopped early: the rest waits for the next one');
    else if (report.sent > 0 || report.failed > 0 || report.yielded)
      logger.info(fields, report.yielded ? 'sweep done: another instance is sending this wave' : 'sweep done');
    reported = { atMs: clock(), report };
    return report;
  };

  return {
    run() {
      const run = sweep().finally(() => {
        if (running === run) running = null;
      });
      running = run;
      return run;
    },
    lastListing: () => listing,
    lastReport: () => reported,
    stop() {
      stopped = true;
    },
    async settled() {
      await running?.catch(() => undefined);
    },
  };
}
