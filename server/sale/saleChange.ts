import { changeSummaries } from '../../shared/content/saleChangeWords';
import { workshopSchedule } from '../../shared/logic/schedule';
import type { SellingLink } from '../config/sellingLinks';
import type { Origins, SaleValues, SettingName } from './saleSettings';

/** A change the owner makes from the panel: each a plain description, checked, previewed, then recorded at Stripe. */
export type Change =
  | { kind: 'date'; startMs: number }
  /** Close sales now: the sold-out switch. */
  | { kind: 'close' }
  | { kind: 'cancel' }
  | { kind: 'recording'; url: string }
  /** The next edition: its name and dates; its Payment Links are created by the site when it is recorded. */
  | { kind: 'edition'; edition: string; startMs: number; earlyBirdDeadlineMs: number };

/** What the environment gives of the sale: compared, at each start, with what it gave when last recorded. */
export interface EnvironmentValues {
  edition: string;
  startMs: number;
  deadlineMs: number;
  soldOut: boolean;
  cancelled: boolean;
  recordingUrl: string | null;
  links: SellingLink[];
}

/** A restart with other settings: the values the environment changed, as it now gives them (an edition: all of them). */
interface EnvironmentChange {
  kind: 'entorno';
  set: Partial<EnvironmentValues>;
}

export type SaleChange = Change | EnvironmentChange;

/** A change as the record keeps it: who made it, when, and from when it is in force. */
export interface RecordedChange {
  /** `<record's epoch>-<serial>`: unique, and the name of what it makes of the links. */
  id: string;
  change: SaleChange;
  /** The sign-in that made it (the panel's short id), or `entorno`. */
  by: string;
  recordedAtMs: number;
  takesEffectAtMs: number;
  /** An edition's links, created by the site when it was recorded. */
  links?: SellingLink[];
}

const sameLink = (a: SellingLink, b: SellingLink): boolean => a.paymentLink === b.paymentLink;
/** The links sold through so far and the new ones, each once, in the order they came. */
const together = (known: readonly SellingLink[], added: readonly SellingLink[]): SellingLink[] => [
  ...known,
  ...added.filter((link) => !known.some((other) => sameLink(link, other))),
];

/** The settings each of the environment's values stands for. */
const SETTING_OF: Record<keyof EnvironmentValues, SettingName> = {
  edition: 'edition',
  startMs: 'dates',
  deadlineMs: 'dates',
  soldOut: 'soldOut',
  cancelled: 'cancelled',
  recordingUrl: 'recordingUrl',
  links: 'links',
};
/** The variables each value is read from, for the history's line. */
const VARIABLES_OF: Record<keyof EnvironmentValues, string> = {
  edition: 'EDITION',
  startMs: 'WORKSHOP_START',
  deadlineMs: 'EARLY_BIRD_DEADLINE',
  soldOut: 'SOLD_OUT',
  cancelled: 'WORKSHOP_CANCELLED',
  recordingUrl: 'RECORDING_URL',
  links: 'CHECKOUT_URL, STRIPE_NORMAL_PAYMENT_LINK, NORMAL_CHECKOUT_URL',
};

const ALL_PANEL: Origins = { edition: 'panel', dates: 'panel', soldOut: 'panel', cancelled: 'panel', recordingUrl: 'panel', links: 'panel' };

