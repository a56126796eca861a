import { isoInWorkshopZone } from '../../../shared/logic/schedule';
import type { CheckoutApi } from '../../stripe/checkoutApi';
import { REFUND_MARK, type RefundReason, REFUND_REASONS } from './refundMark';

/**
 * What the site keeps at Stripe about a purchase, the only record there is (docs/decisions/0011-stripe-is-the-only-record.md):
 * metadata on its Checkout Session, which every purchase has (a free one too, which has no PaymentIntent). Every key the
 * site reads or writes there is named here, and every write goes through `writeRecord`, which the boundary holds to
 * Stripe's limits (server/stripe/stripeMetadata.ts) before Stripe is asked: 50 keys, of 40 characters, values of 500.
 * The worst purchase holds 19 keys (tests/fulfilment/worst-purchase.test.ts); the rest is room for what comes.
 *
 * Each mail's mark is two keys, from its prefix (`taller_confirmation` for the confirmation):
 * - `<prefix>`: `sending` (an instance has claimed the send), `sent`, `failed` (the send failed and was released) or
 *   `undeliverable` (the mail server refused the address for good: never tried again). Anything else (nothing yet, or a
 *   word the owner wrote to have it sent again) is free to claim. A bare word, as every release has written it, so that
 *   the owner reads it in the Dashboard and an instance of the last release still running in a rolling update reads it
 *   too.
 * - `<prefix>_mark`: the rest, packed: `<attempt>;<at>;<claim>;<for>`. The attempt counts claims from 1 (each claim
 *   of attempt n is made under one Idempotency-Key: server/fulfilment/records/mailMarks.ts); `at`, when the mark last
 *   changed (ISO 8601); `claim`, the claimant's token (its instance's rank, then a random part); `for`, the workshop's
 *   start the mail was about (ISO 8601), for the kinds whose moment moves with it, else empty.
 *
 * The last release wrote those four as keys of their own (`<prefix>_attempt`, `<prefix>_claim`, `<prefix>_at`,
 * `<prefix>_for`): they are read where no `<prefix>_mark` is, and deleted (Stripe deletes a key set to "") by the first
 * write of that mark. Pure but for `writeRecord`.
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
/** Every key of the purchase's record but the mails' (docs/fulfilment.md names each). */
const KEY = {
  /** An expired voucher's place given back: `returned` (server/fulfilment/links/placesBackAtLink.ts). */
  placeBack: 'taller_voucher_place',
  /** The site refunds it, and why (server/fulfilment/records/refundMark.ts). */
  refund: REFUND_MARK,
  /** The edition it belongs to, written with the confirmation's claim (docs/decisions/0023-editions-after-the-sale.md). */
  edition: 'taller_edition',
  /** The UID an earlier release's invite carried: only on a purchase that release confirmed. */
  inviteUid: 'taller_invite_uid',
  /** The recording its recording mail announced, written with that mail's claim. */
  recordingUrl: 'taller_recording_url',
  /**
   * Its confirmation sent again from the owner's panel (server/panel/resend.ts), packed: `<status>;<at>;<claim>`, the
   * status `sending` (claimed under the press's Idempotency-Key), `sent` or `failed`.
   */
  resend: 'taller_resend',
} as const;
/** An earlier release's mark of a place given back: still read, never written. */
const LEGACY_PLACE_BACK = { key: 'taller_place_back', value: 'given' } as const;
const RETURNED = 'returned';

/** The prefix of a kind's mark, which names its claims' Idempotency-Keys too. */
export const markPrefix = (kind: MailKind): string => MARK_PREFIX[kind];
const packedKey = (kind: MailKind): string => `${MARK_PREFIX[kind]}_mark`;
/** The last release's keys for what `<prefix>_mark` now packs. */
const legacyKeys = (kind: MailKind) => {
  const prefix = MARK_PREFIX[kind];
  return { attempt: `${prefix}_attempt`, claim: `${prefix}_claim`, at: `${prefix}_at`, for: `${prefix}_for` } as const;
};

export type MarkStatus = 'sending' | 'sent' | 'failed' | 'undeliverable';
const STATUSES: readonly MarkStatus[] = ['sending', 'sent', 'failed', 'undeliverable'];

export interface Mark {
  /** null: nothing recorded, or nothing this site wrote (the owner's `resend`). */
  status: MarkStatus | null;
  attempt: number;
  claim: string | null;
  atMs: number | null;
  /** The start the mail was about; null: not said (a release before the last's mark, or a kind whose moment never moves). */
  forMs: number | null;
}

export type Metadata = Record<string, string>;

/** Its confirmation sent again from the panel: how it stands, when it last changed, and the press's claim. */
interface Resend {
  status: ResendStatus;
  atMs: number | null;
  claim: string;
}
type ResendStatus = 'sending' | 'sent' | 'failed';
const RESEND_STATUSES: readonly ResendStatus[] = ['sending', 'sent', 'failed'];

/** What the site keeps about one purchase, as read. */
export interface PurchaseRecord {
  marks: Record<MailKind, Mark>;
  placeGivenBack: boolean;
  refundReason: RefundReason | null;
  edition: string | null;
  inviteUid: string | null;
  recordingUrl: string | null;
  /** The last time the owner sent its confirmation again; null: never. */
  resend: Resend | null;
}

