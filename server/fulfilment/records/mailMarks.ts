import { type MailKind, type Mark, markPrefix, readRecord } from './purchaseRecord';

/**
 * How a mail's mark at Stripe (server/fulfilment/records/purchaseRecord.ts) makes one mail out of every delivery, retry,
 * instance and sweep (docs/decisions/0011-stripe-is-the-only-record.md): a claim of attempt n is made under the one
 * Idempotency-Key `<prefix>-<session>-<n>`, so Stripe carries out one claim per attempt, and a claim is its claimant's
 * own when Stripe's answer carries its token. Pure: the time is an argument.
 */

/** Whether a mark stands for the start `forMs` (none asked: any): one without a start of its own stands for the one it was written under. */
const markFor = (mark: Mark, forMs: number | undefined): boolean => forMs === undefined || mark.forMs === null || mark.forMs === forMs;

/** Sent about the start `forMs`: a mail about another start, however sent, is not this one. */
export const sentFor = (mark: Mark, forMs?: number): boolean => mark.status === 'sent' && markFor(mark, forMs);

/** What to do about one mail of a purchase, given its mark now. */
export type NextStep = { step: 'done' } | { step: 'wait' } | { step: 'claim'; attempt: number };

/**
 * Sent about the start asked for (`forMs`), or refused for good: nothing to do. Claimed by someone, less than
 * `leaseMs` ago: they are on it, wait (and be asked again). Otherwise (never claimed, released after a failure, sent
 * about another start, or a claim whose holder went silent past the lease): claim the next attempt, so that each
 * attempt's key is new whatever the start.
 */
export function nextStep(mark: Mark, nowMs: number, leaseMs: number, forMs?: number): NextStep {
  if (sentFor(mark, forMs) || mark.status === 'undeliverable') return { step: 'done' };
  if (mark.status === 'sending' && mark.atMs !== null && nowMs - mark.atMs < leaseMs) return { step: 'wait' };
  return { step: 'claim', attempt: mark.attempt + 1 };
}

/**
 * A claim's token: the claimant instance's rank (random, drawn at its start: no two instances tie), then a random part
 * of its own, so that no two claims are alike.
 */
export const claimToken = (rank: string, random: string): string => `${rank}.${random}`;
/** The rank of the instance that wrote a mark's claim; null for none (or a claim of an earlier release, rankless). */
export const rankOf = (claim: string | null): string | null => (claim?.includes('.') ? (claim.split('.')[0] ?? null) : null);

/** One key per attempt: every instance that tries attempt n uses it, and Stripe carries out only the first. */
export const claimKey = (kind: MailKind, sessionId: string, attempt: number): string => `${markPrefix(kind)}-${sessionId}-${attempt}`;

/** Whether Stripe's answer to a claim is this claimant's own claim (first carried out, or its own request replayed). */
export const isOwnClaim = (metadata: Record<string, string> | null | undefined, kind: MailKind, attempt: number, claim: string): boolean => {
  const mark = readRecord(metadata).marks[kind];
  return mark.status === 'sending' && mark.attempt === attempt && mark.claim === claim;
};
