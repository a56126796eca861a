/**
 * The mark at Stripe that an expired voucher's place is given back: one key on the purchase's Checkout Session, beside
 * the mails' (server/fulfilment/records/mailMarks.ts). It is the record of the decision, written before the link is raised, and the
 * link's limit gives back one place per session so marked (server/fulfilment/links/placesBackAtLink.ts): whatever writes it again,
 * it counts once. Nothing else is ever written under it.
 */
export const PLACE_BACK_MARK = 'taller_place_back';
const GIVEN = 'given';

export const placeBackMetadata = (): Record<string, string> => ({ [PLACE_BACK_MARK]: GIVEN });

export const placeGivenBack = (metadata: Record<string, string> | null | undefined): boolean => metadata?.[PLACE_BACK_MARK] === GIVEN;
