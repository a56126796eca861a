import { cardsOnlyFromMs } from '../../shared/logic/cardsOnly';
import { earlyBirdEndMs, linkSells } from '../../shared/logic/sale';
import { isoInWorkshopZone } from '../../shared/logic/schedule';
import type { SellingLink } from '../config/sellingLinks';
import { FIRST_VALUES, type SaleSettings } from '../sale/saleSettings';

/**
 * What the site makes of a link: `close` turns it off (`active: false`); `cards_only` leaves it cards as its only way to
 * pay, so that no voucher is begun that could be credited after the start. `reopen` and `restore` give back what the
 * site itself took, once the reason it took it is gone (a later date, sales opened again): the link on again, its
 * payment methods as they were.
 */
export type LinkChangeKind = 'close' | 'cards_only' | 'reopen' | 'restore';
/**
 * Why: the Early Bird's deadline, the owner's sold-out switch, the owner's cancellation, the start, the last moment a
 * voucher is in time, a link the edition no longer sells through, or what the site took being given back.
 */
type ChangeReason = 'deadline' | 'sold_out' | 'cancelled' | 'start' | 'vouchers' | 'dropped' | 'sells';

export interface LinkChange {
  link: SellingLink;
  kind: LinkChangeKind;
  reason: ChangeReason;
  /** When it is due: at once for the owner's switches and what is given back, which have no instant of their own. */
  atMs: number;
  /**
   * Its name, the same on every instance and after any restart: written on the link as the mark that it was made, and
   * in the Idempotency-Key of the update that makes it, so Stripe carries it out once. With its instant in it, a new
   * date (a later deadline, a new edition) is a new change; with its change's id, closing again is a new change too.
   */
  id: string;
}

const change = (link: SellingLink, kind: LinkChangeKind, reason: ChangeReason, atMs: number, name: string): LinkChange => ({
  link,
  kind,
  reason,
  atMs,
  id: `${reason}@${name}`,
});
const at = (ms: number): string => isoInWorkshopZone(ms);
/** A switch's change is named after the change that set it; the environment's first values, as an earlier release named them. */
const switchName = (by: string, startMs: number): string => (by === FIRST_VALUES ? at(startMs) : by);

/**
 * Every change each link goes through in the sale in force, in the order they fall due (docs/sale.md): every link the
 * edition has sold through closes at the start, and at once for the owner's sold-out switch or cancellation, or when
 * the edition no longer sells through it; the Early Bird's link closes when the Early Bird ends (its deadline, or the
 * start if that comes first); every link still selling takes cards only from the instant a voucher begun then could no
 * longer be credited before the start (shared/logic/cardsOnly.ts). A link that sells at `nowMs` by the sale's dates and
 * switches is given back, at once, what the site took of it for a reason no longer in this plan (its mark says which).
 * Pure.
 */
export function linkChanges(settings: Pick<SaleSettings, 'links' | 'soldThrough' | 'sale' | 'closedBy' | 'cancelledBy'>, nowMs: number): LinkChange[] {
  const { sale, closedBy, cancelledBy } = settings;
  const startMs = sale.workshopStartMs;
  const cardsFromMs = cardsOnlyFromMs(startMs);
  const selling = (link: SellingLink) => settings.links.some((other) => other.paymentLink === link.paymentLink);
  const changes = settings.soldThrough.flatMap((link) => {
    // Cancelled, nothing sells ever again: closed at once, named after the change, so cancelling again closes again.
    if (cancelledBy !== null) return [change(link, 'close', 'cancelled', Number.NEGATIVE_INFINITY, switchName(cancelledBy, startMs))];
    const start = change(link, 'close', 'start', startMs, at(startMs));
    // A link the edition no longer sells through: closed at once, and at the start should the owner have turned it on.
    if (!selling(link)) return [change(link, 'close', 'dropped', Number.NEGATIVE_INFINITY, at(startMs)), start];
    // Sold out, nothing sells until the start: closed at once, and at the start should the owner have turned it on.
    if (closedBy !== null) return [change(link, 'close', 'sold_out', Number.NEGATIVE_INFINITY, switchName(closedBy, startMs)), start];
    const endMs = link.role === 'early_bird' ? earlyBirdEndMs(sale) : startMs;
    const sells = linkSells(link.role, nowMs, sale);
    return [
      ...(sells ? [change(link, 'reopen', 'sells', Number.NEGATIVE_INFINITY, at(endMs))] : []),
      ...(sells && nowMs < cardsFromMs ? [change(link, 'restore', 'sells', Number.NEGATIVE_INFINITY, at(cardsFromMs))] : []),
      ...(cardsFromMs < endMs ? [change(link, 'cards_only', 'vouchers', cardsFromMs, at(cardsFromMs))] : []),
      ...(endMs < startMs ? [change(link, 'close', 'deadline', endMs, at(endMs))] : []),
      start,
    ];
  });
  return changes.sort((a, b) => a.atMs - b.atMs);
}
