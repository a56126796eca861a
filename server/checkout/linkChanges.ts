import { cardsOnlyFromMs } from '../../shared/logic/cardsOnly';
import { earlyBirdEndMs, type SaleTerms } from '../../shared/logic/sale';
import { isoInWorkshopZone } from '../../shared/logic/schedule';
import type { SellingLink } from '../config/sellingLinks';

/**
 * What the site makes of a link: `close` turns it off (`active: false`); `cards_only` leaves it cards as its only way to
 * pay, so that no voucher is begun that could be credited after the start.
 */
export type LinkChangeKind = 'close' | 'cards_only';
/**
 * Why: the Early Bird's deadline, the owner's sold-out switch, the owner's cancellation, the start, the last moment a
 * voucher is in time.
 */
type ChangeReason = 'deadline' | 'sold_out' | 'cancelled' | 'start' | 'vouchers';

export interface LinkChange {
  link: SellingLink;
  kind: LinkChangeKind;
  reason: ChangeReason;
  /** When it is due: at once for the sold-out and the cancellation switches, which have no instant of their own. */
  atMs: number;
  /**
   * Its name, the same on every instance and after any restart: written on the link as the mark that it was made, and
   * in the Idempotency-Key of the update that makes it, so Stripe carries it out once. With its instant in it, a new
   * date (a later deadline, a new edition) is a new change.
   */
  id: string;
}

const change = (link: SellingLink, kind: LinkChangeKind, reason: ChangeReason, atMs: number, namedAtMs = atMs): LinkChange => ({
  link,
  kind,
  reason,
  atMs,
  id: `${reason}@${isoInWorkshopZone(namedAtMs)}`,
});

/**
 * Every change each link goes through in this edition, in the order they fall due (docs/sale.md): the Early Bird's
 * link closes when the Early Bird ends (its deadline, or the start if that comes first), every link closes at the
 * start, and at once for the owner's sold-out switch or cancellation; every link still selling takes cards only from the instant
 * a voucher begun then could no longer be credited before the start (shared/logic/cardsOnly.ts). Pure.
 */
export function linkChanges(links: readonly SellingLink[], sale: SaleTerms): LinkChange[] {
  const startMs = sale.workshopStartMs;
  const cardsFromMs = cardsOnlyFromMs(startMs);
  const changes = links.flatMap((link) => {
    // Cancelled, nothing sells ever again: closed at once, named after the edition's start, so a new edition is a new change.
    if (sale.cancelled) return [change(link, 'close', 'cancelled', Number.NEGATIVE_INFINITY, startMs)];
    // Sold out, nothing sells until the start: closed at once, and at the start should the owner have turned it on.
    if (sale.soldOut) return [change(link, 'close', 'sold_out', Number.NEGATIVE_INFINITY, startMs), change(link, 'close', 'start', startMs)];
    const endMs = link.role === 'early_bird' ? earlyBirdEndMs(sale) : startMs;
    return [
      ...(cardsFromMs < endMs ? [change(link, 'cards_only', 'vouchers', cardsFromMs)] : []),
      ...(endMs < startMs ? [change(link, 'close', 'deadline', endMs)] : []),
      change(link, 'close', 'start', startMs),
    ];
  });
  return changes.sort((a, b) => a.atMs - b.atMs);
}
