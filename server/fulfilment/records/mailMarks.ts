import { isoInWorkshopZone } from '../../../shared/logic/schedule';

/**
 * The marks at Stripe that a buyer's mails were sent: metadata on the purchase's Checkout Session, the only record
 * there is (docs/decisions/0011-stripe-is-the-only-record.md). Every purchase has a session, a free one (a 100 %
 * promotion code) included, which has no PaymentIntent. Pure: the time is an argument.
 *
 * For each kind of mail, four keys, named from its prefix (`taller_confirmation` for the confirmation), and a fifth:
 * - `<prefix>`: `sending` (an instance has claimed the send), `sent`, `failed` (the send failed and was released), or
 *   `undeliverable` (the mail server refused the address for good: never tried again). Anything else (nothing yet, or
 *   a word the owner wrote to have it sent again) is free to claim.
 * - `<prefix>_attempt`: which claim this is, counting from 1. A claim for attempt n is made under the Idempotency-Key
 *   `<prefix>-<session>-<n>`, so Stripe carries out one claim per attempt.
 * - `<prefix>_claim`: the claimant's token, its instance's rank then a random part: the claim is its own when the
 *   answer carries it, and the rank says which instance wrote the mark.
 * - `<prefix>_at`: when the mark last changed (ISO 8601).
 * - `<prefix>_for`: the workshop's start the mail was about (ISO 8601), for the kinds whose moment moves with it: the
 *   confirmation (the date the buyer was told), a new date's mail and the reminders. A mark for another start never
 *   stands for this one; a mark without it (an earlier release's) stands for the start it was written under.
 */

/**
 * The mails a buyer gets: the confirmation, a new date's (with the invite that moves the event), a reminder the day
 * before and an hour before, the recording after; where the site refunds the purchase, the one that says why and how
 * the money comes back; and, should the owner cancel the workshop, the one that says so and removes the event.
 */
export type MailKind = 'confirmation' | 'date_change' | 'day_before' | 'hour_before' | 'recording' | 'refund' | 'cancellation';
export const MAIL_KINDS: readonly MailKind[] = ['confirmation', 'date_change', 'day_before', 'hour_before', 'recording', 'refund', 'cancellation'];

const MARK_PREFIX: Record<MailKind, string> = {
  confirmation: 'taller_confirmation',
  date_change: 'taller_date_change',
  day_before: 'taller_reminder_day',
  hour_before: 'taller_reminder_hour',
  recording: 'taller_recording',
  refund: 'taller_refund_mail',
  cancellation: 'taller_cancellation',
};

export const markKeys = (kind: MailKind) => {
  const prefix = MARK_PREFIX[kind];
  return { status: prefix, attempt: `${prefix}_attempt`, claim: `${prefix}_claim`, at: `${prefix}_at`, for: `${prefix}_for` } as const;
};

export type MarkStatus = 'sending' | 'sent' | 'failed' | 'undeliverable';

export interface Mark {
  /** null: nothing recorded, or nothing this site wrote. */
  status: MarkStatus | null;
  attempt: number;
  claim: string | null;
  atMs: number | null;
  /** The start the mail was about; null: not said (an earlier release's mark, or a kind whose moment never moves). */
  forMs: number | null;
}

const STATUSES: MarkStatus[] = ['sending', 'sent', 'failed', 'undeliverable'];

export function readMark(metadata: Record<string, string> | null | undefined, kind: MailKind): Mark {
  const keys = markKeys(kind);
  const status = STATUSES.find((candidate) => candidate === metadata?.[keys.status]) ?? null;
  const attempt = Number(metadata?.[keys.attempt]);
  const atMs = Date.parse(metadata?.[keys.at] ?? '');
  const forMs = Date.parse(metadata?.[keys.for] ?? '');
  return {
    status,
    attempt: Number.isInteger(attempt) && attempt > 0 ? attempt : 0,
    claim: metadata?.[keys.claim] || null,
    atMs: Number.isNaN(atMs) ? null : atMs,
    forMs: Number.isNaN(forMs) ? null : forMs,
  };
}

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

/** The metadata that records `status` for `attempt` of a kind of mail, held by `claim`, at `atMs`, about the start `forMs` if given. */
export function markMetadata(kind: MailKind, status: MarkStatus, attempt: number, claim: string, atMs: number, forMs?: number): Record<string, string> {
  const keys = markKeys(kind);
  return {
    [keys.status]: status,
    [keys.attempt]: String(attempt),
    [keys.claim]: claim,
    [keys.at]: new Date(atMs).toISOString(),
    ...(forMs !== undefined && { [keys.for]: isoInWorkshopZone(forMs) }),
  };
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
