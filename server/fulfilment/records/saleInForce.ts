import { type JourneyTimeline, journeyTimeline } from '../../../shared/logic/journey';
import type { SaleTerms } from '../../../shared/logic/sale';
import type { SellingLink } from '../../config/sellingLinks';
import type { MaterialLinks } from '../../config/settings';
import type { LiveSale } from '../../sale/liveSale';
import type { LinkRoles } from './purchase';
import type { EditionTerms } from './purchaseJourney';

/**
 * The sale in force at an instant, as everything after the checkout reads it at each use (server/sale/liveSale.ts): a
 * new date, a cancellation, the recording's link or a new edition reaches the mails, the pages and the sweep within a
 * poll, with no restart.
 */
interface SaleInForce {
  edition: EditionTerms;
  sale: SaleTerms;
  timeline: JourneyTimeline;
  /** Every link the edition has sold through: each one's purchases are swept, whatever the links in force now. */
  links: readonly SellingLink[];
  /** The same, by Payment Link: a session of any other is an earlier edition's, or none of ours. */
  roles: LinkRoles;
  /** The recording a recording mail announces, and every material's link with it. */
  materials: MaterialLinks;
  /** Every link the recording mail points to is set. */
  materialsReady: boolean;
}

export type InForce = (nowMs: number) => SaleInForce;

/** The sale in force, worked out once for each version of the settings. */
export function saleInForce(live: LiveSale, publicUrl: string, materials: MaterialLinks): InForce {
  let made: { version: string; inForce: SaleInForce } | null = null;
  return (nowMs) => {
    const settings = live.current(nowMs);
    if (made?.version === settings.version) return made.inForce;
    const withRecording: MaterialLinks = { ...materials, recording: settings.recordingUrl };
    const inForce: SaleInForce = {
      edition: { name: settings.edition, startMs: settings.sale.workshopStartMs, cancelled: settings.sale.cancelled, publicUrl },
      sale: settings.sale,
      timeline: journeyTimeline(settings.sale.workshopStartMs),
      links: settings.soldThrough,
      roles: new Map(settings.soldThrough.map(({ paymentLink, role }) => [paymentLink, role])),
      materials: withRecording,
      materialsReady: Object.values(withRecording).every((link) => link !== null),
    };
    made = { version: settings.version, inForce };
    return inForce;
  };
}
