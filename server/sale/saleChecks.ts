import { changeRefusals } from '../../shared/content/saleChangeWords';
import { dateTimeLabel, workshopSchedule } from '../../shared/logic/schedule';
import { type EnvironmentValues, type RecordedChange, type SaleChange, summaryOf } from './saleChange';
import type { SaleValues } from './saleSettings';

/** What a change is judged against: the values in force now, the change still waiting, the editions so far. */
export interface CheckContext {
  values: SaleValues;
  pending: RecordedChange | null;
  /** Every edition's name the record knows, the one in force included. */
  editions: readonly string[];
  nowMs: number;
  /** CHANGE_DELAY_SECONDS: a change takes effect this long after it is recorded. */
  delayMs: number;
}

/** An edition's name: what the environment's EDITION takes (server/config/settings.ts). */
export const EDITION_NAME = /^[a-z0-9][a-z0-9-]{0,39}$/;
/** Stripe keeps 500 characters a value, and each buyer's recording mail keeps the link it announced. */
const RECORDING_CHARS = 500;

/** The recording's link as the owner typed it, or null when it is not an https link a buyer can open. */
export function recordingLink(value: string): string | null {
  let url: URL | undefined;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  return url.protocol === 'https:' && url.hostname !== '' && !url.username && url.href.length <= RECORDING_CHARS ? url.href : null;
}

const endOf = (startMs: number): number => workshopSchedule(startMs).endMs;
const when = (ms: number): string => workshopSchedule(ms).fullLabel;

/** A start that will have passed when the change takes effect: the workshop must still be ahead then. */
const pastRefusal = (startMs: number, { nowMs, delayMs }: CheckContext): string | null =>
  startMs <= nowMs + delayMs ? changeRefusals.dateInPast(dateTimeLabel(nowMs + delayMs)) : null;

/**
 * The sentence that refuses a change, or null when it makes sense now (docs/sale.md, "Changing the sale"). Closing or
 * cancelling again is a change of its own: it closes again a link the owner had turned on by hand. Pure.
 */
export function refusalOf(change: SaleChange, context: CheckContext): string | null {
  const { values, pending, nowMs } = context;
  if (pending) return changeRefusals.underWay(summaryOf(pending.change), dateTimeLabel(pending.takesEffectAtMs));
  const cancelled = values.cancelledBy !== null;
  const ended = nowMs >= endOf(values.startMs);
  switch (change.kind) {
    case 'date':
      if (cancelled) return changeRefusals.cancelled;
      if (ended) return changeRefusals.dateAfterEnd(when(values.startMs));
      if (change.startMs === values.startMs) return changeRefusals.sameDate;
      return pastRefusal(change.startMs, context);
    case 'close':
      if (cancelled) return changeRefusals.cancelled;
      return nowMs >= values.startMs ? changeRefusals.closedByStart : null;
    case 'cancel':
      return ended ? changeRefusals.cancelAfterEnd(when(values.startMs)) : null;
    case 'recording':
      if (recordingLink(change.url) !== change.url) return changeRefusals.badRecording;
      return change.url === values.recordingUrl ? changeRefusals.sameRecording : null;
    case 'edition':
      if (!EDITION_NAME.test(change.edition)) return changeRefusals.badEdition;
      if (context.editions.includes(change.edition) || change.edition === values.edition) return changeRefusals.editionUsed;
      if (!cancelled && !ended) return changeRefusals.editionNotOver(when(values.startMs));
      if (change.earlyBirdDeadlineMs >= change.startMs) return changeRefusals.deadlineAfterStart;
      return pastRefusal(change.startMs, context);
    case 'entorno':
      return null;
  }
}

/** What a restart with other settings does: the values it changes, those it may not (each with why), and an undoing. */
export interface EnvironmentPlan {
  set: Partial<EnvironmentValues>;
  refused: { names: (keyof EnvironmentValues)[]; reason: string }[];
  /** WORKSHOP_CANCELLED put back to false while the cancellation waits: it is undone, as *Deshacer* would. */
  undo: boolean;
}

/**
 * The environment's changes (`diff`: each value it now gives otherwise than when last recorded), judged as the panel's
 * are: a new edition as an edition, a new start as a date, WORKSHOP_CANCELLED or SOLD_OUT set as a cancellation or a
 * closing. Un-cancelling undoes a cancellation still waiting, and is refused once it took effect. A value the
 * environment now gives as it is in force changes nothing. Pure.
 */
export function environmentPlan(diff: Partial<EnvironmentValues>, context: CheckContext): EnvironmentPlan {
  const { values, pending } = context;
  const plan: EnvironmentPlan = { set: {}, refused: [], undo: false };
  const refuse = (names: (keyof EnvironmentValues)[], reason: string) => plan.refused.push({ names, reason });
  const rest = { ...diff };
  if (rest.cancelled === false && values.cancelledBy === null) {
    const change = pending?.change;
    plan.undo = change?.kind === 'cancel' || (change?.kind === 'entorno' && change.set.cancelled === true);
    delete rest.cancelled;
  }
  const names = Object.keys(rest) as (keyof EnvironmentValues)[];
  if (names.length === 0) return plan;
  // Once undone, the cancellation no longer waits: what else changed is judged as the first change.
  const judged: CheckContext = plan.undo ? { ...context, pending: null } : context;
  const asChange = (change: SaleChange, parts: (keyof EnvironmentValues)[]): boolean => {
    const refusal = refusalOf(change, judged);
    if (refusal) refuse(parts, refusal);
    return refusal === null;
  };
  if (rest.edition !== undefined && rest.edition !== values.edition) {
    const edition = {
      kind: 'edition',
      edition: rest.edition,
      startMs: rest.startMs ?? values.startMs,
      earlyBirdDeadlineMs: rest.deadlineMs ?? values.deadlineMs,
    } as const;
    const refusal = refusalOf(edition, judged);
    if (refusal) refuse(names, refusal);
    else plan.set = rest;
    return plan;
  }
  const waiting = refusalOf({ kind: 'entorno', set: rest }, judged);
  if (waiting) {
    refuse(names, waiting);
    return plan;
  }
  if (rest.cancelled === true && asChange({ kind: 'cancel' }, ['cancelled'])) plan.set.cancelled = true;
  // In force, the cancellation has mailed and refunded: nothing takes that back.
  if (rest.cancelled === false) refuse(['cancelled'], changeRefusals.uncancelLate);
  if (rest.startMs !== undefined && rest.startMs !== values.startMs && asChange({ kind: 'date', startMs: rest.startMs }, ['startMs']))
    plan.set.startMs = rest.startMs;
  if (rest.deadlineMs !== undefined && rest.deadlineMs !== values.deadlineMs) plan.set.deadlineMs = rest.deadlineMs;
  if (rest.soldOut === true && asChange({ kind: 'close' }, ['soldOut'])) plan.set.soldOut = true;
  if (rest.soldOut === false && values.closedBy !== null) plan.set.soldOut = false;
  if (rest.recordingUrl !== undefined && rest.recordingUrl !== values.recordingUrl) plan.set.recordingUrl = rest.recordingUrl;
  if (rest.links !== undefined) plan.set.links = rest.links;
  return plan;
}
