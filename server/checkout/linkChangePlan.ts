import type Stripe from 'stripe';
import type { LinkChange, LinkChangeKind } from './linkChanges';

/** The link's metadata that says which change the site last made of each kind: written with the change itself. */
const CLOSED_MARK = 'taller_closed_by_site';
const CARDS_ONLY_MARK = 'taller_cards_only_by_site';
/** What the link offered before the site left it cards only: given back when a later date makes vouchers safe again. */
const METHODS_BEFORE_MARK = 'taller_methods_before_site';
/** How that mark says the account's own settings chose the methods (Stripe's dynamic payment methods). */
const DYNAMIC = 'dynamic';

/** The only way to pay the site leaves once vouchers could arrive too late. */
const CARDS: Stripe.PaymentLinkUpdateParams.PaymentMethodType[] = ['card'];

/** The one update a change needs, and the Idempotency-Key of each attempt at it. */
export interface PlannedUpdate {
  update: Stripe.PaymentLinkUpdateParams;
  key: (attempt: number) => string;
}

/**
 * The payment methods a link offered before the site left it cards only (as it offers them, where the site never did);
 * null: the account's own choice (Stripe's dynamic payment methods). What a later date gives back, and what the next
 * edition's copy of the link offers.
 */
export function methodsBeforeSite(link: Stripe.PaymentLink): Stripe.PaymentLinkUpdateParams.PaymentMethodType[] | null {
  const before = link.metadata?.[METHODS_BEFORE_MARK];
  if (before) return before === DYNAMIC ? null : (before.split(',') as Stripe.PaymentLinkUpdateParams.PaymentMethodType[]);
  return link.payment_method_types?.length ? link.payment_method_types : null;
}

const onlyCards = (link: Stripe.PaymentLink): boolean => {
  const types = link.payment_method_types;
  return types !== null && types.length > 0 && types.every((type) => type === 'card');
};

/** One key per change and attempt: every instance making it uses the same, so Stripe carries out one update. */
const keyOf = (mark: string, change: LinkChange, name: string) => (attempt: number) => `${mark}-${change.link.paymentLink}-${name}-${attempt}`;

/** What the site gives back, and the mark of what it took: each giving back is named after that mark, so it is new each time. */
function givingBack(link: Stripe.PaymentLink, change: LinkChange, kind: Extract<LinkChangeKind, 'reopen' | 'restore'>): PlannedUpdate | null {
  if (kind === 'reopen') {
    const taken = link.metadata?.[CLOSED_MARK];
    const restrictions = link.restrictions?.completed_sessions;
    const full = restrictions !== undefined && restrictions.count >= restrictions.limit;
    if (link.active || !taken || full) return null;
    return { update: { active: true, metadata: { [CLOSED_MARK]: '' } }, key: keyOf('taller_reopened_by_site', change, taken) };
  }
  const taken = link.metadata?.[CARDS_ONLY_MARK];
  // A link an earlier release left cards only says nothing of what it had: it stays as it is.
  if (!taken || !link.metadata?.[METHODS_BEFORE_MARK] || !onlyCards(link)) return null;
  return {
    update: { payment_method_types: methodsBeforeSite(link) ?? '', metadata: { [CARDS_ONLY_MARK]: '', [METHODS_BEFORE_MARK]: '' } },
    key: keyOf('taller_restored_by_site', change, taken),
  };
}

/**
 * What a change needs at the link as read: nothing when the link is marked with this very change (made before, by any
 * instance: what the owner did since stands) or already is what the change makes it (off; cards only); else the one
 * update that makes it, its mark beside it. A link is turned on, or given its payment methods back, only where the site
 * had taken them (its mark, for a reason no longer in force: server/checkout/linkChanges.ts) and the link can sell. Pure.
 */
export function changeUpdate(link: Stripe.PaymentLink, change: LinkChange): PlannedUpdate | null {
  if (change.kind === 'reopen' || change.kind === 'restore') return givingBack(link, change, change.kind);
  const mark = change.kind === 'close' ? CLOSED_MARK : CARDS_ONLY_MARK;
  if (link.metadata?.[mark] === change.id) return null;
  const key = keyOf(mark, change, change.id);
  if (change.kind === 'close') return link.active ? { update: { active: false, metadata: { [mark]: change.id } }, key } : null;
  if (onlyCards(link)) return null;
  const before = link.payment_method_types?.length ? link.payment_method_types.join(',') : DYNAMIC;
  return { update: { payment_method_types: CARDS, metadata: { [mark]: change.id, [METHODS_BEFORE_MARK]: before } }, key };
}
