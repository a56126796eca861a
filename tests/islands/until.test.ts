import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeDeviceClock, until } from '../helpers/islands';

afterEach(() => {
  vi.useRealTimers();
});

describe("until, the islands tests' wait for React", () => {
  it("gives up after its limit of real time, with its own message, while the page's clocks are faked", async () => {
    fakeDeviceClock(Date.parse('2025-09-01T12:00:00Z'));
    const started = process.hrtime.bigint();
    await expect(until(() => false, 'a condition that never holds', 50)).rejects.toThrow('Timed out waiting for a condition that never holds');
    expect(Number((process.hrtime.bigint() - started) / 1_000_000n)).toBeLessThan(1_000);
  });

  it('returns as soon as the condition holds', async () => {
    let turns = 0;
    await until(() => {
      turns += 1;
      return turns > 3;
    }, 'three turns');
    expect(turns).toBe(4);
  });
});
