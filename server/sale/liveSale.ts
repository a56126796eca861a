import { allIn } from '../stripe/pace';
import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';
import { changeRefusals } from '../../shared/content/saleChangeWords';
import type { SellingLink } from '../config/sellingLinks';
import type { SiteConfig } from '../config/settings';
import type { Clock } from '../ops/clock';
import type { Logger } from '../ops/logger';
import type { Background, Scheduler } from '../ops/scheduler';
import { placesBackOf } from '../spots/placesBack';
import { readStripeFailure, stripeFailureDetail } from '../stripe/failure';
import type { StripeBoundary } from '../stripe/stripeBoundary';
import type { StripeCalls } from '../stripe/stripeCalls';
import { type Change, type EnvironmentValues, environmentDiff, environmentOf, type RecordedChange, type SaleChange, summaryOf } from './saleChange';
import { type CheckContext, environmentPlan, refusalOf } from './saleChecks';
import {
  type ChangeRecord,
  firstRecord,
  nextChangeId,
  pendingAt,
  readRecord,
  recordMetadata,
  type SaleRecord,
  valuesAt,
  withChange,
  withEnvironment,
  withoutLatest,
} from './saleRecord';
import { environmentValues, type Origins, type SaleSettings, type SaleValues, settingsOf } from './saleSettings';

/** The sale's settings in force on this instance, read at Stripe within a poll, and the one way to change them. */
export interface LiveSale {
  /** In force at `nowMs`: a recorded change counts from its instant. */
  current(nowMs: number): SaleSettings;
  origins(nowMs: number): Origins;
  /** The last change recorded: waiting while `nowMs` is before its `takesEffectAtMs`, in force after. */
  latest(): RecordedChange | null;
  /** Newest first: what the record keeps (Stripe's own log of the link's updates keeps the rest). */
  history(): ChangeRecord[];
  /** Reads the record at Stripe now (and records what this instance's environment changed, once). */
  refresh(): Promise<void>;
  /** A poll's turn: reads the record where nothing read it for `maxAgeMs`, and records the environment's changes, once. */
  poll(maxAgeMs: number): Promise<void>;
  /** When Stripe last answered; null: never, and the environment's values are in force. */
  readAtMs(): number | null;
  /** What a change is judged against now (server/sale/saleChecks.ts). */
  context(nowMs: number): CheckContext;
  /** The id the next change recorded will get: an edition's links are created under it before it is. */
  nextId(): string | null;
  /** Records a change, in force after the undo window; refused with the sentence that says why. */
  schedule(change: Change, by: string, links?: SellingLink[]): Promise<{ scheduled: RecordedChange } | { refused: string }>;
  /** Takes back the change `id` while it waits; refused once it is in force, or when it is not the one waiting. */
  undo(id: string, by: string): Promise<{ undone: RecordedChange } | { refused: string }>;
  /** A read of the record's link that another part of the site made (the spots' poll): no read of its own. */
  learn(link: Stripe.PaymentLink): void;
  /**
   * The soonest a change could be in force, from `nowMs`: the one waiting's instant; otherwise one recorded now, on
   * any instance, which this one learns within a poll. Null where nothing can change (no Stripe settings).
   */
  nextChangeWithinMs(nowMs: number): number | null;
}

export interface LiveSaleOptions {
  config: SiteConfig;
  /** The instance's way to Stripe; none without the Stripe settings: the environment's values, unchangeable. */
  stripe?: StripeBoundary;
  clock: Clock;
  logger: Logger;
}

/** Each call ends within this: a panel's form waits for it. */
const DEADLINE_MS = 4_000;
/** Writes that lost to another writer's, each read again: more says something keeps writing, and the owner tries later. */
const WRITE_TRIES = 3;

type Written = { record: SaleRecord } | { refused: string };

/**
 * The sale kept at Stripe, on the Early Bird's Payment Link of the environment (the anchor: docs/decisions/0029):
 * the record (server/sale/saleRecord.ts) read at every poll, the values in force worked out from it at each instant,
 * and each change written whole under an Idempotency-Key named after the record's next serial, so that of two writers
 * of one serial Stripe carries out one and the other reads again (a compare-and-set). The environment gives the first
 * values; at its first read an instance records what its environment changed since it was last recorded, judged as
 * the panel's changes are. Each change is one `sale_change` line on the instance that wrote it.
 */
