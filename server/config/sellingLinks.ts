import type { LinkRole } from '../../shared/logic/sale';
import type { SiteConfig } from './settings';

/** A Stripe Payment Link the site sells through: which price it sells, its id, and the URL buyers open. */
export interface SellingLink {
  role: LinkRole;
  paymentLink: string;
  checkoutUrl: string;
  /**
   * Places a link kept from an earlier edition had sold by the time this one began: not this edition's, so its count
   * starts after them (shared/logic/spots.ts). Absent: none.
   */
  priorSales?: number;
}

/**
 * Every link the site sells through: the Early Bird's (with the Stripe settings), then the normal price's where it has
 * one. What the site closes, sweeps and settles, and what a preflight reads, all come from here.
 */
export function sellingLinks({ spots, checkoutUrl, normalCheckout }: Pick<SiteConfig, 'spots' | 'checkoutUrl' | 'normalCheckout'>): SellingLink[] {
  if (!spots) return [];
  const earlyBird: SellingLink = { role: 'early_bird', paymentLink: spots.paymentLink, checkoutUrl };
  return normalCheckout ? [earlyBird, { role: 'normal', paymentLink: normalCheckout.paymentLink, checkoutUrl: normalCheckout.url }] : [earlyBird];
}
