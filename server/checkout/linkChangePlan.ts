import type Stripe from 'stripe';
import type { LinkChange, LinkChangeKind } from './linkChanges';

/** The link's metadata that says which change the site last made of each kind: written with the change itself. */
const CHANGE_MARK: Record<LinkChangeKind, string> = { close: 'taller_closed_by_site', cards_only: 'taller_cards_only_by_site' };

/** The only way to pay the site leaves once vouchers could arrive too late. */
const CARDS: Stripe.PaymentLinkUpdateParams.PaymentMethodType[] = ['card'];

/**
 * What a change needs at the link as read: nothing when the link is marked with this very change (made before, by any
 * instance: what the owner did since stands) or already is what the change makes it (off; cards only); else the one
 * update that makes it, its mark beside it. Nothing here ever turns a link on. Pure.
 */
export function changeUpdate(link: Stripe.PaymentLink, change: LinkChange): Stripe.PaymentLinkUpdateParams | null {
  const mark = CHANGE_MARK[change.kind];
  if (link.metadata?.[mark] === change.id) return null;
  const metadata = { [mark]: change.id };
  if (change.kind === 'close') return link.active ? { active: false, metadata } : null;
  const types = link.payment_method_types;
  return types !== null && types.length > 0 && types.every((type) => type === 'card') ? null : { payment_method_types: CARDS, metadata };
}

/** One key per change and attempt: every instance making it uses the same, so Stripe carries out one update. */
export const changeKey = (change: LinkChange, attempt: number): string => `${CHANGE_MARK[change.kind]}-${change.link.paymentLink}-${change.id}-${attempt}`;
