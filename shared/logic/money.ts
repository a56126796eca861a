import { pesoAmountLabel } from './pesoPrice';

/** An amount as Stripe counts it: in the currency's smallest unit (cents, centavos), with its ISO 4217 code in lowercase. */
export interface Money {
  minor: number;
  currency: string;
}

/** As the page writes prices: "49 USD", "9.80 USD", "$890 MXN". */
export function moneyLabel({ minor, currency }: Money): string {
  const code = currency.toUpperCase();
  if (code === 'MXN') return `${pesoAmountLabel({ centavos: minor })} ${code}`;
  return `${minor % 100 === 0 ? String(minor / 100) : (minor / 100).toFixed(2)} ${code}`;
}

/** `percent` of an amount, rounded up to the smallest unit: the law sets a floor, never a ceiling. */
export const shareOf = ({ minor, currency }: Money, percent: number): Money => ({ minor: Math.ceil((minor * percent) / 100), currency });
