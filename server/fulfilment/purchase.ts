import type Stripe from 'stripe';

/** What a Checkout Session is to the site: a paid purchase from its own link, one waiting for a voucher, or nothing of its own. */
export type Purchase =
  | {
      kind: 'paid';
      /** For the greeting; null when the checkout had no name. */
      firstName: string | null;
      email: string;
      paymentIntent: { id: string; metadata: Record<string, string> } | null;
    }
  | { kind: 'pending' }
  | { kind: 'none' };

/** The first word of the name the buyer typed at the checkout, within reason. */
function firstNameOf(name: string | null | undefined): string | null {
  const first = name?.trim().split(/\s+/)[0] ?? '';
  return first.length > 0 && first.length <= 40 ? first : null;
}

/**
 * Only a complete session from our own Payment Link counts. Paid (or nothing to pay: a full discount) is a
 * purchase; complete but unpaid is a voucher or transfer still to come; anything else (another link, still open,
 * expired, no address to write to) is none of ours.
 */
export function purchaseOf(session: Stripe.Checkout.Session, paymentLink: string): Purchase {
  const link = typeof session.payment_link === 'string' ? session.payment_link : session.payment_link?.id;
  if (link !== paymentLink || session.status !== 'complete') return { kind: 'none' };
  if (session.payment_status === 'unpaid') return { kind: 'pending' };
  const email = session.customer_details?.email;
  if (!email) return { kind: 'none' };
  const intent = session.payment_intent;
  return {
    kind: 'paid',
    firstName: firstNameOf(session.customer_details?.name),
    email,
    paymentIntent: intent === null ? null : typeof intent === 'string' ? { id: intent, metadata: {} } : { id: intent.id, metadata: intent.metadata },
  };
}
