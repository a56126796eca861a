import type { SaleTerms } from '../../../shared/logic/sale';
import { placeBackOpen } from '../links/placesBackPlan';
import { sentFor } from '../records/mailMarks';
import type { MailKind } from '../records/purchaseRecord';
import { hasAccess, type Purchase } from '../records/purchase';
import type { Journey } from '../records/purchaseJourney';
import type { RefundReason } from '../records/refundMark';

/** A reminder missed by more than this (the site was down at its moment) is skipped: a late "in an hour" misleads. */
const REMINDER_GRACE_MS = 30 * 60_000;

/** What is due for one purchase now: the mails to send, the reminders whose moment passed too long ago, its place, its refund. */
export interface Due {
  send: MailKind[];
  missed: MailKind[];
  /** Its voucher expired while its link's price sells: its place goes back to that link. */
  placeBack: boolean;
  /** The site refunds it, for this reason, and tells the buyer why: no other mail goes to it. */
  refund: RefundReason | null;
}

/** The kinds whose mail names the purchase's start, and goes again for a new one (server/fulfilment/records/purchaseRecord.ts). */
export const ABOUT_THE_START: readonly MailKind[] = ['confirmation', 'date_change', 'day_before', 'hour_before'];

/**
 * Why the site refunds a purchase at an instant, if it does: the reason it marked before; a paid purchase of an edition
 * the owner cancelled; or, once its workshop has ended, a payment that arrived after that end (a checkout opened before
 * the links closed, a voucher credited late), for which there is nothing left to join. A free purchase has nothing to
 * refund. The buyer's own request after a new date is marked by the personal link, never decided here. Pure.
 */
export function refundOwed(purchase: Purchase, nowMs: number, journey: Journey): RefundReason | null {
  if (purchase.refundReason) return purchase.refundReason;
  if (purchase.standing !== 'paid') return null;
  if (journey.cancelled) return 'cancelled';
  const paidAfterEnd = purchase.paidAtMs !== null && purchase.paidAtMs >= journey.timeline.endMs;
  return nowMs >= journey.timeline.endMs && paidAfterEnd ? 'after_end' : null;
}

const REMINDERS = [
  { kind: 'day_before', at: (journey: Journey) => journey.timeline.dayBeforeMs },
  { kind: 'hour_before', at: (journey: Journey) => journey.timeline.hourBeforeMs },
] as const;

/**
 * The one judgement of what a purchase is owed at an instant, for the webhook, the page after the checkout and the
 * sweep alike, on the purchase's own journey (server/fulfilment/records/purchaseJourney.ts). Pure.
 * - A refund the site owes (refundOwed), instead of every other mail: the refund and its own mail.
 * - Only a purchase with access (paid, or free) gets mail, and none once any of its mails was refused for good.
 * - A cancelled edition's free purchase: the cancellation's mail alone (a paid one has it with its refund).
 * - An earlier edition's: nothing more; it keeps its personal link.
 * - The confirmation, until it is sent; then, once the start has moved from the one its buyer was told, the new date's
 *   mail, until the workshop ends.
 * - Each reminder from its moment, to a purchase paid before that moment, for `REMINDER_GRACE_MS`; later it is missed.
 *   A reminder sent about another start is not this start's.
 * - The recording mail once the workshop has ended and the owner has set every link it points to (`materialsReady`),
 *   so that nothing it announces is missing.
 * - An expired voucher's place, once, while its link's price still sells by its dates and the owner's switches
 *   (whatever its spots), short of its last minute: after that there is no such place to give back.
 */
export function dueNow(purchase: Purchase, nowMs: number, journey: Journey, materialsReady: boolean, sale: SaleTerms): Due {
  const placeBack = purchase.standing === 'payment_failed' && !purchase.placeGivenBack && purchase.link !== null && placeBackOpen(purchase.link, nowMs, sale);
  const refund = refundOwed(purchase, nowMs, journey);
  const due: Due = { send: [], missed: [], placeBack, refund };
  const { marks } = purchase;
  if (refund) return due;
  if (!hasAccess(purchase.standing) || Object.values(marks).some((mark) => mark.status === 'undeliverable')) return due;
  if (journey.cancelled) {
    if (!sentFor(marks.cancellation)) due.send.push('cancellation');
    return due;
  }
  if (!journey.current) return due;
  const { startMs, timeline } = journey;
  if (!sentFor(marks.confirmation)) due.send.push('confirmation');
  else if (journey.changed && nowMs < timeline.endMs && !sentFor(marks.date_change, startMs)) due.send.push('date_change');
  for (const { kind, at } of REMINDERS) {
    const momentMs = at(journey);
    if (nowMs < momentMs || purchase.paidAtMs === null || purchase.paidAtMs > momentMs || sentFor(marks[kind], startMs)) continue;
    due[nowMs - momentMs <= REMINDER_GRACE_MS ? 'send' : 'missed'].push(kind);
  }
  if (materialsReady && nowMs >= timeline.endMs && !sentFor(marks.recording)) due.send.push('recording');
  return due;
}
