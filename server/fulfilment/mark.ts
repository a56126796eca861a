/**
 * The mark at Stripe that a buyer's confirmation was sent: metadata on the purchase's PaymentIntent, the only record
 * there is (docs/decisions/0011-stripe-is-the-only-record.md). Pure: the time is an argument.
 *
 * - `taller_confirmation`: `sending` (an instance has claimed the send), `sent`, or `failed` (the send failed and was
 *   released). Anything else (nothing yet, or a word the owner typed in the Dashboard to have it sent again) is
 *   free to claim.
 * - `taller_confirmation_attempt`: which claim this is, counting from 1. A claim for attempt n is made under the
 *   Idempotency-Key `taller-confirmation-<PaymentIntent>-<n>`, so Stripe carries out one claim per attempt.
 * - `taller_confirmation_claim`: the claimant's random token: the claim is its own when the answer carries it.
 * - `taller_confirmation_at`: when the mark last changed (ISO 8601).
 */
export const MARK_KEYS = {
  status: 'taller_confirmation',
  attempt: 'taller_confirmation_attempt',
  claim: 'taller_confirmation_claim',
  at: 'taller_confirmation_at',
} as const;

export type MarkStatus = 'sending' | 'sent' | 'failed';

export interface Mark {
  /** null: nothing recorded, or nothing this site wrote. */
  status: MarkStatus | null;
  attempt: number;
  claim: string | null;
  atMs: number | null;
}

const STATUSES: MarkStatus[] = ['sending', 'sent', 'failed'];

export function readMark(metadata: Record<string, string> | null | undefined): Mark {
  const status = STATUSES.find((candidate) => candidate === metadata?.[MARK_KEYS.status]) ?? null;
  const attempt = Number(metadata?.[MARK_KEYS.attempt]);
  const atMs = Date.parse(metadata?.[MARK_KEYS.at] ?? '');
  return {
    status,
    attempt: Number.isInteger(attempt) && attempt > 0 ? attempt : 0,
    claim: metadata?.[MARK_KEYS.claim] || null,
    atMs: Number.isNaN(atMs) ? null : atMs,
  };
}

/** What to do about a purchase's confirmation, given its mark now. */
export type NextStep = { step: 'done' } | { step: 'wait' } | { step: 'claim'; attempt: number };

/**
 * Sent: nothing to do. Claimed by someone, less than `leaseMs` ago: they are on it, wait (and be asked again).
 * Otherwise (never claimed, released after a failure, or a claim whose holder went silent past the lease): claim
 * the next attempt.
 */
export function nextStep(mark: Mark, nowMs: number, leaseMs: number): NextStep {
  if (mark.status === 'sent') return { step: 'done' };
  if (mark.status === 'sending' && mark.atMs !== null && nowMs - mark.atMs < leaseMs) return { step: 'wait' };
  return { step: 'claim', attempt: mark.attempt + 1 };
}

/** The metadata that records `status` for `attempt`, held by `claim`, at `atMs`. */
export const markMetadata = (status: MarkStatus, attempt: number, claim: string, atMs: number): Record<string, string> => ({
  [MARK_KEYS.status]: status,
  [MARK_KEYS.attempt]: String(attempt),
  [MARK_KEYS.claim]: claim,
  [MARK_KEYS.at]: new Date(atMs).toISOString(),
});

/** One key per attempt: every instance that tries attempt n uses it, and Stripe carries out only the first. */
export const claimKey = (paymentIntentId: string, attempt: number): string => `taller-confirmation-${paymentIntentId}-${attempt}`;

/** Whether Stripe's answer to a claim is this claimant's own claim (first carried out, or its own request replayed). */
export const isOwnClaim = (metadata: Record<string, string> | null | undefined, attempt: number, claim: string): boolean => {
  const mark = readMark(metadata);
  return mark.status === 'sending' && mark.attempt === attempt && mark.claim === claim;
};
