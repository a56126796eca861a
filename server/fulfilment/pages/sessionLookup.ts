import type { Clock } from '../../ops/clock';
import type { Known, Verified } from '../settle/fulfilSession';
import type { Purchase } from '../records/purchase';
import type { ReadBudget } from './stripeReadBudget';
import type { RecentSessions } from './recentSessions';
import type { LookupSource } from '../reports/fulfilmentOutcomes';

/** What Stripe said (or the memory remembered), or why nothing was asked or answered. */
export type Looked = Verified | 'unavailable' | 'over_budget';

/**
 * How long an answer stays remembered, from when Stripe gave it: at most a minute for an answer a page's read or an
 * event brought; a voucher may be paid any moment.
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

/** Past a sweep's period, what its listing said is kept this much longer: the next listing may come a little late. */
const LISTING_SLACK_MS = 30_000;

/**
 * How long what a sweep's listing said of a buyer stays remembered, from when Stripe listed it: until the next listing
 * names them again, a sweep period later and a little, so that a buyer the instance knows opens their personal link with
 * no read whenever in the period they come (the join rush: docs/performance.md#the-join-rush). So a refund or a dispute
 * ends access at once on the instance that hears Stripe's event, and on the others within a period (SWEEP_SECONDS) and
 * half a minute. A voucher to pay is kept no longer than a page's answer.
 */
export const listedUntilNextMs = (kind: Verified['kind'], periodMs: number): number => (kind === 'pending' ? REMEMBER_MS.pending : periodMs + LISTING_SLACK_MS);

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
