import { describe, expect, it } from 'vitest';
import { countdownParts, secondsLeft, untilNextTick } from '../../shared/logic/timeLeft';
import { pageClock } from '../../shared/logic/pageClock';
import { earlyBirdEndMs, saleState, upcomingChanges, type SaleTerms } from '../../shared/logic/sale';

const deadline = Date.parse('2025-09-30T23:59:59-06:00');
const start = Date.parse('2025-10-08T20:00:00-06:00');
const terms: SaleTerms = { earlyBirdDeadlineMs: deadline, workshopStartMs: start, soldOut: false, cancelled: false };
/** The seed's own defaults: the deadline (30 September) after the start (3 September). */
const seedTerms: SaleTerms = { earlyBirdDeadlineMs: deadline, workshopStartMs: Date.parse('2025-09-03T20:00:00-06:00'), soldOut: false, cancelled: false };

describe('saleState', () => {
  it.each([
    ['days before the deadline', deadline - 10 * 86_400_000, 'early-bird'],
    ['1 ms before the deadline', deadline - 1, 'early-bird'],
    ['at the deadline', deadline, 'normal'],
    ['1 ms before the start', start - 1, 'normal'],
    ['at the start', start, 'closed'],
    ['a year after the start', start + 365 * 86_400_000, 'closed'],
  ] as const)('is %s: %s', (_when, now, expected) => {
    expect(saleState(now, terms)).toBe(expected);
  });

  it('is sold out before the start when the owner says so, whatever the deadline', () => {
    const soldOut = { ...terms, soldOut: true };
    expect(saleState(deadline - 1, soldOut)).toBe('sold-out');
    expect(saleState(start - 1, soldOut)).toBe('sold-out');
    expect(saleState(start, soldOut)).toBe('closed');
  });

  it('is cancelled when the owner cancels, before the start, at it and after, whatever else is set; nothing follows it', () => {
    const cancelled = { ...terms, cancelled: true };
    for (const now of [deadline - 10 * 86_400_000, deadline, start, start + 365 * 86_400_000]) expect(saleState(now, cancelled)).toBe('cancelled');
    expect(saleState(deadline - 1, { ...cancelled, soldOut: true })).toBe('cancelled');
    expect(upcomingChanges('cancelled', cancelled)).toEqual([]);
  });

  it('goes from Early Bird straight to closed when the deadline comes after the start', () => {
    expect(saleState(seedTerms.workshopStartMs - 1, seedTerms)).toBe('early-bird');
    expect(saleState(seedTerms.workshopStartMs, seedTerms)).toBe('closed');
    expect(saleState(deadline, seedTerms)).toBe('closed');
    expect(earlyBirdEndMs(seedTerms)).toBe(seedTerms.workshopStartMs);
    expect(earlyBirdEndMs(terms)).toBe(deadline);
  });
});

describe('upcomingChanges', () => {
  it('lists the normal price and the close after an Early Bird page, only the close after the others', () => {
    expect(upcomingChanges('early-bird', terms)).toEqual([
      { atMs: deadline, state: 'normal' },
      { atMs: start, state: 'closed' },
    ]);
    expect(upcomingChanges('normal', terms)).toEqual([{ atMs: start, state: 'closed' }]);
    expect(upcomingChanges('sold-out', { ...terms, soldOut: true })).toEqual([{ atMs: start, state: 'closed' }]);
    expect(upcomingChanges('closed', terms)).toEqual([]);
  });

  it('skips the normal price when the start comes first', () => {
    expect(upcomingChanges('early-bird', seedTerms)).toEqual([{ atMs: seedTerms.workshopStartMs, state: 'closed' }]);
  });
});

describe('countdownParts', () => {
  it('shows one second one second before the end', () => {
    expect(countdownParts(deadline - 1000, deadline)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1 });
  });
  it('never shows zero while time remains: 300 ms left reads as one second', () => {
    expect(countdownParts(deadline - 300, deadline)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1 });
  });
  it('is all zeros at the end and after it', () => {
    const zero = { days: 0, hours: 0, minutes: 0, seconds: 0 };
    expect(countdownParts(deadline, deadline)).toEqual(zero);
    expect(countdownParts(deadline + 1000, deadline)).toEqual(zero);
    expect(secondsLeft(deadline + 5000, deadline)).toBe(0);
  });
  it('splits days, hours, minutes and seconds', () => {
    const left = ((3 * 24 + 4) * 60 + 5) * 60 + 6;
    expect(countdownParts(deadline - left * 1000, deadline)).toEqual({ days: 3, hours: 4, minutes: 5, seconds: 6 });
  });
  it('counts from Mexico City noon on 1 September to the deadline', () => {
    expect(countdownParts(Date.parse('2025-09-01T12:00:00-06:00'), deadline)).toEqual({ days: 29, hours: 11, minutes: 59, seconds: 59 });
  });
  it('ticks on the end’s own second boundaries', () => {
    expect(untilNextTick(deadline - 1500, deadline)).toBe(500);
    expect(untilNextTick(deadline - 2000, deadline)).toBe(1000);
  });
});

describe('pageClock', () => {
  /** Sources the test moves by hand: the page's monotonic clock and the device's wall clock. */
  const sources = (monotonic: number, wall: number) => {
    const clock = { monotonic, wall };
    return { clock, sources: { monotonic: () => clock.monotonic, wall: () => clock.wall } };
  };

  it('is the server instant, plus how stale the copy may be, plus the time since the navigation began', () => {
    const { clock, sources: s } = sources(1500, 0);
    const now = pageClock({ nowMs: deadline - 60_000, aheadMs: 2000 }, s);
    expect(now()).toBe(deadline - 60_000 + 2000 + 1500);
    clock.monotonic += 10_000;
    clock.wall += 10_000;
    expect(now()).toBe(deadline - 60_000 + 2000 + 11_500);
  });

  it('ignores a device clock that is wrong by any amount, or set back while the page is open', () => {
    for (const wall of [Date.parse('2024-08-18T00:00:00Z'), Date.parse('2026-11-04T00:00:00Z')]) {
      const { clock, sources: s } = sources(800, wall);
      const now = pageClock({ nowMs: deadline, aheadMs: 0 }, s);
      expect(now()).toBe(deadline + 800);
      clock.monotonic += 5000;
      clock.wall -= 86_400_000;
      expect(now()).toBe(deadline + 5800);
    }
  });

  it('catches up after the device slept, when the monotonic clock stood still', () => {
    const { clock, sources: s } = sources(800, 1_000_000);
    const now = pageClock({ nowMs: deadline, aheadMs: 0 }, s);
    clock.wall += 8 * 3_600_000;
    clock.monotonic += 1000;
    expect(now()).toBe(deadline + 800 + 8 * 3_600_000);
  });
});
