/**
 * The Early Bird's price in Mexican pesos, as the checkout charges it in Mexico: read from the Stripe Payment
 * Link's price (docs/pricing.md), never typed. In centavos, as Stripe counts it.
 */
export interface PesoPrice {
  centavos: number;
}

const grouped = (fractionDigits: number) => new Intl.NumberFormat('es-MX', { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits });
const WHOLE = grouped(0);
const WITH_CENTAVOS = grouped(2);

/** As Mexican prices are written: "$890" or "$1,249.50", centavos only when there are some. */
export function pesoAmountLabel({ centavos }: PesoPrice): string {
  return `$${(centavos % 100 === 0 ? WHOLE : WITH_CENTAVOS).format(centavos / 100)}`;
}

/** As schema.org wants a price: a point for the decimals, no grouping: "890" or "1249.50". */
export function pesoAmountValue({ centavos }: PesoPrice): string {
  return centavos % 100 === 0 ? String(centavos / 100) : (centavos / 100).toFixed(2);
}

/** Equal keys mean equal prices on a page: part of the snapshot keys of the pages that show it. */
export const pesoPriceKey = (price: PesoPrice | null): string => (price ? `${price.centavos}mxn` : 'nomxn');
