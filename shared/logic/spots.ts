/**
 * The Early Bird's spots as the checkout last reported them. The checkout enforces the limit; the page only
 * tells what it last heard, so nothing here guards a sale.
 */
export interface Spots {
  /** Spots still on sale at the Early Bird price; 0 once the checkout has stopped selling them. */
  remaining: number;
  /** The checkout's limit on completed purchases (the content's figure for a deactivated link without one). */
  limit: number;
}

/** What a checkout says about its Early Bird link: the completed purchases, their limit (if any) and whether it sells. */
export interface SpotsReading {
  count: number;
  limit: number | null;
  active: boolean;
  /**
   * Places the limit gives back: one per voucher that expired unpaid, whose completed purchase the count still holds.
   * The limit less these is the owner's own number, the one the page shows. None when absent.
   */
  placesBack?: number;
  /**
   * Places a link kept from an earlier edition sold in that one: the count still holds them, the limit was raised past
   * them, and none is this edition's. None when absent.
   */
  priorSales?: number;
}

/**
 * A deactivated link or a count at its limit sells nothing more, whatever the count says. A link without a
 * limit has no count to show (Stripe reports one only with the limit): null, the page says what it says
 * uncounted, until the owner deactivates the link. The places left count an expired voucher's place again; the
 * total is the owner's number for this edition, never the raised limit, nor an earlier edition's sales.
 */
export function spotsFrom(reading: SpotsReading, fallbackLimit: number): Spots | null {
  const owners = reading.limit === null ? null : reading.limit - (reading.placesBack ?? 0) - (reading.priorSales ?? 0);
  if (!reading.active) return { remaining: 0, limit: owners ?? fallbackLimit };
  if (reading.limit === null || owners === null) return null;
  return { remaining: Math.min(owners, Math.max(0, reading.limit - reading.count)), limit: owners };
}

export const spotsTaken = (spots: Spots | null): boolean => spots !== null && spots.remaining <= 0;

/** Equal keys mean equal pages: part of the landing page's snapshot key. */
export const spotsKey = (spots: Spots | null): string => (spots ? `${spots.remaining}of${spots.limit}` : 'uncounted');
