import type { Money } from '../../shared/logic/money';
import type { JourneyTimeline } from '../../shared/logic/journey';
import { sentFor } from '../fulfilment/records/mailMarks';
import type { MailKind } from '../fulfilment/records/purchaseRecord';
import { hasAccess, type Purchase } from '../fulfilment/records/purchase';
import { type EditionTerms, journeyOf } from '../fulfilment/records/purchaseJourney';
import type { RecordedChange, SaleChange } from '../sale/saleChange';

/** What the sale is once a change is in force, as the buyers' journeys read it. */
export interface SaleAfter {
  edition: EditionTerms;
  timeline: JourneyTimeline;
  /** Every link the recording mail points to is set. */
  materialsReady: boolean;
}

/** What one change owes one purchase: its one mail (sent, or refused for good), and its refund, where it makes one. */
interface Owed {
  mail: MailKind;
  sent: boolean;
  failed: boolean;
  refund: { money: Money; cash: boolean; made: boolean } | null;
}

/** The parts of a change that reach buyers: a new start's mail, a cancellation's mail and refund, the recording's mail. */
const partsOf = (change: SaleChange): { startMs?: number; cancel: boolean; recording: boolean } => {
  if (change.kind === 'date') return { startMs: change.startMs, cancel: false, recording: false };
  if (change.kind === 'cancel') return { cancel: true, recording: false };
  if (change.kind === 'recording') return { cancel: false, recording: true };
  if (change.kind === 'entorno' && change.set.edition === undefined) {
    return {
      ...(change.set.startMs !== undefined && { startMs: change.set.startMs }),
      cancel: change.set.cancelled === true,
      recording: change.set.recordingUrl !== undefined,
    };
  }
  return { cancel: false, recording: false };
};

/**
 * What `change` owes `purchase` once in force (`after`, at `nowMs`, from `sinceMs`), from the purchase's own journey
 * and its marks at Stripe, as the sweep judges it (server/fulfilment/settle/dueNow.ts): a new start, one mail to each
 * buyer already told another start; a cancellation, one mail to each buyer of the edition and a refund of each payment
 * (a cash one owed by transfer, made once its mail went); the recording, one mail to each buyer not sent one before,
 * once the workshop has ended. Null: nothing. Pure.
 */
export function owedBy(change: SaleChange, purchase: Purchase, after: SaleAfter, nowMs: number, sinceMs: number): Owed | null {
  const journey = journeyOf(purchase, after.edition, nowMs);
  if (!journey.current) return null;
  const parts = partsOf(change);
  const { marks } = purchase;
  const failed = Object.values(marks).some((mark) => mark.status === 'undeliverable');
  if (parts.cancel) {
    const ours = purchase.refundReason === 'cancelled';
    if (!hasAccess(purchase.standing) && !ours) return null;
    const sent = sentFor(marks.cancellation);
    const paid = purchase.paid && purchase.standing !== 'free' ? purchase.paid : null;
    const refund = paid && { money: paid, cash: purchase.paidInCash, made: purchase.standing === 'refunded' || (purchase.paidInCash && sent) };
    return { mail: 'cancellation', sent, failed: !sent && failed, refund };
  }
  if (!hasAccess(purchase.standing)) return null;
  if (parts.startMs !== undefined) {
    const sent = sentFor(marks.date_change, parts.startMs);
    if (sent) return { mail: 'date_change', sent, failed: false, refund: null };
    return journey.toldMs !== null && journey.changed ? { mail: 'date_change', sent, failed, refund: null } : null;
  }
  if (parts.recording && after.materialsReady && nowMs >= after.timeline.endMs) {
    const sent = sentFor(marks.recording);
    // A recording mail sent before this change announced the link it had: nothing new goes to that buyer.
    if (sent && (marks.recording.atMs ?? 0) < sinceMs) return null;
    return { mail: 'recording', sent, failed: !sent && failed, refund: null };
  }
  return null;
}

/** Where a change stands: `12 de 40 correos enviados, 8 de 30 reembolsos hechos`, then done. */
export interface ChangeProgress {
  id: string;
  kind: SaleChange['kind'];
  takesEffectAtMs: number;
  /** Still in its undo window: nothing sent, nothing refunded. */
  pending: boolean;
  /** `due`: every mail the change owes; `failed`: refused for good by the mail server (the owner writes another way). */
  mails: { sent: number; due: number; failed: number };
  refunds: { made: number; due: number };
  done: boolean;
  /** When the purchases it is counted over were listed (the last sweep); null: not yet. */
  listedAtMs: number | null;
}

/**
 * A recorded change's progress over the purchases as last listed (a site without the buyer's mails lists none, and
 * gives an empty listing of now), against the sale once it is in force. Pure.
 */
export function progressOf(
  recorded: RecordedChange,
  listing: { atMs: number; purchases: readonly Purchase[] } | null,
  after: SaleAfter,
  nowMs: number,
): ChangeProgress {
  const pending = nowMs < recorded.takesEffectAtMs;
  const progress: ChangeProgress = {
    id: recorded.id,
    kind: recorded.change.kind,
    takesEffectAtMs: recorded.takesEffectAtMs,
    pending,
    mails: { sent: 0, due: 0, failed: 0 },
    refunds: { made: 0, due: 0 },
    done: false,
    listedAtMs: listing?.atMs ?? null,
  };
  const at = Math.max(nowMs, recorded.takesEffectAtMs);
  for (const purchase of listing?.purchases ?? []) {
    const owed = owedBy(recorded.change, purchase, after, at, recorded.takesEffectAtMs);
    if (!owed) continue;
    progress.mails.due += 1;
    if (!pending && owed.sent) progress.mails.sent += 1;
    if (!pending && owed.failed) progress.mails.failed += 1;
    if (owed.refund) {
      progress.refunds.due += 1;
      if (!pending && owed.refund.made) progress.refunds.made += 1;
    }
  }
  // Counted over a listing made once the change was in force: an earlier one cannot say what was sent since.
  const listedSince = listing !== null && listing.atMs >= recorded.takesEffectAtMs;
  const parts = partsOf(recorded.change);
  // A change that reaches no buyer (closing sales, the next edition) is done once in force.
  const reachesBuyers = parts.startMs !== undefined || parts.cancel || parts.recording;
  progress.done =
    !pending &&
    (!reachesBuyers || listedSince) &&
    progress.mails.sent + progress.mails.failed >= progress.mails.due &&
    progress.refunds.made >= progress.refunds.due;
  return progress;
}
