/** The statistics behind `npm run lighthouse`'s verdicts: medians, and the interval of a ratio of medians. */
import { describe, expect, it } from 'vitest';
import { median, ratioInterval } from '../../scripts/lib/stats';

describe('median', () => {
  it('takes the middle value of an odd sample and the mean of the two middle values of an even one', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('leaves out runs without a figure, and is NaN when none has one', () => {
    expect(median([NaN, 5, Infinity, 7, 6])).toBe(6);
    expect(median([NaN])).toBeNaN();
  });
});

describe('ratioInterval', () => {
  const floor = [629, 623, 623, 620, 644, 622, 642, 643, 622];
  const page = [739, 742, 706, 705, 714, 635, 697, 686, 663];

  it('holds the ratio of the medians, and is a point when neither sample varies', () => {
    const { low, high } = ratioInterval(page, floor);
    const ratio = median(page) / median(floor);
    expect(low).toBeLessThan(ratio);
    expect(high).toBeGreaterThan(ratio);
    expect(ratioInterval([700, 700, 700], [630, 630])).toEqual({ low: 700 / 630, high: 700 / 630 });
  });

  it('widens with the spread of the runs', () => {
    const steady = ratioInterval([700, 701, 699, 700, 702, 698, 700, 701, 699], floor);
    const spread = ratioInterval(page, floor);
    expect(spread.high - spread.low).toBeGreaterThan(steady.high - steady.low);
  });

  it('gives the same interval for the same runs, and is NaN without a figure', () => {
    expect(ratioInterval(page, floor)).toEqual(ratioInterval(page, floor));
    expect(ratioInterval([NaN], floor)).toEqual({ low: NaN, high: NaN });
  });
});
