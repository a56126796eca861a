// The statistics `npm run lighthouse` reports: medians, and how far the ratio of two medians could move between runs.

/** The median of the finite values (a run Lighthouse could not measure is reported apart); NaN when there are none. */
export function median(values) {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** A small seeded generator (mulberry32): the same runs always give the same interval. */
function generator(seed) {
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
 * `iterations` times. On two shared cores a median of 9 moves by a few per cent between runs of the script; this
 * says, from the runs themselves, whether a verdict against a limit could flip.
 */
export function ratioInterval(values, reference, { iterations = 2000, seed = 1 } = {}) {
  const a = values.filter(Number.isFinite);
  const b = reference.filter(Number.isFinite);
  if (!a.length || !b.length) return { low: NaN, high: NaN };
  const random = generator(seed);
  const redraw = (sample) => sample.map(() => sample[Math.floor(random() * sample.length)]);
  const ratios = [];
  for (let i = 0; i < iterations; i += 1) ratios.push(median(redraw(a)) / median(redraw(b)));
  ratios.sort((x, y) => x - y);
  return { low: ratios[Math.floor(0.025 * iterations)], high: ratios[Math.ceil(0.975 * iterations) - 1] };
}
