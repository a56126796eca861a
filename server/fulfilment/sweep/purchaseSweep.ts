import type { JourneyTimeline } from '../../../shared/logic/journey';
import type { LinkRole } from '../../../shared/logic/sale';
import type { SellingLink } from '../../config/sellingLinks';
import type { Clock } from '../../ops/clock';
import type { Logger } from '../../ops/logger';
import type { CheckoutApi } from '../records/checkoutApi';
import { detailOf } from '../settle/fulfilSession';
import type { FulfilmentMetrics } from '../reports/fulfilmentMetrics';
import type { LinkLimit } from '../links/placesBackAtLink';
import type { MailKind } from '../records/mailMarks';
import type { Settle } from '../settle/settlePurchase';

/** What one sweep did. `completed`: every page read, every purchase given its turn. */
export interface SweepReport {
  completed: boolean;
  purchases: number;
  sent: number;
  failed: number;
  /** Expired vouchers whose places are marked given back. */
  placesBack: number;
  /** Why it stopped early, for the log. */
  cause?: string;
}

export interface Sweep {
  run(): Promise<SweepReport>;
}

export interface SweepOptions {
  checkout: CheckoutApi;
  /** Every link the site sells through: each one's purchases are gone over. */
  links: readonly SellingLink[];
  settle: Settle;
  /** Each Payment Link's limit: after each sweep, it gives back every place the sweep found marked at that link. */
  linkLimits: Record<LinkRole, LinkLimit | undefined>;
  timeline: JourneyTimeline;
  clock: Clock;
  logger: Logger;
  metrics?: FulfilmentMetrics;
  /** Purchases settled at once: enough for a thousand reminders within minutes, few for Stripe's rate limits. */
  concurrency?: number;
}

/** Failures in a row (Stripe, or the mail server) that say the next purchase would fail too: the rest waits a period. */
const STOP_AFTER_FAILURES = 3;
const CONCURRENCY = 4;
const MOMENT_OF: Partial<Record<MailKind, (timeline: JourneyTimeline) => number>> = {
  day_before: (timeline) => timeline.dayBeforeMs,
  hour_before: (timeline) => timeline.hourBeforeMs,
};

/**
 * One pass over each Payment Link's complete sessions, page by page (docs/fulfilment.md): each goes through the same
 * step as a webhook's or a page's (server/fulfilment/settle/settlePurchase.ts), so a mail that no webhook ever delivered, a claim
 * that stalled, a reminder or the recording goes out within one period, and an expired voucher's place is marked.
 * What is not due costs nothing but its share of the list: one read per hundred purchases. Then each link's limit is
 * made to give back every place marked at it, which costs nothing while it already does.
 */
export function createSweep({ checkout, links, settle, linkLimits, timeline, clock, logger, metrics, concurrency = CONCURRENCY }: SweepOptions): Sweep {
  /** A missed reminder is said once per process: every sweep after would find it missed again. */
  const missedSaid = new Set<MailKind>();

  return {
    async run() {
      const started = clock();
      const report: SweepReport = { completed: false, purchases: 0, sent: 0, failed: 0, placesBack: 0 };
      const placesBack = new Map<LinkRole, number>();
      const missed = new Map<MailKind, number>();
      let inARow = 0;
      try {
        for (const { paymentLink, role } of links) {
          if (inARow >= STOP_AFTER_FAILURES) break;
          for await (const page of checkout.completeSessions(paymentLink)) {
            let next = 0;
            const worker = async (): Promise<void> => {
              while (next < page.length && inARow < STOP_AFTER_FAILURES) {
                const session = page[next] as (typeof page)[number];
                next += 1;
                const { purchase, results, missed: skipped, placeGivenBack } = await settle(session, 'sweep');
                if (purchase) report.purchases += 1;
                if (placeGivenBack) {
                  report.placesBack += 1;
                  placesBack.set(role, (placesBack.get(role) ?? 0) + 1);
                }
                for (const kind of skipped) missed.set(kind, (missed.get(kind) ?? 0) + 1);
                for (const { outcome, detail } of results) {
                  if (outcome === 'sent') report.sent += 1;
                  if (outcome === 'mail_failed' || outcome === 'stripe_unavailable') {
                    report.failed += 1;
                    inARow += 1;
                    report.cause = detail;
                  } else if (outcome === 'sent' || outcome === 'undeliverable') inARow = 0;
                }
              }
            };
            await Promise.all(Array.from({ length: Math.min(concurrency, page.length) }, worker));
            if (inARow >= STOP_AFTER_FAILURES) break;
          }
        }
        report.completed = inARow < STOP_AFTER_FAILURES;
      } catch (error) {
        report.cause = detailOf(error);
      }
      // Fewer than all the marks (a sweep stopped early) can never lower the limit: the link gives back at least as many.
      for (const [role, marked] of placesBack) await linkLimits[role]?.reconcile(marked);

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
        ms: clock() - started,
      };
      if (!report.completed) logger.warn({ ...fields, cause: report.cause ?? 'unexpected failure' }, 'sweep stopped early: the rest waits for the next one');
      else if (report.sent > 0 || report.failed > 0) logger.info(fields, 'sweep done');
      return report;
    },
  };
}
