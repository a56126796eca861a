/**
 * A Checkout Session id as Stripe writes them (cs_test_… or cs_live_…, then letters and digits): anything else is
 * answered without a call to Stripe.
 */
export const isSessionId = (value: string): boolean => /^cs_(test|live)_[A-Za-z0-9]{10,250}$/.test(value);
