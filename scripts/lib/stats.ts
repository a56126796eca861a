// The statistics the reports give: extremes, medians, and how far the ratio of two medians could move between runs.

/**
 * The largest of `values`, -Infinity when there are none (as Math.max()). A loop, never Math.max(...values): V8
 * throws past about 125,000 arguments, and a report must read any number of records.
 */
export function maxOf(values: Iterable<number>): number {
  let max = -Infinity;
  for (const value of values) if (value > max) max = value;
  return max;
}

/** The smallest of `values`, Infinity when there are none (as Math.min()); a loop, for the same reason. */
export function minOf(values: Iterable<number>): number {
  let min = Infinity;
  for (const value of values) if (value < min) min = value;
  return min;
}

/** The median of the finite values (a run that measured nothing is reported apart); NaN when there are none. */
export function median(values: number[]): number {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** A small seeded generator (mulberry32): the same runs always give the same interval. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * The 95 % bootstrap interval of median(values) / median(reference): both samples are redrawn with replacement,
 * `iterations` times. On a shared machine a median moves between runs of a script: this says, from the runs
 * themselves, whether a verdict against a limit could flip.
 */
export function ratioInterval(
  values: number[],
  reference: number[],
  { iterations = 2000, seed = 1 }: { iterations?: number; seed?: number } = {},
): { low: number; high: number } {
  const a = values.filter(Number.isFinite);
  const b = reference.filter(Number.isFinite);
  if (!a.length || !b.length) return { low: NaN, high: NaN };
  const random = generator(seed);
  const redraw = (sample: number[]): number[] => sample.map(() => sample[Math.floor(random() * sample.length)] as number);
  const ratios: number[] = [];
  for (let i = 0; i < iterations; i += 1) ratios.push(median(redraw(a)) / median(redraw(b)));
  ratios.sort((x, y) => x - y);
  return { low: ratios[Math.floor(0.025 * iterations)] as number, high: ratios[Math.ceil(0.975 * iterations) - 1] as number };
}
