import { DateTime } from 'luxon';
import { changeRefusals } from '../../shared/content/saleChangeWords';
import { WORKSHOP_ZONE } from '../../shared/logic/schedule';
import type { Change } from '../sale/saleChange';
import { EDITION_NAME, recordingLink } from '../sale/saleChecks';

/** A date and time as a form's `datetime-local` field sends it, in the workshop's zone: 2025-10-15T20:00. */
const LOCAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** The instant a form's date and time names in the workshop's zone (Mexico City); null when it names none. */
function instantOf(value: string | undefined): number | null {
  const text = value?.trim() ?? '';
  if (!LOCAL.test(text)) return null;
  const local = DateTime.fromISO(text, { zone: WORKSHOP_ZONE });
  // A time the zone skips (none in Mexico City since 2022, but the zone decides) is not what the owner typed.
  return local.isValid && local.toFormat("yyyy-LL-dd'T'HH:mm") === text ? local.toMillis() : null;
}

/**
 * A change as the panel's form posts it (docs/operations.md): `inicio` for a new date; `url` for the recording;
 * `edicion`, `inicio` and `fin_preventa` for the next edition; nothing for closing sales or cancelling. The change, or
 * the sentence that says what to write instead. Whether it makes sense now is judged apart (server/sale/saleChecks.ts).
 */
export function changeFromForm(kind: Change['kind'], fields: Readonly<Record<string, string | undefined>>): { change: Change } | { refused: string } {
  switch (kind) {
    case 'date': {
      const startMs = instantOf(fields.inicio);
      return startMs === null ? { refused: changeRefusals.badDate } : { change: { kind, startMs } };
    }
    case 'close':
    case 'cancel':
      return { change: { kind } };
    case 'recording': {
      const url = recordingLink(fields.url ?? '');
      return url === null ? { refused: changeRefusals.badRecording } : { change: { kind, url } };
    }
    case 'edition': {
      const edition = fields.edicion?.trim() ?? '';
      if (!EDITION_NAME.test(edition)) return { refused: changeRefusals.badEdition };
      const startMs = instantOf(fields.inicio);
      const earlyBirdDeadlineMs = instantOf(fields.fin_preventa);
      if (startMs === null || earlyBirdDeadlineMs === null) return { refused: changeRefusals.badDate };
      return { change: { kind, edition, startMs, earlyBirdDeadlineMs } };
    }
  }
}
