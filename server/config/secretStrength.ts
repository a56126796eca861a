/**
 * How guessable a secret is, estimated from how varied its characters are: its length times their Shannon entropy.
 * The preflight judges ACCESS_SECRET by it, and production refuses a PANEL_SECRET below STRONG_SECRET_BITS. Pure.
 */
export function estimatedBits(secret: string): number {
  const counts = new Map<string, number>();
  for (const character of secret) counts.set(character, (counts.get(character) ?? 0) + 1);
  const length = [...secret].length;
  const entropy = [...counts.values()].reduce((sum, count) => sum - (count / length) * Math.log2(count / length), 0);
  return Math.floor(length * entropy);
}

/** The links' and the panel's signatures are 128 bits: a secret any weaker is the easier thing to guess. */
export const STRONG_SECRET_BITS = 128;
