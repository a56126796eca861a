/**
 * Which post sold: the landing page's UTM values go on to the Early Bird checkout link, with a
 * client_reference_id made of them, so the checkout records them with the payment. Only values within
 * Stripe's documented rules pass (letters, digits, "-" and "_"; 150 characters for a UTM value, 200 for the
 * reference); anything else is dropped, never passed on. Other trackers (fbclid, gclid) are not forwarded.
 * Nothing is stored. The privacy notice tells visitors so (`legalTexts.privacy`, shared/content/legalTexts.ts); where
 * the values land at Stripe, and a report's reading of the reference: docs/spots.md, "Which post sold".
 */
const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term'] as const;

const UTM_VALUE = /^[A-Za-z0-9_-]{1,150}$/;
const REFERENCE = /^[A-Za-z0-9_-]{1,200}$/;

/** The checkout URL with the landing page's valid UTM values and their reference; unchanged when there are none. */
export function attributedCheckoutUrl(checkoutUrl: string, landingSearch: string): string {
  const landing = new URLSearchParams(landingSearch);
  const url = new URL(checkoutUrl);
  // Positional, so a report can split it back: source__medium__campaign__content__term.
  const fields = UTM_KEYS.map((key) => {
    const value = landing.get(key) ?? '';
    if (!UTM_VALUE.test(value)) return '';
    url.searchParams.set(key, value);
    return value;
  });
  const reference = fields.join('__').replace(/(__)+$/, '');
  if (REFERENCE.test(reference)) url.searchParams.set('client_reference_id', reference);
  return url.href;
}

/**
 * Gives every checkout link of the page the landing URL's attribution, those of the states still to come too (the
 * normal price's checkout, waiting in its template for the deadline): a slot swaps in a copy of its template.
 */
export function attributeCheckoutLinks(root: ParentNode, landingSearch: string): void {
  if (!landingSearch) return;
  for (const link of root.querySelectorAll<HTMLAnchorElement>('a[data-checkout]')) link.href = attributedCheckoutUrl(link.href, landingSearch);
  for (const template of root.querySelectorAll('template')) attributeCheckoutLinks(template.content, landingSearch);
}
