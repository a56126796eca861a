// The rehearsal's figures and its verdicts, from the recorded responses and the instances' lives.
import { isEarlyBird, isSelling, KNOWN } from './offerReader.ts';
import { maxOf } from '../../lib/stats.ts';
import type { ResponseRecord } from './traffic.ts';

/** The sale's two instants, in epoch ms. */
export interface Boundaries {
  deadlineMs: number;
  startMs: number;
}

/** What one instance's SIGTERM and restart came to. */
export interface RestartRow {
  name: string;
  exit: number | string | null;
  servedDuringDelay: number;
  lastServedAfterSignalMs: number | null;
  delayMs: number;
  drainMs: number;
  servedAfterStop: number;
  healthyAfterMs: number;
}

/** A table's text and what is wrong, none when its acceptance passed. */
export interface Verdict {
  text: string;
  problems: string[];
}

/** What a phase with a fleet of its own (the sale, the deploy) is given: a folder for its nodes, the VCL, a narrator. */
export interface PhaseContext {
  workDir: string;
  vcl: string;
  log: (message: string) => void;
}

/** A phase's report and problems, and how many records it made. */
export type PhaseResult = Verdict & { records: number };

const fmt = (value: number | null | undefined, digits = 0): string =>
  value === null || value === undefined || Number.isNaN(value)
    ? 'n/a'
    : value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

export function table(header: string[], rows: (string | number | null)[][]): string {
  const widths = header.map((title, column) => Math.max(title.length, maxOf(rows.map((row) => String(row[column]).length))));
  const line = (cells: (string | number | null)[]): string =>
    cells.map((cell, column) => (column === 0 ? String(cell).padEnd(widths[column] ?? 0) : String(cell).padStart(widths[column] ?? 0))).join('  ');
  return [line(header), ...rows.map(line)].join('\n');
}

export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  // A typed array sorts numbers natively: a million in a fraction of a second.
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? null;
}

/** The most `times` (epoch ms) that fall in one window of `windowMs`; 0 when there are none. */
export function busiestWindow(times: Iterable<number>, windowMs: number): number {
  const perWindow = new Map<number, number>();
  for (const time of times) {
    const window = Math.floor(time / windowMs);
    perWindow.set(window, (perWindow.get(window) ?? 0) + 1);
  }
  return Math.max(0, maxOf(perWindow.values()));
}

/** One response of the sale's load: when its body arrived, and whether it offered the Early Bird. */
export interface SaleRecord {
  node: string;
  at: number;
  /** The status, or the error that took its place. */
  status: number | string;
  earlyBird: boolean;
}

/**
 * One node's responses in the sale: how many, when the last Early Bird body arrived (-Infinity: none), how many
 * arrived more than `boundMs` after the limit was reached at `limitAt`, and how many were not 200, by what they got.
 */
export function saleFigures(records: readonly SaleRecord[], node: string, limitAt: number, boundMs: number) {
  let count = 0;
  let lastEarlyBird = -Infinity;
  let late = 0;
  let failed = 0;
  const failures = new Map<number | string, number>();
  for (const record of records) {
    if (record.node !== node) continue;
    count += 1;
    if (record.status !== 200) {
      failed += 1;
      failures.set(record.status, (failures.get(record.status) ?? 0) + 1);
    }
    if (!record.earlyBird) continue;
    lastEarlyBird = Math.max(lastEarlyBird, record.at);
    if (record.at > limitAt + boundMs) late += 1;
  }
  return { count, lastEarlyBird, late, failed, failures };
}

const isLanding = (record: ResponseRecord): boolean => record.path === '/' || record.path.startsWith('/?');
const encodingLabel = (ae: string): string => (ae === 'none' ? 'none' : ae.includes('br') ? 'br' : 'gzip');

