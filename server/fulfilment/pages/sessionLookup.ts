import type { Clock } from '../../ops/clock';
import type { Known, Verified } from '../settle/fulfilSession';
import type { Purchase } from '../records/purchase';
import type { ReadBudget } from './stripeReadBudget';
import type { RecentSessions } from './recentSessions';
import type { LookupSource } from '../reports/fulfilmentOutcomes';

/** What Stripe said (or the memory remembered), or why nothing was asked or answered. */
export type Looked = Verified | 'unavailable' | 'over_budget';

/**
 * How long an answer stays remembered, from when Stripe gave it: at most a minute, so that a refund or a dispute ends
 * access within one on every instance; a voucher may be paid any moment.
 */
export const REMEMBER_MS: Record<Verified['kind'], number> = {
  paid: 60_000,
  ended: 60_000,
  pending: 30_000,
  expired: 60_000,
  late: 60_000,
  cancelled: 60_000,
  withdrawn: 60_000,
  none: 60_000,
};

/** What a lookup came to, where from, and the purchase itself while its buyer may ask for a refund (Known). */
interface LookedUp {
  looked: Looked;
  source: LookupSource;
  purchase: Purchase | null;
}

export interface SessionLookup {
  (sessionId: string): Promise<LookedUp>;
  /** Drops what is remembered of a session: its access just ended. */
  forget(sessionId: string): void;
}

export interface SessionLookupOptions {
  /** Asks Stripe: rejects when Stripe cannot say. */
  read: (sessionId: string) => Promise<Known>;
  memory: RecentSessions<Known>;
  budget: ReadBudget;
  clock: Clock;
}

/**
 * A buyer's page's one question about a session (the page after the checkout, the personal link): asked of Stripe at
 * most once while the answer is remembered, and by this instance at most as often as its budget of reads allows.
 */
export function sessionLookup({ read, memory, budget, clock }: SessionLookupOptions): SessionLookup {
  const lookup = async (sessionId: string): Promise<LookedUp> => {
    const now = clock();
    const remembered = memory.get(sessionId, now);
    if (remembered) return { looked: remembered.verified, source: 'memory', purchase: remembered.purchase };
    if (!budget.take(now)) return { looked: 'over_budget', source: 'none', purchase: null };
    let found: Known;
    try {
      found = await read(sessionId);
    } catch {
      return { looked: 'unavailable', source: 'stripe', purchase: null };
    }
    memory.remember(sessionId, found, clock(), REMEMBER_MS[found.verified.kind]);
    return { looked: found.verified, source: 'stripe', purchase: found.purchase };
  };
  return Object.assign(lookup, { forget: (sessionId: string) => memory.forget(sessionId) });
}
