import { changeSummaries } from '../../shared/content/saleChangeWords';
import type { SellingLink } from '../config/sellingLinks';
import { applyChange, type EnvironmentValues, environmentOf, type RecordedChange, type SaleChange, summaryOf } from './saleChange';
import { SETTING_NAMES, type SaleValues } from './saleSettings';

/** One line of a sale's history: a change recorded, or one undone. */
export interface ChangeRecord {
  id: string;
  kind: SaleChange['kind'];
  by: string;
  atMs: number;
  /** When it took, or takes, effect; null for an undoing. */
  takesEffectAtMs: number | null;
  outcome: 'programado' | 'deshecho';
  summary: string;
}

/**
 * The sale as the site keeps it at Stripe (docs/decisions/0029-the-sale-lives-at-its-first-link.md), on the Early
 * Bird's Payment Link of the environment: the values before the latest change, that change (in force from its
 * instant, removed by an undoing before it), what the environment gave when last recorded, the editions' names so far,
 * and the latest lines of its history. Every instance works out the values in force from it, at each instant.
 */
export interface SaleRecord {
  format: 1;
  /** Drawn at the first write: in every change's id, so that no record's ids are another's. */
  epoch: string;
  /** How many times the record was written: each write's Idempotency-Key names the next. */
  serial: number;
  base: SaleValues;
  latest: RecordedChange | null;
  env: EnvironmentValues;
  editions: string[];
  /** Newest first; older lines are in Stripe's own log of the link's updates. */
  log: ChangeRecord[];
}

/** The record's keys on the link: `taller_sale_00`, `taller_sale_01`… each a 500-character slice of one JSON document. */
const CHUNK_KEY = /^taller_sale_(\d{2})$/;
const chunkKey = (index: number): string => `taller_sale_${String(index).padStart(2, '0')}`;
/** Stripe keeps 500 characters a value. */
const CHUNK_CHARS = 500;
/** Of Stripe's 50 keys a link has: room left for the site's other marks and the owner's own. */
const MAX_CHUNKS = 16;
/** Lines of history the record keeps, at most: fewer when they would not fit. */
const LOG_LINES = 20;

export type RecordReading = { record: SaleRecord } | { none: true } | { unreadable: string };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isLink = (value: unknown): value is SellingLink =>
  isObject(value) &&
  (value.role === 'early_bird' || value.role === 'normal') &&
  typeof value.paymentLink === 'string' &&
  typeof value.checkoutUrl === 'string' &&
  (value.priorSales === undefined || typeof value.priorSales === 'number');
const isValues = (value: unknown): value is SaleValues =>
  isObject(value) &&
  typeof value.edition === 'string' &&
  typeof value.startMs === 'number' &&
  typeof value.deadlineMs === 'number' &&
  (value.closedBy === null || typeof value.closedBy === 'string') &&
  (value.cancelledBy === null || typeof value.cancelledBy === 'string') &&
  (value.recordingUrl === null || typeof value.recordingUrl === 'string') &&
  Array.isArray(value.links) &&
  value.links.every(isLink) &&
  Array.isArray(value.soldThrough) &&
  value.soldThrough.every(isLink) &&
  isObject(value.origins) &&
  SETTING_NAMES.every((name) => value.origins && ['entorno', 'panel'].includes((value.origins as Record<string, unknown>)[name] as string));
const isRecorded = (value: unknown): value is RecordedChange =>
  isObject(value) &&
  typeof value.id === 'string' &&
  isObject(value.change) &&
  typeof value.change.kind === 'string' &&
  typeof value.by === 'string' &&
  typeof value.recordedAtMs === 'number' &&
  typeof value.takesEffectAtMs === 'number';

/** The record the link's metadata holds: none yet, or one that cannot be read (written by hand, cut short). */
export function readRecord(metadata: Record<string, string> | null | undefined): RecordReading {
  const chunks = Object.entries(metadata ?? {})
    .flatMap(([key, value]) => {
      const index = CHUNK_KEY.exec(key)?.[1];
      return index === undefined ? [] : [{ index: Number(index), value }];
    })
    .sort((a, b) => a.index - b.index);
  if (chunks.length === 0) return { none: true };
  if (chunks.some((chunk, position) => chunk.index !== position)) return { unreadable: 'a slice of the record is missing' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(chunks.map((chunk) => chunk.value).join(''));
  } catch {
    return { unreadable: 'the record is not JSON' };
  }
  if (
    !isObject(parsed) ||
    parsed.format !== 1 ||
    typeof parsed.epoch !== 'string' ||
    typeof parsed.serial !== 'number' ||
    !isValues(parsed.base) ||
    !(parsed.latest === null || isRecorded(parsed.latest)) ||
    !isObject(parsed.env) ||
    !Array.isArray(parsed.editions) ||
    !Array.isArray(parsed.log)
  ) {
    return { unreadable: 'the record is not one this release reads' };
  }
  return { record: parsed as unknown as SaleRecord };
}

