import type Stripe from 'stripe';
import { prices } from '../../shared/content/siteFacts';
import type { LinkRole } from '../../shared/logic/sale';
import { amountIn, linkPrice } from './linkPrice';
import { PLACES_BACK_KEY, placesBackOf } from './placesBack';

/** How each link is named in a warning, and the dollar price the page says it charges. */
const CHECKED: Record<LinkRole, { name: string; dollars: number }> = {
  early_bird: { name: 'the Payment Link', dollars: prices.earlyBird },
  normal: { name: "the normal price's Payment Link", dollars: prices.normal },
};

/**
 * What a Payment Link's own settings leave undone that the site's texts rely on: each is one line for the operator,
 * with where to fix it (docs/pricing.md). The site sells anyway: the owner decides.
 */
export function linkSetupWarnings(link: Stripe.PaymentLink, role: LinkRole = 'early_bird'): string[] {
  const { name, dollars: pageDollars } = CHECKED[role];
  const warnings: string[] = [];
  const terms = link.consent_collection?.terms_of_service ?? null;
  if (terms !== 'required') {
    warnings.push(
      `${name} does not make buyers accept the terms (consent_collection.terms_of_service is ${terms ?? 'unset'}): ` +
        'switch on "Require customers to accept your terms of service", with /terminos as the terms URL (docs/pricing.md)',
    );
  }
  const price = linkPrice(link);
  const dollars = price && amountIn(price, prices.currency.toLowerCase());
  if (dollars && dollars.minor !== pageDollars * 100) {
    warnings.push(
      `${name} charges ${dollars.minor / 100} ${prices.currency} but the page says ${pageDollars} ${prices.currency}: ` +
        'make the price in shared/content/siteFacts.ts and the one at the link agree (docs/pricing.md)',
    );
  }
  const pesos = price && amountIn(price, 'mxn');
  if (link.automatic_tax.enabled && [dollars, pesos].some((amount) => amount?.taxBehavior === 'exclusive')) {
    warnings.push(
      `${name} adds taxes on top of its price (automatic tax on, a tax_behavior of "exclusive"), but the page and the terms say ` +
        '"impuestos incluidos": make the price tax-inclusive, or turn automatic tax off (docs/pricing.md)',
    );
  }
  if (placesBackOf(link) === null) {
    warnings.push(
      `${name}'s metadata ${PLACES_BACK_KEY} is not a number of places the site wrote: the page ignores it, and no expired ` +
        "voucher's place is given back until it is (docs/spots.md)",
    );
  }
  return warnings;
}
