/**
 * The marks at Stripe that a buyer's mails were sent: metadata on the purchase's Checkout Session, the only record
 * there is (docs/decisions/0011-stripe-is-the-only-record.md). Every purchase has a session, a free one (a 100 %
 * promotion code) included, which has no PaymentIntent. Pure: the time is an argument.
 *
 * For each kind of mail, four keys, named from its prefix (`taller_confirmation` for the confirmation):
 * - `<prefix>`: `sending` (an instance has claimed the send), `sent`, `failed` (the send failed and was released), or
 *   `undeliverable` (the mail server refused the address for good: never tried again). Anything else (nothing yet, or
 *   a word the owner wrote to have it sent again) is free to claim.
 * - `<prefix>_attempt`: which claim this is, counting from 1. A claim for attempt n is made under the Idempotency-Key
 *   `<prefix>-<session>-<n>`, so Stripe carries out one claim per attempt.
 * - `<prefix>_claim`: the claimant's token, its instance's rank then a random part: the claim is its own when the
 *   answer carries it, and the rank says which instance wrote the mark.
 * - `<prefix>_at`: when the mark last changed (ISO 8601).
 */

/**
 * The mails a buyer gets: the confirmation, a reminder the day before and an hour before, the recording after; and,
 * where the site refunds the purchase, the one that says why and how the money comes back.
 */
export type MailKind = 'confirmation' | 'day_before' | 'hour_before' | 'recording' | 'refund';
export const MAIL_KINDS: readonly MailKind[] = ['confirmation', 'day_before', 'hour_before', 'recording', 'refund'];

export const MARK_PREFIX: Record<MailKind, string> = {
  confirmation: 'taller_confirmation',
  day_before: 'taller_reminder_day',
  hour_before: 'taller_reminder_hour',
  recording: 'taller_recording',
  refund: 'taller_refund_mail',
};

export const markKeys = (kind: MailKind) => {
  const prefix = MARK_PREFIX[kind];
  return { status: prefix, attempt: `${prefix}_attempt`, claim: `${prefix}_claim`, at: `${prefix}_at` } as const;
};

export type MarkStatus = 'sending' | 'sent' | 'failed' | 'undeliverable';

export interface Mark {
  /** null: nothing recorded, or nothing this site wrote. */
  status: MarkStatus | null;
  attempt: number;
  claim: string | null;
  atMs: number | null;
}

const STATUSES: MarkStatus[] = ['sending', 'sent', 'failed', 'undeliverable'];

export function readMark(metadata: Record<string, string> | null | undefined, kind: MailKind): Mark {
  const keys = markKeys(kind);
  const status = STATUSES.find((candidate) => candidate === metadata?.[keys.status]) ?? null;
  const attempt = Number(metadata?.[keys.attempt]);
  const atMs = Date.parse(metadata?.[keys.at] ?? '');
  return {
    status,
    attempt: Number.isInteger(attempt) && attempt > 0 ? attempt : 0,
    claim: metadata?.[keys.claim] || null,
    atMs: Number.isNaN(atMs) ? null : atMs,
  };
}

/** What to do about one mail of a purchase, given its mark now. */
export type NextStep = { step: 'done' } | { step: 'wait' } | { step: 'claim'; attempt: number };

/**
 * Sent, or refused for good: nothing to do. Claimed by someone, less than `leaseMs` ago: they are on it, wait (and
 * be asked again). Otherwise (never claimed, released after a failure, or a claim whose holder went silent past the
 * lease): claim the next attempt.
 */
export function nextStep(mark: Mark, nowMs: number, leaseMs: number): NextStep {
  if (mark.status === 'sent' || mark.status === 'undeliverable') return { step: 'done' };
  if (mark.status === 'sending' && mark.atMs !== null && nowMs - mark.atMs < leaseMs) return { step: 'wait' };
  return { step: 'claim', attempt: mark.attempt + 1 };
}

/** The metadata that records `status` for `attempt` of a kind of mail, held by `claim`, at `atMs`. */
export function markMetadata(kind: MailKind, status: MarkStatus, attempt: number, claim: string, atMs: number): Record<string, string> {
  const keys = markKeys(kind);
  return { [keys.status]: status, [keys.attempt]: String(attempt), [keys.claim]: claim, [keys.at]: new Date(atMs).toISOString() };
}

/**
 * A claim's token: the claimant instance's rank (random, drawn at its start: no two instances tie), then a random part
 * of its own, so that no two claims are alike.
 */
export const claimToken = (rank: string, random: string): string => `${rank}.${random}`;
/** The rank of the instance that wrote a mark's claim; null for none (or a claim of an earlier release, rankless). */
export const rankOf = (claim: string | null): string | null => (claim?.includes('.') ? (claim.split('.')[0] ?? null) : null);

/** One key per attempt: every instance that tries attempt n uses it, and Stripe carries out only the first. */
export const claimKey = (kind: MailKind, sessionId: string, attempt: number): string => `${MARK_PREFIX[kind]}-${sessionId}-${attempt}`;

/** Whether Stripe's answer to a claim is this claimant's own claim (first carried out, or its own request replayed). */
export const isOwnClaim = (metadata: Record<string, string> | null | undefined, kind: MailKind, attempt: number, claim: string): boolean => {
  const mark = readMark(metadata, kind);
  return mark.status === 'sending' && mark.attempt === attempt && mark.claim === claim;
};