/**
 * The metadata that writes `record` over what the link holds (`current`): every slice, and each slice of a longer
 * record before it emptied (Stripe deletes a key set to ""). The oldest lines of history go first when the record
 * would not fit. Pure.
 */
export function recordMetadata(record: SaleRecord, current: Record<string, string> | null | undefined): Record<string, string> {
  let fitted = record;
  let text = JSON.stringify(fitted);
  while (text.length > MAX_CHUNKS * CHUNK_CHARS && fitted.log.length > 0) {
    fitted = { ...fitted, log: fitted.log.slice(0, -1) };
    text = JSON.stringify(fitted);
  }
  if (text.length > MAX_CHUNKS * CHUNK_CHARS) throw new Error(`the sale's record needs ${text.length} characters, over ${MAX_CHUNKS * CHUNK_CHARS}`);
  const metadata: Record<string, string> = {};
  for (let index = 0; index * CHUNK_CHARS < text.length; index += 1) metadata[chunkKey(index)] = text.slice(index * CHUNK_CHARS, (index + 1) * CHUNK_CHARS);
  for (const key of Object.keys(current ?? {})) if (CHUNK_KEY.test(key) && !(key in metadata)) metadata[key] = '';
  return metadata;
}

/** The values in force at `nowMs`: the latest change counts from its instant. Pure. */
export const valuesAt = (record: SaleRecord, nowMs: number): SaleValues =>
  record.latest && nowMs >= record.latest.takesEffectAtMs ? applyChange(record.base, record.latest) : record.base;

/** The latest change, while it waits out its undo window. */
export const pendingAt = (record: SaleRecord, nowMs: number): RecordedChange | null =>
  record.latest && nowMs < record.latest.takesEffectAtMs ? record.latest : null;

const line = (recorded: RecordedChange): ChangeRecord => ({
  id: recorded.id,
  kind: recorded.change.kind,
  by: recorded.by,
  atMs: recorded.recordedAtMs,
  takesEffectAtMs: recorded.takesEffectAtMs,
  outcome: 'programado',
  summary: summaryOf(recorded.change),
});

/** The first record: the environment's values in force, and nothing to undo. Pure. */
export function firstRecord(values: SaleValues, epoch: string): SaleRecord {
  return { format: 1, epoch, serial: 1, base: values, latest: null, env: environmentOf(values), editions: [values.edition], log: [] };
}

/** The latest change folded into the values once in force. Pure. */
const folded = (record: SaleRecord, nowMs: number): SaleRecord => ({ ...record, base: valuesAt(record, nowMs), latest: pendingAt(record, nowMs) });

/** The id the next change written to this record gets: the next write's serial (the writer moves it on, server/sale/liveSale.ts). */
export const nextChangeId = (record: SaleRecord): string => `${record.epoch}-${record.serial + 1}`;

/**
 * A change recorded at `nowMs`, in force `delayMs` later, by `by` (`links`: an edition's, created by the site). The
 * caller has checked that nothing waits (server/sale/saleChecks.ts). Pure.
 */
export function withChange(record: SaleRecord, change: SaleChange, by: string, nowMs: number, delayMs: number, links?: SellingLink[]): SaleRecord {
  const recorded: RecordedChange = { id: nextChangeId(record), change, by, recordedAtMs: nowMs, takesEffectAtMs: nowMs + delayMs, ...(links && { links }) };
  const moved = folded(record, nowMs);
  const edition = change.kind === 'edition' ? change.edition : change.kind === 'entorno' ? change.set.edition : undefined;
  return {
    ...moved,
    latest: recorded,
    editions: edition && !moved.editions.includes(edition) ? [...moved.editions, edition] : moved.editions,
    log: [line(recorded), ...moved.log].slice(0, LOG_LINES),
  };
}

/** The pending change taken back: as if it had never been recorded, but for its line and its undoing's. Pure. */
export function withoutLatest(record: SaleRecord, by: string, nowMs: number): SaleRecord {
  const undone = record.latest;
  if (!undone) return record;
  const undoing: ChangeRecord = {
    id: undone.id,
    kind: undone.change.kind,
    by,
    atMs: nowMs,
    takesEffectAtMs: null,
    outcome: 'deshecho',
    summary: changeSummaries.undone(summaryOf(undone.change)),
  };
  const name = undone.change.kind === 'edition' ? undone.change.edition : null;
  return {
    ...record,
    latest: null,
    editions: name && name !== record.base.edition ? record.editions.filter((edition) => edition !== name) : record.editions,
    log: [undoing, ...record.log].slice(0, LOG_LINES),
  };
}

/** What the environment gives, recorded as given: with its change, or alone when it changes nothing in force. Pure. */
export const withEnvironment = (record: SaleRecord, env: EnvironmentValues, nowMs: number): SaleRecord => ({ ...folded(record, nowMs), env });
