import { createHash } from 'node:crypto';
import type { SaleTerms } from '../../shared/logic/sale';
import { type SellingLink, sellingLinks } from '../config/sellingLinks';
import type { SiteConfig } from '../config/settings';

/** What the owner can change while the site runs, each told apart for the panel and the preflight. */
export type SettingName = 'edition' | 'dates' | 'soldOut' | 'cancelled' | 'recordingUrl' | 'links';
export const SETTING_NAMES: readonly SettingName[] = ['edition', 'dates', 'soldOut', 'cancelled', 'recordingUrl', 'links'];
/** Where a value in force came from: the environment (its first values, or a change a restart made) or the panel. */
type Origin = 'entorno' | 'panel';
export type Origins = Record<SettingName, Origin>;

/**
 * The sale's live values, as the record at Stripe keeps them (server/sale/saleRecord.ts): the edition and its dates,
 * the owner's two switches named after the change that set them (a new change, a new name, so the links' marks are new
 * too), the recording's link, the links it sells through and every link it has sold through, and where each came from.
 */
export interface SaleValues {
  edition: string;
  startMs: number;
  deadlineMs: number;
  /** The change that closed sales (the sold-out switch); null: open. */
  closedBy: string | null;
  /** The change that cancelled the workshop; null: not cancelled. */
  cancelledBy: string | null;
  recordingUrl: string | null;
  links: SellingLink[];
  /** Every link this edition has sold through, the links in force included: each is swept, and closed at its end. */
  soldThrough: SellingLink[];
  origins: Origins;
}

/** The sale's settings in force at an instant, for every room that reads them at each use. */
export interface SaleSettings {
  edition: string;
  sale: SaleTerms;
  recordingUrl: string | null;
  links: SellingLink[];
  soldThrough: SellingLink[];
  /** The change that closed sales, and the one that cancelled: the links' changes are named after them. */
  closedBy: string | null;
  cancelledBy: string | null;
  /** Changes whenever a value does: the pages' keys and bodies follow it. */
  version: string;
}

/** The name the first values' switches carry: the changes they make are named as an earlier release named them. */
export const FIRST_VALUES = 'inicio';

/** The values the environment gives (`config`), each its own origin. */
export function environmentValues(config: SiteConfig): SaleValues {
  const links = sellingLinks(config);
  return {
    edition: config.edition,
    startMs: config.sale.workshopStartMs,
    deadlineMs: config.sale.earlyBirdDeadlineMs,
    closedBy: config.sale.soldOut ? FIRST_VALUES : null,
    cancelledBy: config.sale.cancelled ? FIRST_VALUES : null,
    recordingUrl: config.fulfilment?.materials().recording ?? null,
    links,
    soldThrough: links,
    origins: { edition: 'entorno', dates: 'entorno', soldOut: 'entorno', cancelled: 'entorno', recordingUrl: 'entorno', links: 'entorno' },
  };
}

/** The settings of some values: the same values, the same version, on every instance. Pure. */
export function settingsOf(values: SaleValues): SaleSettings {
  const { origins: _origins, ...kept } = values;
  return {
    edition: values.edition,
    sale: {
      earlyBirdDeadlineMs: values.deadlineMs,
      workshopStartMs: values.startMs,
      soldOut: values.closedBy !== null,
      cancelled: values.cancelledBy !== null,
    },
    recordingUrl: values.recordingUrl,
    links: values.links,
    soldThrough: values.soldThrough,
    closedBy: values.closedBy,
    cancelledBy: values.cancelledBy,
    version: createHash('sha256').update(JSON.stringify(kept)).digest('base64url').slice(0, 12),
  };
}

/** The link that sells a role in force, if any. */
export const linkOf = (settings: Pick<SaleSettings, 'links'>, role: SellingLink['role']): SellingLink | undefined =>
  settings.links.find((link) => link.role === role);
