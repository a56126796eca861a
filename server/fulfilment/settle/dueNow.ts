import type { JourneyTimeline } from '../../../shared/logic/journey';
import type { SaleTerms } from '../../../shared/logic/sale';
import { placeBackOpen } from '../links/placesBackPlan';
import type { MailKind } from '../records/mailMarks';
import { hasAccess, type Purchase } from '../records/purchase';

/** A reminder missed by more than this (the site was down at its moment) is skipped: a late "in an hour" misleads. */
export const REMINDER_GRACE_MS = 30 * 60_000;

/** What is due for one purchase now: the mails to send, the reminders whose moment passed too long ago, its place. */
export interface Due {
  send: MailKind[];
  missed: MailKind[];
  /** Its voucher expired while its link's price sells: its place goes back to that link. */
  placeBack: boolean;
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
 */
export function dueNow(purchase: Purchase, nowMs: number, timeline: JourneyTimeline, materialsReady: boolean, sale: SaleTerms): Due {
  const placeBack = purchase.standing === 'payment_failed' && !purchase.placeGivenBack && placeBackOpen(purchase.link, nowMs, sale);
  const due: Due = { send: [], missed: [], placeBack };
  const { marks } = purchase;
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
