import type { JourneyTimeline } from '../../../shared/logic/journey';
import type { SaleTerms } from '../../../shared/logic/sale';
import { placeBackOpen } from '../links/placesBackPlan';
import type { MailKind } from '../records/mailMarks';
import { hasAccess, type Purchase } from '../records/purchase';
import type { RefundReason } from '../records/refundMark';

/** A reminder missed by more than this (the site was down at its moment) is skipped: a late "in an hour" misleads. */
export const REMINDER_GRACE_MS = 30 * 60_000;

/** What is due for one purchase now: the mails to send, the reminders whose moment passed too long ago, its place, its refund. */
export interface Due {
  send: MailKind[];
  missed: MailKind[];
  /** Its voucher expired while its link's price sells: its place goes back to that link. */
  placeBack: boolean;
  /** The site refunds it, for this reason, and tells the buyer why: no other mail goes to it. */
  refund: RefundReason | null;
}

/**
 * Why the site refunds a purchase at an instant, if it does: the reason it marked before, or, once the workshop has
 * ended, a payment that arrived after its end (a checkout opened before the links closed, a voucher credited late),
 * for which there is nothing left to join. A free purchase has nothing to refund. Pure.
 */
export function refundOwed(purchase: Purchase, nowMs: number, timeline: JourneyTimeline): RefundReason | null {
  if (purchase.refundReason) return purchase.refundReason;
  const paidAfterEnd = purchase.paidAtMs !== null && purchase.paidAtMs >= timeline.endMs;
  return purchase.standing === 'paid' && nowMs >= timeline.endMs && paidAfterEnd ? 'after_end' : null;
}

const REMINDERS = [
  { kind: 'day_before', at: (timeline: JourneyTimeline) => timeline.dayBeforeMs },
  { kind: 'hour_before', at: (timeline: JourneyTimeline) => timeline.hourBeforeMs },
] as const;

/**
 * The one judgement of what a purchase is owed at an instant, for the webhook, the page after the checkout and the
 * sweep alike. Pure.
 * - Only a purchase with access (paid, or free) gets mail, and none once any of its mails was refused for good.
 * - The confirmation, until it is sent.
 * - Each reminder from its moment, to a purchase paid before that moment, for `REMINDER_GRACE_MS`; later it is missed.
 * - The recording mail once the workshop has ended and the owner has set every link it points to (`materialsReady`),
 *   so that nothing it announces is missing.
 * - An expired voucher's place, once, while its link's price still sells by its dates and the owner's switch (whatever
 *   its spots), short of its last minute: after that there is no such place to give back.
 * - A refund the site owes (refundOwed), instead of every other mail: the refund and its own mail.
 */
export function dueNow(purchase: Purchase, nowMs: number, timeline: JourneyTimeline, materialsReady: boolean, sale: SaleTerms): Due {
  const placeBack = purchase.standing === 'payment_failed' && !purchase.placeGivenBack && placeBackOpen(purchase.link, nowMs, sale);
  const refund = refundOwed(purchase, nowMs, timeline);
  const due: Due = { send: [], missed: [], placeBack, refund };
  const { marks } = purchase;
  if (refund) return due;
  if (!hasAccess(purchase.standing) || Object.values(marks).some((mark) => mark.status === 'undeliverable')) return due;
  const unsent = (kind: MailKind): boolean => marks[kind].status !== 'sent';
  if (unsent('confirmation')) due.send.push('confirmation');
  for (const { kind, at } of REMINDERS) {
    const momentMs = at(timeline);
    if (nowMs < momentMs || purchase.paidAtMs === null || purchase.paidAtMs > momentMs || !unsent(kind)) continue;
    due[nowMs - momentMs <= REMINDER_GRACE_MS ? 'send' : 'missed'].push(kind);
  }
  if (materialsReady && nowMs >= timeline.endMs && unsent('recording')) due.send.push('recording');
  return due;
}
