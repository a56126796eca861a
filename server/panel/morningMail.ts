import { DateTime } from 'luxon';
import type Stripe from 'stripe';
import { morningMail } from '../../shared/content/panelMailWords';
import { panel } from '../../shared/content/panelWords';
import { calendarDateLabel, WORKSHOP_ZONE } from '../../shared/logic/schedule';
import type { LinkRole } from '../../shared/logic/sale';
import type { Spots } from '../../shared/logic/spots';
import { ROUTES } from '../../shared/routes';
import type { Clock } from '../ops/clock';
import type { Logger } from '../ops/logger';
import type { Background, Scheduler } from '../ops/scheduler';
import { MAIL_KINDS } from '../fulfilment/records/purchaseRecord';
import type { SweepListing } from '../fulfilment/sweep/purchaseSweep';
import type { Claims } from './onceAtStripe';
import type { OwnerMails } from './ownerMail';

/** What happened on one day, as the purchases' own times and marks say. */
interface DayReport {
  sales: number;
  vouchersIssued: number;
  vouchersExpired: number;
  refunds: number;
  failedMails: number;
}

const expanded = <T extends { id: string }>(value: string | T | null | undefined): T | null => (value && typeof value === 'object' ? value : null);

/** When a voucher that expired unpaid stopped being payable: Stripe's own expiry on it, or when its intent was canceled. */
function expiredAtMs(session: Stripe.Checkout.Session): number | null {
  const intent = expanded(session.payment_intent);
  const seconds = intent?.next_action?.oxxo_display_details?.expires_after ?? intent?.canceled_at ?? null;
  return seconds === null ? null : seconds * 1000;
}

/**
 * The day [fromMs, toMs) in a listing: sales paid then (refunded or disputed since included), vouchers issued and
 * still waiting, vouchers that expired, refunds the site made and told the buyer of, and buyers' mails that failed.
 * A refund made by hand in the Dashboard carries no mark of the site's, and she made it herself. Pure.
 */
function dayReport(entries: SweepListing['entries'], fromMs: number, toMs: number): DayReport {
  const within = (ms: number | null): boolean => ms !== null && ms >= fromMs && ms < toMs;
  const report: DayReport = { sales: 0, vouchersIssued: 0, vouchersExpired: 0, refunds: 0, failedMails: 0 };
  for (const { session, purchase } of entries) {
    const { standing, marks } = purchase;
    if (standing !== 'awaiting_payment' && standing !== 'payment_failed' && within(purchase.paidAtMs)) report.sales += 1;
    if (standing === 'awaiting_payment' && within(session.created * 1000)) report.vouchersIssued += 1;
    if (standing === 'payment_failed' && within(expiredAtMs(session))) report.vouchersExpired += 1;
    if (standing === 'refunded' && (within(marks.refund.atMs) || within(marks.cancellation.atMs))) report.refunds += 1;
    report.failedMails += MAIL_KINDS.filter((kind) => ['failed', 'undeliverable'].includes(marks[kind].status ?? '') && within(marks[kind].atMs)).length;
  }
  return report;
}

/** The report's lines, in her words; none on a quiet day. */
function dayLines(report: DayReport): string[] {
  return [
    report.sales > 0 && morningMail.sales(report.sales),
    report.vouchersIssued > 0 && morningMail.vouchersIssued(report.vouchersIssued),
    report.vouchersExpired > 0 && morningMail.vouchersExpired(report.vouchersExpired),
    report.refunds > 0 && morningMail.refunds(report.refunds),
    report.failedMails > 0 && morningMail.failedMails(report.failedMails),
  ].filter((line) => typeof line === 'string');
}

/** The morning's hour in the workshop's zone: after the night's sweeps, before her day begins. */
const MORNING_HOUR = 8;
/** An instance that starts after MORNING_HOUR and before this takes the morning's turn at once. */
const LATEST_HOUR = 12;
/** A mail that failed is tried again this often by the instance that claimed the day, until the day ends. */
const RETRY_MS = 10 * 60_000;
/** Each instance wakes within this of the hour, at a random point: the first to claim the day sends it. */
const SPREAD_MS = 60_000;

/** The next morning's moment after `nowMs`: MORNING_HOUR in the workshop's zone, today's if it is still ahead. Pure. */
export function nextMorningMs(nowMs: number): number {
  const now = DateTime.fromMillis(nowMs, { zone: WORKSHOP_ZONE });
  const todays = now.startOf('day').set({ hour: MORNING_HOUR });
  return (todays > now ? todays : todays.plus({ days: 1 })).toMillis();
}

