import type Stripe from 'stripe';
import { prices } from '../../shared/content';
import { amountIn, linkPrice } from './linkPrice';
import { PLACES_BACK_KEY, placesBackOf } from './placesBack';

/**
 * What the Payment Link's own settings leave undone that the site's texts rely on: each is one line for the
 * operator, with where to fix it (docs/pricing.md). The site sells anyway: the owner decides.
 */
export function linkSetupWarnings(link: Stripe.PaymentLink): string[] {
  const warnings: string[] = [];
  const terms = link.consent_collection?.terms_of_service ?? null;
  if (terms !== 'required') {
    warnings.push(
      `the Payment Link does not make buyers accept the terms (consent_collection.terms_of_service is ${terms ?? 'unset'}): ` +
        'switch on "Require customers to accept your terms of service", with /terminos as the terms URL (docs/pricing.md)',
    );
  }
  const price = linkPrice(link);
  const dollars = price && amountIn(price, prices.currency.toLowerCase());
  if (dollars && dollars.minor !== prices.earlyBird * 100) {
    warnings.push(
      `the Payment Link charges ${dollars.minor / 100} ${prices.currency} but the page says ${prices.earlyBird} ${prices.currency}: ` +
        'make the price in shared/content.ts and the one at the link agree (docs/pricing.md)',
    );
  }
  const pesos = price && amountIn(price, 'mxn');
  if (link.automatic_tax.enabled && [dollars, pesos].some((amount) => amount?.taxBehavior === 'exclusive')) {
    warnings.push(
      'the Payment Link adds taxes on top of its price (automatic tax on, a tax_behavior of "exclusive"), but the page and the terms say ' +
        '"impuestos incluidos": make the price tax-inclusive, or turn automatic tax off (docs/pricing.md)',
    );
  }
  if (placesBackOf(link) === null) {
    warnings.push(
      `the Payment Link's metadata ${PLACES_BACK_KEY} is not a number of places the site wrote: the page ignores it, and no expired ` +
        "voucher's place is given back until it is (docs/spots.md)",
    );
  }
  return warnings;
}
