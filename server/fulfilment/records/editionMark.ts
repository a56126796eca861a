import { isoInWorkshopZone } from '../../../shared/logic/schedule';
import { type MailKind, markKeys, type Mark } from './mailMarks';

/**
 * The marks at Stripe of which edition a purchase belongs to (docs/decisions/0023-editions-after-the-sale.md): keys on
 * its Checkout Session beside the mails', written by the site alone. `taller_edition` is written with the
 * confirmation's claim; `taller_invite_uid` only on a purchase an earlier release confirmed, whose invite carried
 * another UID; `taller_recording_url` with the recording mail's claim, so that an earlier edition's buyer keeps the
 * recording announced to them whatever RECORDING_URL later holds.
 */
export const EDITION_MARK = 'taller_edition';
export const INVITE_UID_MARK = 'taller_invite_uid';
export const RECORDING_MARK = 'taller_recording_url';

export const editionMetadata = (edition: string): Record<string, string> => ({ [EDITION_MARK]: edition });
export const recordingMetadata = (url: string): Record<string, string> => ({ [RECORDING_MARK]: url });

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
export function adoptionMetadata(
  metadata: Record<string, string> | null | undefined,
  marks: Record<MailKind, Mark>,
  { edition, startMs, publicUrl, recordingUrl }: Adoption,
): Record<string, string> | null {
  if (metadata?.[EDITION_MARK] || !Object.values(marks).some((mark) => mark.status !== null)) return null;
  const at = isoInWorkshopZone(startMs);
  return {
    ...editionMetadata(edition),
    ...Object.fromEntries(MOMENT_KINDS.filter((kind) => marks[kind].status !== null && marks[kind].forMs === null).map((kind) => [markKeys(kind).for, at])),
    ...(marks.confirmation.status === 'sent' && { [INVITE_UID_MARK]: earlierReleaseUid(startMs, publicUrl) }),
    ...(marks.recording.status === 'sent' && recordingUrl && recordingMetadata(recordingUrl)),
  };
}
