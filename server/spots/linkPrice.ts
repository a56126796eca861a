import type Stripe from 'stripe';
import type { PesoPrice } from '../../shared/logic/pesoPrice';

/**
 * What the site asks Stripe to add to the Payment Link it reads: its line items (left out unless asked for) and
 * each price's other currencies (left out too). Still the one call per poll.
 */
export const LINK_EXPANSIONS = ['line_items', 'line_items.data.price.currency_options'];

/** The one price the Early Bird link sells; null when it sells several things, or none Stripe showed. */
export function linkPrice(link: Stripe.PaymentLink): Stripe.Price | null {
  const items = link.line_items?.data ?? [];
  return items.length === 1 ? (items[0]?.price ?? null) : null;
}

/** The price's fixed amount in a currency, in its minor unit (cents, centavos): the price's own, or one of its currency options. */
export function amountIn(price: Stripe.Price, currency: string): { minor: number; taxBehavior: string | null } | null {
  const option = price.currency === currency ? price : price.currency_options?.[currency];
  const amount = option?.unit_amount ?? null;
  return amount !== null && Number.isSafeInteger(amount) && amount > 0 ? { minor: amount, taxBehavior: option?.tax_behavior ?? null } : null;
}

/** A price in `mxn`, or a price with an `mxn` currency option: what a buyer in Mexico is charged. */
export function pesoPriceOf(link: Stripe.PaymentLink): PesoPrice | null {
  const price = linkPrice(link);
  const pesos = price && amountIn(price, 'mxn');
  return pesos ? { centavos: pesos.minor } : null;
}