/** The values once a recorded change is in force. Pure. */
export function applyChange(values: SaleValues, { id, change, links }: RecordedChange): SaleValues {
  const origins = (...names: SettingName[]): Origins => ({ ...values.origins, ...Object.fromEntries(names.map((name) => [name, 'panel'])) });
  switch (change.kind) {
    case 'date':
      return { ...values, startMs: change.startMs, origins: origins('dates') };
    case 'close':
      return { ...values, closedBy: id, origins: origins('soldOut') };
    case 'cancel':
      return { ...values, cancelledBy: id, origins: origins('cancelled') };
    case 'recording':
      return { ...values, recordingUrl: change.url, origins: origins('recordingUrl') };
    case 'edition': {
      const created = links ?? [];
      return {
        edition: change.edition,
        startMs: change.startMs,
        deadlineMs: change.earlyBirdDeadlineMs,
        closedBy: null,
        cancelledBy: null,
        recordingUrl: null,
        links: created,
        soldThrough: created,
        origins: ALL_PANEL,
      };
    }
    case 'entorno': {
      const { set } = change;
      const newEdition = set.edition !== undefined && set.edition !== values.edition;
      const switchOf = (on: boolean | undefined, by: string | null): string | null => (on === undefined ? by : on ? id : null);
      const linksNow = set.links ?? values.links;
      const changed = (Object.keys(set) as (keyof EnvironmentValues)[]).map((name) => SETTING_OF[name]);
      return {
        edition: set.edition ?? values.edition,
        startMs: set.startMs ?? values.startMs,
        deadlineMs: set.deadlineMs ?? values.deadlineMs,
        closedBy: switchOf(set.soldOut, values.closedBy),
        cancelledBy: switchOf(set.cancelled, values.cancelledBy),
        recordingUrl: set.recordingUrl === undefined ? values.recordingUrl : set.recordingUrl,
        links: linksNow,
        soldThrough: newEdition ? linksNow : together(values.soldThrough, linksNow),
        origins: { ...values.origins, ...Object.fromEntries(changed.map((name) => [name, 'entorno'])) },
      };
    }
  }
}

/** The environment's own values, as a restart compares them. */
export const environmentOf = (values: SaleValues): EnvironmentValues => ({
  edition: values.edition,
  startMs: values.startMs,
  deadlineMs: values.deadlineMs,
  soldOut: values.closedBy !== null,
  cancelled: values.cancelledBy !== null,
  recordingUrl: values.recordingUrl,
  links: values.links.map(({ role, paymentLink, checkoutUrl }) => ({ role, paymentLink, checkoutUrl })),
});

const linksKey = (links: readonly SellingLink[]): string => JSON.stringify(links.map(({ role, paymentLink, checkoutUrl }) => [role, paymentLink, checkoutUrl]));

/**
 * What the environment changed since it was last recorded, each value as it now gives it; a new edition is all of
 * them, since the environment describes that edition whole. Empty: nothing. Pure.
 */
export function environmentDiff(recorded: EnvironmentValues, given: EnvironmentValues): Partial<EnvironmentValues> {
  if (recorded.edition !== given.edition) return given;
  const diff: Partial<EnvironmentValues> = {};
  if (recorded.startMs !== given.startMs) diff.startMs = given.startMs;
  if (recorded.deadlineMs !== given.deadlineMs) diff.deadlineMs = given.deadlineMs;
  if (recorded.soldOut !== given.soldOut) diff.soldOut = given.soldOut;
  if (recorded.cancelled !== given.cancelled) diff.cancelled = given.cancelled;
  if (recorded.recordingUrl !== given.recordingUrl) diff.recordingUrl = given.recordingUrl;
  if (linksKey(recorded.links) !== linksKey(given.links)) diff.links = given.links;
  return diff;
}

/** A change in a line of its history, in the owner's words. */
export function summaryOf(change: SaleChange): string {
  switch (change.kind) {
    case 'date':
      return changeSummaries.date(workshopSchedule(change.startMs).fullLabel);
    case 'close':
      return changeSummaries.close;
    case 'cancel':
      return changeSummaries.cancel;
    case 'recording':
      return changeSummaries.recording;
    case 'edition':
      return changeSummaries.edition(change.edition, workshopSchedule(change.startMs).fullLabel);
    case 'entorno':
      return changeSummaries.environment([...new Set((Object.keys(change.set) as (keyof EnvironmentValues)[]).map((name) => VARIABLES_OF[name]))].join(', '));
  }
}
