import type { Clock } from '../../ops/clock';
import type { Verified } from '../settle/fulfilSession';
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

export interface SessionLookup {
  (sessionId: string): Promise<{ looked: Looked; source: LookupSource }>;
  /** Drops what is remembered of a session: its access just ended. */
  forget(sessionId: string): void;
}

export interface SessionLookupOptions {
  /** Asks Stripe: rejects when Stripe cannot say. */
  read: (sessionId: string) => Promise<Verified>;
  memory: RecentSessions<Verified>;
  budget: ReadBudget;
  clock: Clock;
}

/**
 * A buyer's page's one question about a session (the page after the checkout, the personal link): asked of Stripe at
 * most once while the answer is remembered, and by this instance at most as often as its budget of reads allows.
 */
export function sessionLookup({ read, memory, budget, clock }: SessionLookupOptions): SessionLookup {
  const lookup = async (sessionId: string): Promise<{ looked: Looked; source: LookupSource }> => {
    const now = clock();
    const remembered = memory.get(sessionId, now);
    if (remembered) return { looked: remembered, source: 'memory' };
    if (!budget.take(now)) return { looked: 'over_budget', source: 'none' };
    let found: Verified;
    try {
      found = await read(sessionId);
    } catch {
      return { looked: 'unavailable', source: 'stripe' };
    }
    memory.remember(sessionId, found, clock(), REMEMBER_MS[found.kind]);
    return { looked: found, source: 'stripe' };
  };
  return Object.assign(lookup, { forget: (sessionId: string) => memory.forget(sessionId) });
}