function readResend(value: string | undefined): Resend | null {
  const [status, at, claim] = (value ?? '').split(';');
  const known = RESEND_STATUSES.find((candidate) => candidate === status);
  return known ? { status: known, atMs: parsedMs(at), claim: claim ?? '' } : null;
}

const parsedMs = (value: string | undefined): number | null => {
  const ms = Date.parse(value ?? '');
  return Number.isNaN(ms) ? null : ms;
};

function readMark(metadata: Metadata, kind: MailKind): Mark {
  const packed = metadata[packedKey(kind)];
  const legacy = legacyKeys(kind);
  const [attempt, at, claim, forIso] =
    packed === undefined ? [metadata[legacy.attempt], metadata[legacy.at], metadata[legacy.claim], metadata[legacy.for]] : packed.split(';');
  const count = Number(attempt);
  return {
    status: STATUSES.find((candidate) => candidate === metadata[MARK_PREFIX[kind]]) ?? null,
    attempt: Number.isInteger(count) && count > 0 ? count : 0,
    claim: claim || null,
    atMs: parsedMs(at),
    forMs: parsedMs(forIso),
  };
}

/**
 * A session's metadata read as the purchase's record. `intentMetadata`: its PaymentIntent's, where a release before
 * these marks wrote the confirmation's: what it sent stays sent.
 */
export function readRecord(metadata: Metadata | null | undefined, intentMetadata?: Metadata | null): PurchaseRecord {
  const own = metadata ?? {};
  const marks = Object.fromEntries(MAIL_KINDS.map((kind) => [kind, readMark(own, kind)])) as Record<MailKind, Mark>;
  const onIntent = readMark(intentMetadata ?? {}, 'confirmation');
  if (marks.confirmation.status === null && onIntent.status === 'sent') marks.confirmation = onIntent;
  return {
    marks,
    placeGivenBack: own[KEY.placeBack] === RETURNED || own[LEGACY_PLACE_BACK.key] === LEGACY_PLACE_BACK.value,
    refundReason: REFUND_REASONS.find((reason) => reason === own[KEY.refund]) ?? null,
    edition: own[KEY.edition] || null,
    inviteUid: own[KEY.inviteUid] || null,
    recordingUrl: own[KEY.recordingUrl] || null,
    resend: readResend(own[KEY.resend]),
  };
}

/** Whether a session's metadata says an expired voucher's place was given back: a listing counts them without reading the rest. */
export const placeGivenBackIn = (metadata: Metadata | null | undefined): boolean => readRecord(metadata).placeGivenBack;
/** Whether the site marked a session with an edition: a session of a link it no longer sells through is then still its own. */
export const markedWithEdition = (metadata: Metadata | null | undefined): boolean => Boolean(metadata?.[KEY.edition]);

/** One change to a purchase's record. */
export type RecordChange =
  | { mark: MailKind; status: MarkStatus; attempt: number; claim: string; atMs: number; forMs: number | null }
  | { refund: RefundReason }
  | { placeGivenBack: true }
  | { edition: string }
  | { inviteUid: string }
  | { recordingUrl: string }
  | { resend: ResendStatus; atMs: number; claim: string };

/** A mark rewritten as it was, but about the start `forMs`: how an earlier release's mark is adopted. */
export const markAbout = (kind: MailKind, mark: Mark, forMs: number | null): RecordChange | null =>
  mark.status && { mark: kind, status: mark.status, attempt: mark.attempt, claim: mark.claim ?? '', atMs: mark.atMs ?? 0, forMs };

function changeMetadata(change: RecordChange, current: Metadata): Metadata {
  if ('mark' in change) {
    const { mark: kind, status, attempt, claim, atMs, forMs } = change;
    const gone = Object.values(legacyKeys(kind)).filter((key) => key in current);
    return {
      [MARK_PREFIX[kind]]: status,
      [packedKey(kind)]: [String(attempt), atMs ? new Date(atMs).toISOString() : '', claim, forMs === null ? '' : isoInWorkshopZone(forMs)].join(';'),
      ...Object.fromEntries(gone.map((key) => [key, ''])),
    };
  }
  if ('refund' in change) return { [KEY.refund]: change.refund };
  if ('placeGivenBack' in change) return { [KEY.placeBack]: RETURNED };
  if ('edition' in change) return { [KEY.edition]: change.edition };
  if ('inviteUid' in change) return { [KEY.inviteUid]: change.inviteUid };
  if ('resend' in change) return { [KEY.resend]: [change.resend, new Date(change.atMs).toISOString(), change.claim].join(';') };
  return { [KEY.recordingUrl]: change.recordingUrl };
}

/** The metadata that makes these changes to a record whose metadata is `current` (deleting the last release's keys they replace). */
export const recordMetadata = (changes: readonly RecordChange[], current: Metadata): Metadata =>
  Object.assign({}, ...changes.map((change) => changeMetadata(change, current))) as Metadata;

/**
 * Writes the changes on the purchase's session, once under the key if there is one, held to Stripe's limits against its
 * metadata as read: a write past them fails with a CheckoutError naming the key, and Stripe is not asked. Resolves to
 * the session as Stripe then has it.
 */
export const writeRecord = (
  checkout: Pick<CheckoutApi, 'mark'>,
  purchase: { sessionId: string; metadata: Metadata },
  changes: readonly RecordChange[],
  idempotencyKey?: string,
) => checkout.mark(purchase.sessionId, recordMetadata(changes, purchase.metadata), idempotencyKey, purchase.metadata);
