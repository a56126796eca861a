/**
 * The mark at Stripe that an expired voucher's place is given back: one key on the purchase's Checkout Session, beside
 * the mails' (server/fulfilment/records/mailMarks.ts). It is the record of the decision, written before the link is
 * raised, and the link's limit gives back one place per session so marked
 * (server/fulfilment/links/placesBackAtLink.ts): whatever writes it again, it counts once. Nothing else is ever
 * written under it. Named so that no one takes it for the link's own count of places added.
 */
const PLACE_BACK_MARK = 'taller_voucher_place';
const RETURNED = 'returned';
/** What earlier releases wrote for the same decision: still read, never written. */
const LEGACY_MARK = { key: 'taller_place_back', value: 'given' } as const;

export const placeBackMetadata = (): Record<string, string> => ({ [PLACE_BACK_MARK]: RETURNED });

export const placeGivenBack = (metadata: Record<string, string> | null | undefined): boolean =>
  metadata?.[PLACE_BACK_MARK] === RETURNED || metadata?.[LEGACY_MARK.key] === LEGACY_MARK.value;
