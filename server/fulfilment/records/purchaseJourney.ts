import { workshopUid } from '../../../shared/logic/calendar';
import { type JourneyTimeline, journeyTimeline } from '../../../shared/logic/journey';
import { sentFor } from './mailMarks';
import type { Purchase } from './purchase';

/** The edition in force, as the settings give it: its name, its start, whether the owner cancelled it, and the site's address for its UID. */
export interface EditionTerms {
  name: string;
  startMs: number;
  cancelled: boolean;
  publicUrl: string;
}

/**
 * A purchase's own journey (docs/decisions/0023-editions-after-the-sale.md): every judgement about it (its mails, its
 * personal link, its invites) is made on this, never on the settings alone.
 */
export interface Journey {
  /** Of the edition in force: it follows that edition's date, cancellation and mails. Else an earlier edition's, left as it was. */
  current: boolean;
  /** Its workshop's start: the edition in force's, or, for an earlier edition, the one its buyer was last told. */
  startMs: number;
  timeline: JourneyTimeline;
  /** The start its confirmation announced (the date it was bought for); null before one was claimed. */
  boughtForMs: number | null;
  /** The start its buyer was last told, by the confirmation or a new date's mail; null before the confirmation went. */
  toldMs: number | null;
  /** Its buyer was told another start than its own: a new date's mail is owed. */
  changed: boolean;
  /** Its edition is the one in force, and the owner cancelled it. */
  cancelled: boolean;
  /** The UID of every invite it is sent. */
  uid: string;
  /** The SEQUENCE of an invite of its event at `startMs` now: higher than any sent before (server/fulfilment/mail/mailMessages.tsx). */
  sequence: number;
  /** Its buyer may still ask for the refund a new date entitles them to: paid, the date moved since, and before the new start. */
  refundOpen: boolean;
}

/** Timelines already worked out, by start: the same for every purchase of a start, and each costs time-zone arithmetic. */
const timelines = new Map<number, JourneyTimeline>();
/** A start's timeline, worked out once: a sweep reads every purchase's journey each period, and there are few starts. */
function timelineOf(startMs: number): JourneyTimeline {
  const known = timelines.get(startMs);
  if (known) return known;
  // A bound that no sale's starts reach: anything past it is worked out afresh.
  if (timelines.size >= 64) timelines.clear();
  const timeline = journeyTimeline(startMs);
  timelines.set(startMs, timeline);
  return timeline;
}

/**
 * Where a purchase stands among the editions at `nowMs`. It belongs to the edition its mark names (none: the edition in
 * force). A workshop it was told of that has already taken place is never moved: should the start in force have moved
 * past it under the same edition's name (a new edition that kept the name), the purchase keeps its own, and is treated
 * as an earlier edition's. Pure.
 */
export function journeyOf(purchase: Purchase, edition: EditionTerms, nowMs: number): Journey {
  const { confirmation, date_change: change } = purchase.marks;
  const editionName = purchase.edition ?? edition.name;
  // An earlier release's mark says no start: it was written under the one in force, which its adoption writes.
  const confirmedForMs = confirmation.status === null ? null : (confirmation.forMs ?? edition.startMs);
  const toldMs = sentFor(change) && change.forMs !== null ? change.forMs : confirmation.status === 'sent' ? confirmedForMs : null;
  const toldEnded = toldMs !== null && timelineOf(toldMs).endMs <= nowMs;
  const current = editionName === edition.name && !(toldEnded && toldMs !== edition.startMs);
  const startMs = current ? edition.startMs : (toldMs ?? confirmedForMs ?? edition.startMs);
  const changed = current && toldMs !== null && toldMs !== startMs;
  // Each new date's mail claims its mark's next attempt, and the attempt is the invite's SEQUENCE: it never goes back.
  const announced = change.status !== null && change.forMs === startMs;
  return {
    current,
    startMs,
    timeline: timelineOf(startMs),
    boughtForMs: confirmedForMs,
    toldMs,
    changed,
    cancelled: current && edition.cancelled,
    uid: purchase.inviteUid ?? workshopUid(editionName, edition.publicUrl),
    sequence: changed && !announced ? change.attempt + 1 : change.attempt,
    refundOpen:
      current &&
      !edition.cancelled &&
      purchase.standing === 'paid' &&
      purchase.refundReason === null &&
      confirmedForMs !== null &&
      confirmedForMs !== startMs &&
      nowMs < startMs,
  };
}
