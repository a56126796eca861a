/**
 * A token bucket of Stripe reads for the page after the checkout, per instance: `burst` at once, then `perSecond`.
 * A flood of made-up session ids costs at most that, and never the owner's whole rate limit at Stripe. Pure: the
 * time is an argument.
 */
export interface ReadBudget {
  /** Spends one read if there is one now. */
  take(nowMs: number): boolean;
}

export function readBudget(perSecond: number, burst: number): ReadBudget {
  let tokens = burst;
  let lastMs: number | null = null;
  return {
    take(nowMs) {
      if (lastMs !== null) tokens = Math.min(burst, tokens + (Math.max(0, nowMs - lastMs) * perSecond) / 1000);
      lastMs = nowMs;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}
