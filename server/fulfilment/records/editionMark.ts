import { type MailKind, markAbout, type PurchaseRecord, type RecordChange } from './purchaseRecord';

/**
 * Which edition a purchase belongs to (docs/decisions/0023-editions-after-the-sale.md), in its record at Stripe
 * (server/fulfilment/records/purchaseRecord.ts): its edition, written with the confirmation's claim; the UID an earlier
 * release's invite carried, only on a purchase that release confirmed; the recording its recording mail announced,
 * written with that mail's claim, so that an earlier edition's buyer keeps the recording announced to them whatever
 * RECORDING_URL later holds.
 */

/** The UID an earlier release derived from the start: a purchase it confirmed keeps it, so that its calendar's event is updated, not doubled. */
const earlierReleaseUid = (startMs: number, publicUrl: string): string => `taller-${startMs}@${new URL(publicUrl).hostname}`;

/** The kinds whose marks say which start they were about. */
const MOMENT_KINDS: readonly MailKind[] = ['confirmation', 'day_before', 'hour_before'];

/** What an earlier release's purchase is taken as, from the settings in force: it names no edition of its own. */
export interface Adoption {
  edition: string;
  startMs: number;
  publicUrl: string;
  /** RECORDING_URL, where set: what its recording mail, if it went, announced. */
  recordingUrl: string | null;
}

/**
 * A purchase an earlier release wrote marks on, but no edition: it belongs to the edition in force, and was told the
 * start in force. Written once, so that a later change of either is a change for it too: the edition, each mark's start,
 * the UID its invite carried, and the recording it was sent. Null when there is nothing to write. Pure.
 */
export function adoptionOf(record: PurchaseRecord, { edition, startMs, publicUrl, recordingUrl }: Adoption): RecordChange[] | null {
  const { marks } = record;
  if (record.edition || !Object.values(marks).some((mark) => mark.status !== null)) return null;
  const told = MOMENT_KINDS.filter((kind) => marks[kind].status !== null && marks[kind].forMs === null).flatMap(
    (kind) => markAbout(kind, marks[kind], startMs) ?? [],
  );
  return [
    { edition },
    ...told,
    ...(marks.confirmation.status === 'sent' ? [{ inviteUid: earlierReleaseUid(startMs, publicUrl) }] : []),
    ...(marks.recording.status === 'sent' && recordingUrl ? [{ recordingUrl }] : []),
  ];
}