type MorningOutcome = 'sent' | 'quiet' | 'taken' | 'not_yet' | 'unavailable' | 'mail_failed';

export interface Morning {
  /** Sends yesterday's summary if anything happened and no instance has sent it: what the timer runs each morning. */
  run(): Promise<MorningOutcome>;
  /** Runs it each morning at MORNING_HOUR on the scheduler, and again while a claimed day's mail fails. */
  start(scheduler: Scheduler): Background;
}

export interface MorningOptions {
  claims: Claims;
  mails: OwnerMails;
  listing: () => SweepListing | null;
  /** The places each link has now, for the mail's last lines. */
  places: () => { role: LinkRole; spots: Spots | null; selling: boolean }[];
  publicUrl: string;
  clock: Clock;
  logger: Logger;
  random?: () => number;
}

/**
 * The morning mail (docs/operations.md): at MORNING_HOUR each instance looks at the last sweep's listing; on a day
 * when anything happened, the first to claim the day at Stripe mails OWNER_EMAIL, once for every instance. None on a
 * quiet day.
 */
export function createMorning({ claims, mails, listing, places, publicUrl, clock, logger, random = Math.random }: MorningOptions): Morning {
  /** The day this instance claimed and has not yet sent. */
  let owed: string | null = null;
  const run = async (): Promise<MorningOutcome> => {
    const today = DateTime.fromMillis(clock(), { zone: WORKSHOP_ZONE }).startOf('day');
    const yesterday = today.minus({ days: 1 });
    const day = yesterday.toISODate() ?? '';
    const listed = listing();
    // A listing read before the day ended would miss its last hours: the next try waits for a fresh one.
    if (!listed || listed.atMs < today.toMillis()) return 'not_yet';
    const lines = dayLines(dayReport(listed.entries, yesterday.toMillis(), today.toMillis()));
    if (lines.length === 0) return 'quiet';
    if (owed !== day) {
      const claimed = await claims.claim('manana', day);
      if (claimed !== 'own') {
        if (claimed === 'unknown') logger.warn({ event: 'panel_morning', outcome: 'stripe_unavailable' }, 'morning mail not sent: Stripe did not answer');
        return claimed === 'taken' ? 'taken' : 'unavailable';
      }
      owed = day;
    }
    const placeLines = places().flatMap(({ role, spots, selling }) =>
      spots ? [`${panel.places.link[role]}: ${selling ? panel.places.left(spots.remaining, spots.limit) : panel.places.closed}`] : [],
    );
    try {
      await mails.morning({
        summary: lines[0] ?? '',
        dayLabel: calendarDateLabel(day),
        lines,
        places: placeLines,
        panelUrl: `${publicUrl}${ROUTES.panel.path}`,
      });
    } catch {
      logger.warn({ event: 'panel_morning', outcome: 'mail_failed' }, 'morning mail not sent: the mail server refused it; tried again soon');
      return 'mail_failed';
    }
    owed = null;
    logger.info({ event: 'panel_morning', outcome: 'sent', day }, "the owner's morning mail was sent");
    return 'sent';
  };
  return {
    run,
    start(scheduler) {
      let timer: unknown;
      let stopped = false;
      const untilMorning = (): number => Math.max(0, nextMorningMs(clock()) + Math.floor(random() * SPREAD_MS) - clock());
      const tick = async (): Promise<void> => {
        const outcome = await run().catch((): MorningOutcome => 'unavailable');
        if (stopped) return;
        const again = outcome === 'mail_failed' || outcome === 'unavailable' || outcome === 'not_yet';
        const sameDay = DateTime.fromMillis(clock() + RETRY_MS, { zone: WORKSHOP_ZONE }).hasSame(DateTime.fromMillis(clock(), { zone: WORKSHOP_ZONE }), 'day');
        timer = scheduler.set(() => void tick(), again && sameDay ? RETRY_MS : untilMorning());
      };
      // Started during the morning (a deploy at 8:30, say): this morning's turn is taken at once, not tomorrow's.
      const hour = DateTime.fromMillis(clock(), { zone: WORKSHOP_ZONE }).hour;
      timer = scheduler.set(() => void tick(), hour >= MORNING_HOUR && hour < LATEST_HOUR ? Math.floor(random() * SPREAD_MS) : untilMorning());
      return {
        stop() {
          stopped = true;
          scheduler.clear(timer);
        },
      };
    },
  };
}