export function createLiveSale({ config, stripe, clock, logger }: LiveSaleOptions): LiveSale {
  const fromEnvironment = environmentValues(config);
  const env = environmentOf(fromEnvironment);
  const anchor = config.spots?.paymentLink ?? null;
  // A read a poll, a write a change: as few as the link keeper's, counted in the same lane and not held back either.
  const calls: StripeCalls | null = stripe ? stripe.view({ deadlineMs: DEADLINE_MS, lanes: allIn('poll') }) : null;
  const delayMs = config.changeDelaySeconds * 1000;
  let record: SaleRecord | null = null;
  let unreadable: string | null = null;
  let metadata: Record<string, string> = {};
  let readAt: number | null = null;
  let environmentDone = false;
  let reconciling: Promise<void> | null = null;
  const memo = new Map<string, SaleSettings>();

  const valuesNow = (nowMs: number): SaleValues => (record ? valuesAt(record, nowMs) : fromEnvironment);
  const current = (nowMs: number): SaleSettings => {
    const key = record ? `${record.epoch}:${record.serial}:${record.latest !== null && nowMs >= record.latest.takesEffectAtMs}` : 'env';
    const known = memo.get(key);
    if (known) return known;
    if (memo.size > 8) memo.clear();
    const made = settingsOf(valuesNow(nowMs));
    memo.set(key, made);
    return made;
  };
  const context = (nowMs: number): CheckContext => ({
    values: valuesNow(nowMs),
    pending: record ? pendingAt(record, nowMs) : null,
    editions: record?.editions ?? [fromEnvironment.edition],
    nowMs,
    delayMs,
  });

  const take = (link: Stripe.PaymentLink): void => {
    const reading = readRecord(link.metadata);
    metadata = { ...link.metadata };
    readAt = clock();
    if ('record' in reading) {
      // A read that began before this instance's own write and answered after it: the newer record stays.
      if (record && reading.record.epoch === record.epoch && reading.record.serial < record.serial) return;
      record = reading.record;
      unreadable = null;
    } else if ('unreadable' in reading) {
      if (unreadable !== reading.unreadable)
        logger.error(
          { event: 'sale_record', cause: reading.unreadable, link: anchor },
          "the sale's record on the Payment Link cannot be read: the environment's values are in force, and no change is recorded until it can (docs/sale.md)",
        );
      unreadable = reading.unreadable;
      record = null;
    } else {
      record = null;
      unreadable = null;
    }
  };

  /** Keys Stripe may have kept a failure under, by serial: the next try of that serial goes under another. */
  const spent = new Map<number, number>();
  /** What the last failure to read or write the record said: one line when it begins, none while it lasts. */
  let failing: string | null = null;
  const failed = (level: 'warn' | 'error', cause: string, message: string): void => {
    if (failing !== `${level} ${cause}`) logger[level]({ event: 'sale_record', cause }, message);
    failing = `${level} ${cause}`;
  };
  /**
   * The record read again, then written as `make` says (null: nothing to write), once: another writer's write of the
   * same serial first means a new read and a new try.
   */
  const write = async (make: (now: SaleRecord | null) => SaleRecord | { refused: string } | null): Promise<Written> => {
    if (!calls || !anchor) return { refused: changeRefusals.noStripe };
    let tried: SaleRecord | null = null;
    for (let attempt = 0; attempt < WRITE_TRIES; attempt += 1) {
      try {
        take(await calls.paymentLink(anchor));
      } catch (error) {
        failed('warn', stripeFailureDetail(readStripeFailure(error)), "the sale's record could not be read: tried again at the next read");
        return { refused: changeRefusals.stripeDown };
      }
      if (unreadable) return { refused: changeRefusals.recordUnreadable };
      // A write whose answer was lost, found carried out.
      if (tried && record && record.serial === tried.serial && JSON.stringify(record.log[0]) === JSON.stringify(tried.log[0])) return { record };
      const made = make(record);
      if (made === null && record) return { record };
      if (made === null) return { refused: changeRefusals.recordUnreadable };
      if ('refused' in made) return made;
      const written: SaleRecord = { ...made, serial: (record?.serial ?? 0) + 1 };
      tried = written;
      const retried = spent.get(written.serial) ?? 0;
      const key = `taller_sale-${anchor}-${record?.epoch ?? 'none'}-${written.serial}${retried > 0 ? `-${retried}` : ''}`;
      try {
        // Held to Stripe's limits against the link as just read, before Stripe is asked (server/stripe/stripeMetadata.ts).
        take(await calls.updatePaymentLink(anchor, { metadata: recordMetadata(written, metadata) }, key, metadata));
        failing = null;
        return { record: written };
      } catch (error) {
        const failure = readStripeFailure(error);
        // Another writer's record of this serial, or the same request still on its way: read again.
        if (failure.type === 'StripeIdempotencyError') continue;
        if (failure.status === null || failure.status >= 500) {
          // Stripe may keep this failure under the key (or have carried it out: the next read says).
          spent.set(written.serial, retried + 1);
          continue;
        }
        if (failure.status === 429) continue;
        failed(
          'error',
          stripeFailureDetail(failure),
          failure.status === 403
            ? "the key may not write the sale's record on the Payment Link: give it Payment Links: Write (docs/spots.md); no change is recorded until it can"
            : "Stripe refused the sale's record: see the cause",
        );
        return { refused: changeRefusals.stripeDown };
      }
    }
    return { refused: changeRefusals.conflict };
  };

  const said = (recorded: RecordedChange): void => {
    logger.info(
      {
        event: 'sale_change',
        id: recorded.id,
        kind: recorded.change.kind,
        by: recorded.by,
        takes_effect: new Date(recorded.takesEffectAtMs).toISOString(),
      },
      summaryOf(recorded.change),
    );
  };

  const schedule = async (change: SaleChange, by: string, links?: SellingLink[]): Promise<{ scheduled: RecordedChange } | { refused: string }> => {
    const result = await write((now) => {
      const nowMs = clock();
      const base = now ?? firstRecord(fromEnvironment, randomBytes(4).toString('hex'));
      const refusal = refusalOf(change, { ...context(nowMs), values: valuesAt(base, nowMs), pending: pendingAt(base, nowMs), editions: base.editions });
      if (refusal) return { refused: refusal };
      const made = withChange(base, change, by, nowMs, delayMs, links);
      return change.kind === 'entorno' ? withEnvironment(made, env, nowMs) : made;
    });
    if ('refused' in result) return result;
    const recorded = result.record.latest as RecordedChange;
    said(recorded);
    return { scheduled: recorded };
  };

  const undo = async (id: string, by: string): Promise<{ undone: RecordedChange } | { refused: string }> => {
    let undone: RecordedChange | null = null;
    const result = await write((now) => {
      const nowMs = clock();
      const waiting = now && pendingAt(now, nowMs);
      if (!now?.latest || now.latest.id !== id) return { refused: changeRefusals.undoUnknown };
      if (!waiting) return { refused: changeRefusals.undoLate };
      undone = waiting;
      return withoutLatest(now, by, nowMs);
    });
    if ('refused' in result || !undone) return 'refused' in result ? result : { refused: changeRefusals.undoUnknown };
    const taken: RecordedChange = undone;
    logger.info({ event: 'sale_change_undone', id: taken.id, kind: taken.change.kind, by }, `undone: ${summaryOf(taken.change)}`);
    return { undone: taken };
  };

  /** Reads each link the environment keeps from the last edition into a new one: its earlier sales are not this edition's. */
  const withPriorSales = async (links: SellingLink[]): Promise<SellingLink[]> => {
    const sold = valuesNow(clock()).soldThrough;
    return Promise.all(
      links.map(async (link) => {
        if (!calls || !sold.some((other) => other.paymentLink === link.paymentLink)) return link;
        const read = await calls.paymentLink(link.paymentLink);
        const count = read.restrictions?.completed_sessions.count ?? 0;
        return { ...link, priorSales: Math.max(0, count - (placesBackOf(read) ?? 0)) };
      }),
    );
  };

  /** What this instance's environment changed since it was last recorded, recorded once (docs/operations.md). */
  const reconcile = async (): Promise<void> => {
    if (!record) {
      const first = await write((now) => (now ? null : firstRecord(fromEnvironment, randomBytes(4).toString('hex'))));
      if ('refused' in first) return;
      if (first.record.serial === 1 && first.record.log.length === 0)
        logger.info({ event: 'sale_record', link: anchor }, "the sale's record is kept at Stripe from now on, with the environment's values");
    }
    const known = record as SaleRecord | null;
    if (!known) return;
    const diff = environmentDiff(known.env, env);
    if (Object.keys(diff).length > 0) {
      const plan = environmentPlan(diff, context(clock()));
      for (const { names, reason } of plan.refused)
        logger.error({ event: 'sale_change_refused', by: 'entorno', settings: names }, `the environment's change is refused: ${reason}`);
      const latest = known.latest;
      if (plan.undo && latest && 'refused' in (await undo(latest.id, 'entorno'))) return;
      const refusedNames = new Set(plan.refused.flatMap((refusal) => refusal.names));
      // What the environment gives is recorded as given, but for what was refused: a later start says it again.
      const recordedEnv = Object.fromEntries(
        (Object.keys(env) as (keyof EnvironmentValues)[]).map((name) => [name, refusedNames.has(name) ? known.env[name] : env[name]]),
      ) as unknown as EnvironmentValues;
      if (Object.keys(plan.set).length > 0) {
        const set = plan.set.links ? { ...plan.set, links: await withPriorSales(plan.set.links) } : plan.set;
        const result = await write(
          (now) => now && withEnvironment(withChange(now, { kind: 'entorno', set }, 'entorno', clock(), delayMs), recordedEnv, clock()),
        );
        if ('refused' in result) return;
        said(result.record.latest as RecordedChange);
      } else if (JSON.stringify(recordedEnv) !== JSON.stringify(known.env)) {
        const result = await write((now) => now && withEnvironment(now, recordedEnv, clock()));
        if ('refused' in result) return;
      }
    }
    environmentDone = true;
  };

  /** The environment's changes recorded, once, unless a turn is already at it. */
  const reconciled = (): Promise<void> => {
    if (environmentDone || unreadable || !calls) return Promise.resolve();
    reconciling ??= reconcile()
      .catch((error: unknown) => {
        logger.warn(
          { event: 'sale_record', cause: stripeFailureDetail(readStripeFailure(error)) },
          "the environment's changes are not recorded yet: tried again at the next read",
        );
      })
      .finally(() => {
        reconciling = null;
      });
    return reconciling;
  };
  const refresh = async (): Promise<void> => {
    if (!calls || !anchor) return;
    take(await calls.paymentLink(anchor));
    await reconciled();
  };

  return {
    current,
    origins: (nowMs) => valuesNow(nowMs).origins,
    latest: () => record?.latest ?? null,
    history: () => record?.log ?? [],
    refresh,
    async poll(maxAgeMs) {
      if (readAt === null || clock() - readAt >= maxAgeMs) await refresh();
      else await reconciled();
    },
    readAtMs: () => readAt,
    context,
    nextId: () => (record ? nextChangeId(record) : null),
    schedule: (change, by, links) => schedule(change, by, links),
    undo,
    learn(link) {
      if (link.id === anchor) take(link);
    },
    nextChangeWithinMs(nowMs) {
      if (!calls || !config.spots) return null;
      const waiting = record && pendingAt(record, nowMs);
      return waiting ? waiting.takesEffectAtMs - nowMs : delayMs - config.spots.pollSeconds * 1000;
    },
  };
}

/**
 * Reads the record every `pollMs` where nothing else read it for a whole poll (the spots' poll of the same link does,
 * mostly), half a poll after the spots' reads, so that a read of theirs a moment late is not doubled by one of its own;
 * the first turn records what this instance's environment changed.
 */
export function pollLiveSale(live: LiveSale, { scheduler, pollMs, logger }: { scheduler: Scheduler; pollMs: number; logger: Logger }): Background {
  let timer: unknown;
  let stopped = false;
  let failing = false;
  const tick = async (): Promise<void> => {
    try {
      await live.poll(pollMs);
      failing = false;
    } catch (error) {
      if (!failing)
        logger.warn(
          { event: 'sale_record', cause: stripeFailureDetail(readStripeFailure(error)) },
          "the sale's record could not be read: the last values read stay",
        );
      failing = true;
    }
    if (!stopped) timer = scheduler.set(() => void tick(), pollMs);
  };
  timer = scheduler.set(() => void tick(), pollMs / 2);
  return {
    stop() {
      stopped = true;
      scheduler.clear(timer);
    },
  };
}
