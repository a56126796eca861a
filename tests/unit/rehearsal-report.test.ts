/**
 * The rehearsal's figures and verdicts (scripts/gates/rehearsal/report.ts) read any number of records: a faster machine
 * records more, and a spread into Math.max(...) stopped CI past about 125,000 of them. Each function is fed a million.
 */
import { describe, expect, it } from 'vitest';
import {
  busiestWindow,
  confirmations,
  type DeployRecord,
  deployFigures,
  percentile,
  restarts,
  type SaleRecord,
  saleFigures,
  staleBodies,
  steadyFigures,
  table,
} from '../../scripts/gates/rehearsal/report';
import type { ResponseRecord } from '../../scripts/gates/rehearsal/traffic';
import { maxOf, minOf } from '../../scripts/lib/stats';

const MILLION = 1_000_000;
/** Record i is sent at i ms: the deadline falls after the first 400,000, the start after the first 800,000. */
const boundaries = { deadlineMs: 400_000, startMs: 800_000 };

/** What a well-behaved fleet answers at `sent`: the sale's state at that moment, and one 503 in every 100,000. */
function response(i: number): ResponseRecord {
  const state = i < boundaries.deadlineMs ? 'early-bird' : i < boundaries.startMs ? 'normal' : 'closed';
  const notModified = i % 50 === 0;
  return {
    node: i % 2 ? 'quiet' : 'busy',
    visitor: i % 3 ? 'load' : 'returning',
    path: i % 4 ? '/' : '/?utm_source=x',
    ae: i % 5 ? 'br' : 'none',
    sent: i,
    done: i + (i % 100),
    status: i % 100_000 === 99_999 ? 503 : notModified ? 304 : 200,
    error: null,
    reused: true,
    age: 0,
    cache: i % 10 ? 'HIT' : 'MISS',
    state: notModified ? null : state,
    confirmed: notModified ? state : null,
  };
}

describe('the rehearsal report, fed a million records', () => {
  const records = Array.from({ length: MILLION }, (_, i) => response(i));

  it('judges the sale states and the 304s of a million responses', () => {
    expect(staleBodies(records, boundaries).problems).toEqual([]);
    expect(confirmations(records, boundaries).problems).toEqual([]);
    // One Early Bird body after the deadline, one 304 confirming it: each found among the million.
    const stale = [...records, { ...response(500_002), state: 'early-bird' }, { ...response(500_002), status: 304, state: null, confirmed: 'early-bird' }];
    expect(staleBodies(stale, boundaries).problems).toEqual([expect.stringMatching(/^busy node: early-bird body 100\.0 s after the deadline/)]);
    expect(confirmations(stale, boundaries).problems).toEqual([expect.stringMatching(/^busy node: 304 confirming a copy in state early-bird/)]);
  });

  it('counts the failed requests and the steady figures', () => {
    const { failed, problems } = restarts(records, []);
    expect(failed).toBe(10);
    expect(problems).toEqual(['10 x 503 on a reused connection (quiet node)']);
    const steady = steadyFigures(records, boundaries);
    expect(steady.count).toBe(records.filter((record) => record.node === 'busy' && record.visitor === 'load').length);
    expect(steady.hitRatio).toBeCloseTo(0.8, 2);
    expect(steady.missP99).toBe(90);
  });

  it('takes percentiles, extremes and the busiest window of a million values', () => {
    const values = records.map((record) => record.done - record.sent);
    expect(percentile(values, 50)).toBe(49);
    expect(percentile(values, 100)).toBe(99);
    expect(maxOf(values)).toBe(99);
    expect(minOf(values)).toBe(0);
    expect(
      busiestWindow(
        records.map((record) => record.sent),
        1000,
      ),
    ).toBe(1000);
  });

  it('judges the sale from a million of its own records', () => {
    const sale: SaleRecord[] = Array.from({ length: MILLION }, (_, i) => ({ node: i % 2 ? 'quiet' : 'busy', at: i, status: 200, earlyBird: i < 600_000 }));
    expect(saleFigures(sale, 'busy', 597_000, 2_000)).toEqual({ count: MILLION / 2, lastEarlyBird: 599_998, late: 499, failed: 0, failures: new Map() });
  });

  it('judges a deploy from a million visits', () => {
    const fine = [
      { url: '/assets/chunks/hydrate-AAAAAAAA.js', status: 200 },
      { url: '/assets/chunks/chunk-BBBBBBBB.js', status: 200 },
    ];
    const phases = ['before', 'during', 'after'] as const;
    const visits: DeployRecord[] = Array.from({ length: MILLION }, (_, i) => ({
      phase: phases[Math.min(2, Math.floor(i / 400_000))] ?? 'after',
      node: 'deploy-a',
      page: '/',
      status: 200,
      age: i % 3_600,
      release: i % 2 ? 'previous' : 'next',
      chunks: i === 999_999 ? [{ url: '/assets/chunks/hydrate-AAAAAAAA.js', status: 404 }] : fine,
    }));
    const figures = deployFigures(visits);
    expect(figures.rows.map((row) => [row.phase, row.pages, row.chunks, row.failed])).toEqual([
      ['before', 400_000, 800_000, 0],
      ['during', 400_000, 800_000, 0],
      ['after', 200_000, 399_999, 1],
    ]);
    expect(figures.previousAfter).toBe(100_000);
    expect(figures.problems).toEqual([
      'deploy-a: a page of the previous release (/) named /assets/chunks/hydrate-AAAAAAAA.js, which answered 404 after the deploy',
    ]);
  });

  it('lays out a table of a million rows', () => {
    const rows = Array.from({ length: MILLION }, (_, i) => [`row ${i}`, i]);
    const text = table(['name', 'value'], rows);
    expect(text.split('\n')).toHaveLength(MILLION + 1);
    expect(text.split('\n', 1)[0]).toBe(`${'name'.padEnd('row 999999'.length)}  ${'value'.padStart(6)}`);
  });
});
