/**
 * The Early Bird's spots as the checkout last reported them. The checkout enforces the limit; the page only
 * tells what it last heard, so nothing here guards a sale.
 */
export interface Spots {
  /** Spots still on sale at the Early Bird price; 0 once the checkout has stopped selling them. */
  remaining: number;
  /** The checkout's limit on completed purchases (or the content's figure when the checkout sets none). */
  limit: number;
}

/** What a checkout says about its Early Bird link: the completed purchases, their limit (if any) and whether it sells. */
export interface SpotsReading {
  count: number;
  limit: number | null;
  active: boolean;
}

/** A deactivated link or a count at its limit sells nothing more, whatever the count says. */
export function spotsFrom(reading: SpotsReading, fallbackLimit: number): Spots {
  const limit = reading.limit ?? fallbackLimit;
  const remaining = reading.active ? Math.max(0, limit - reading.count) : 0;
  return { remaining, limit };
}

export const spotsTaken = (spots: Spots | null): boolean => spots !== null && spots.remaining <= 0;

/** Equal keys mean equal pages: part of the landing page's snapshot key. */
export const spotsKey = (spots: Spots | null): string => (spots ? `${spots.remaining}of${spots.limit}` : 'uncounted');