/** Acceptance 1: bodies received for requests sent after each boundary, per node. */
export function staleBodies(records: ResponseRecord[], { deadlineMs, startMs }: Boundaries): Verdict {
  const rows: string[][] = [];
  const problems: string[] = [];
  for (const node of ['busy', 'quiet']) {
    const bodies = records.filter((record) => record.node === node && record.status === 200 && isLanding(record));
    const afterDeadline = bodies.filter((record) => record.sent >= deadlineMs);
    const earlyAfterDeadline = afterDeadline.filter((record) => isEarlyBird(record.state));
    const afterStart = bodies.filter((record) => record.sent >= startMs);
    const sellingAfterStart = afterStart.filter((record) => isSelling(record.state));
    const unreadable = bodies.filter((record) => !KNOWN.has(record.state ?? '') && !isEarlyBird(record.state));
    const byEncoding = (list: ResponseRecord[]): string =>
      ['br', 'gzip', 'none'].map((label) => list.filter((record) => encodingLabel(record.ae) === label).length).join('/');
    rows.push([
      `${node} node`,
      fmt(afterDeadline.length),
      fmt(earlyAfterDeadline.length),
      byEncoding(earlyAfterDeadline),
      fmt(afterStart.length),
      fmt(sellingAfterStart.length),
      byEncoding(sellingAfterStart),
    ]);
    if (afterDeadline.length === 0 || afterStart.length === 0)
      problems.push(`${node} node: no page received after ${afterDeadline.length === 0 ? 'the deadline' : 'the start'}`);
    for (const record of earlyAfterDeadline.slice(0, 3)) {
      problems.push(
        `${node} node: ${record.state} body ${seconds(record.sent - deadlineMs)} after the deadline (Age ${record.age}, ${record.cache}, ${record.ae})`,
      );
    }
    for (const record of sellingAfterStart.slice(0, 3)) {
      problems.push(`${node} node: ${record.state} body ${seconds(record.sent - startMs)} after the start (Age ${record.age}, ${record.cache}, ${record.ae})`);
    }
    if (earlyAfterDeadline.length > 3 || sellingAfterStart.length > 3)
      problems.push(`${node} node: ${earlyAfterDeadline.length + sellingAfterStart.length} stale bodies in all`);
    if (unreadable.length > 0)
      problems.push(`${node} node: ${unreadable.length} pages in no known sale state (${[...new Set(unreadable.map((record) => record.state))].join(', ')})`);
  }
  return {
    text: table(['Acceptance 1', 'pages after deadline', 'Early Bird', 'br/gzip/none', 'pages after start', 'selling', 'br/gzip/none'], rows),
    problems,
  };
}

/** Acceptance 4: 304s that confirm a copy which is no longer the offer. */
export function confirmations(records: ResponseRecord[], { deadlineMs, startMs }: Boundaries): Verdict {
  const notModified = records.filter((record) => record.status === 304 && isLanding(record));
  const rows: string[][] = [];
  const problems: string[] = [];
  for (const node of ['busy', 'quiet']) {
    const mine = notModified.filter((record) => record.node === node);
    const afterDeadline = mine.filter((record) => record.sent >= deadlineMs);
    const earlyConfirmed = afterDeadline.filter((record) => isEarlyBird(record.confirmed));
    const sellingConfirmed = mine.filter((record) => record.sent >= startMs && isSelling(record.confirmed));
    rows.push([`${node} node`, fmt(mine.length), fmt(afterDeadline.length), fmt(earlyConfirmed.length), fmt(sellingConfirmed.length)]);
    for (const record of [...earlyConfirmed, ...sellingConfirmed].slice(0, 3)) {
      problems.push(
        `${node} node: 304 confirming a copy in state ${record.confirmed} ${seconds(record.sent - (record.sent >= startMs ? startMs : deadlineMs))} after the ${record.sent >= startMs ? 'start' : 'deadline'} (Age ${record.age}, ${record.ae})`,
      );
    }
  }
  if (notModified.length === 0) problems.push('no 304 at all: the revalidating browsers were never answered Not Modified');
  return { text: table(['Acceptance 4', '304s', 'after deadline', 'confirming Early Bird', 'confirming a sale after start'], rows), problems };
}

/** Acceptance 2: every request that failed (an error, a timeout or a 5xx), and what each restart took. */
export function restarts(records: ResponseRecord[], restartRows: RestartRow[]): Verdict & { failed: number; reusedFailed: number } {
  const failed = records.filter((record) => record.error || (record.status ?? 0) >= 500);
  const kinds = new Map<string, number>();
  for (const record of failed) {
    const kind = `${record.error ?? record.status} on ${record.reused ? 'a reused' : 'a new'} connection (${record.node} node)`;
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
  const problems = [...kinds].map(([kind, count]) => `${count} x ${kind}`);
  const rows = restartRows.map((row) => [
    row.name,
    row.exit,
    fmt(row.servedDuringDelay),
    row.lastServedAfterSignalMs === null ? 'none' : seconds(row.lastServedAfterSignalMs),
    seconds(row.delayMs),
    `${fmt(row.drainMs)} ms`,
    fmt(row.servedAfterStop),
    seconds(row.healthyAfterMs),
  ]);
  for (const row of restartRows) if (row.exit !== 0) problems.push(`${row.name} exited with ${row.exit}`);
  return {
    failed: failed.length,
    reusedFailed: failed.filter((record) => record.reused).length,
    text: table(['Acceptance 2', 'exit', 'served after SIGTERM', 'last one at', 'delay', 'drain', 'served while draining', 'healthy again after'], rows),
    problems,
  };
}

/** server/render/snapshot.ts: the landing page is not stored in the last two seconds before a change. */
const NO_STORE_MS = 2_000;

/**
 * Hit ratio and latency of the recorded steady load on the busy node, and of its last seconds before the
 * deadline, when the page is no-store and every request goes to the instances.
 */
export function steadyFigures(records: ResponseRecord[], { deadlineMs }: Pick<Boundaries, 'deadlineMs'>) {
  const load = records.filter((record) => record.node === 'busy' && record.visitor === 'load' && record.status);
  const hits = load.filter((record) => record.cache === 'HIT');
  const misses = load.filter((record) => record.cache !== 'HIT');
  const lastSeconds = load.filter((record) => isLanding(record) && record.sent >= deadlineMs - NO_STORE_MS && record.sent < deadlineMs);
  const latency = (list: ResponseRecord[]): number[] => list.map((record) => record.done - record.sent);
  return {
    count: load.length,
    hitRatio: load.length ? hits.length / load.length : null,
    hitP50: percentile(latency(hits), 50),
    hitP99: percentile(latency(hits), 99),
    missP50: percentile(latency(misses), 50),
    missP99: percentile(latency(misses), 99),
    noStore: lastSeconds.length,
    noStoreMisses: lastSeconds.filter((record) => record.cache !== 'HIT').length,
    noStoreP99: percentile(latency(lastSeconds), 99),
  };
}

export { fmt, seconds };

/** One visit in the deploy: a page through a cache, which release rendered it, and every chunk it named, with each status. */
export interface DeployRecord {
  phase: 'before' | 'during' | 'after';
  node: string;
  page: string;
  /** The page's status, or the error that took its place. */
  status: number | string;
  age: number;
  release: string;
  chunks: { url: string; status: number | string }[];
}

/**
 * The deploy's figures per phase (pages by release, the chunks they named, those not answered 200) and its problems:
 * a page not served, or a chunk a served page named that did not answer 200.
 */
export function deployFigures(records: readonly DeployRecord[]) {
  const phases = ['before', 'during', 'after'] as const;
  const rows = phases.map((phase) => ({ phase, pages: 0, previous: 0, next: 0, oldest: 0, chunks: 0, failed: 0 }));
  const problems: string[] = [];
  let failedChunks = 0;
  for (const record of records) {
    const row = rows[phases.indexOf(record.phase)];
    if (!row) continue;
    row.pages += 1;
    if (record.release === 'previous') {
      row.previous += 1;
      if (Number.isFinite(record.age)) row.oldest = Math.max(row.oldest, record.age);
    } else if (record.release === 'next') row.next += 1;
    if (record.status !== 200 && problems.length < 3) problems.push(`${record.node}: ${record.page} answered ${record.status} ${record.phase} the deploy`);
    for (const chunk of record.chunks) {
      row.chunks += 1;
      if (chunk.status === 200) continue;
      row.failed += 1;
      failedChunks += 1;
      if (failedChunks <= 3)
        problems.push(
          `${record.node}: a page of the ${record.release} release (${record.page}) named ${chunk.url}, which answered ${chunk.status} ${record.phase} the deploy`,
        );
    }
  }
  if (failedChunks > 3) problems.push(`${failedChunks} chunk requests in all answered other than 200`);
  return {
    rows,
    problems,
    previousAfter: rows[2]?.previous ?? 0,
    nextPages: rows.reduce((sum, row) => sum + row.next, 0),
    table: table(
      ['Deploy', 'pages', 'of the previous release', 'oldest (Age s)', 'of the next', 'chunks they named', 'not 200'],
      rows.map((row) => [`${row.phase} the deploy`, fmt(row.pages), fmt(row.previous), fmt(row.oldest), fmt(row.next), fmt(row.chunks), fmt(row.failed)]),
    ),
  };
}
