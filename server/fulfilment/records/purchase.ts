import type Stripe from 'stripe';
import type { Money } from '../../../shared/logic/money';
import type { LinkRole } from '../../../shared/logic/sale';
import { markedWithEdition, type Metadata, type PurchaseRecord, readRecord } from './purchaseRecord';

/**
 * Where a purchase stands. `paid` and `free` (a 100 % promotion code: nothing to pay, no PaymentIntent) have access
 * and their mails; `awaiting_payment` is a voucher or transfer not yet paid; `payment_failed` one that expired
 * unpaid, whose place goes back to the sale; `refunded` (in full) and `disputed` have lost access. A partial refund
 * stays `paid`.
 */
export type Standing = 'paid' | 'free' | 'awaiting_payment' | 'payment_failed' | 'refunded' | 'disputed';

/** The site's own Payment Links, by id: which price each sells. */
export type LinkRoles = ReadonlyMap<string, LinkRole>;

/** What a complete Checkout Session of one of our own Payment Links is to the site: what Stripe says of it, and its record (purchaseRecord.ts). */
export interface Purchase extends PurchaseRecord {
  sessionId: string;
  /** Which of our links sold it: the Early Bird's, or the normal price's; null, a link of an earlier edition's. */
  link: LinkRole | null;
  standing: Standing;
  /** For the greeting; null when the checkout had no name. */
  firstName: string | null;
  email: string;
  /** For the owner to find it in the Dashboard; null for a free purchase. */
  paymentIntentId: string | null;
  /** When it was paid (a free one: when it completed); null while unpaid. */
  paidAtMs: number | null;
  /** Paid in cash with an OXXO voucher, which Stripe cannot refund: the money goes back by bank transfer. */
  paidInCash: boolean;
  /** What the buyer paid, for a refund's and a bonificación's amount; null when nothing (a free purchase). */
  paid: Money | null;
  /** The session's metadata as read: what a write of its record is held to (Stripe's limits). */
  metadata: Metadata;
}

/** Whether a standing has the buyer's access, and the mails that come with it. */
export const hasAccess = (standing: Standing): boolean => standing === 'paid' || standing === 'free';

/** The first word of the name the buyer typed at the checkout, within reason. */
function firstNameOf(name: string | null | undefined): string | null {
  const first = name?.trim().split(/\s+/)[0] ?? '';
  return first.length > 0 && first.length <= 40 ? first : null;
}

const expanded = <T extends { id: string }>(value: string | T | null | undefined): T | null => (value && typeof value === 'object' ? value : null);

/**
 * A complete session's voucher or transfer that failed: Stripe documents the event (`async_payment_failed`), not what
 * becomes of the intent, which may be canceled or back at `requires_payment_method`; either way, a complete session
 * is never paid again. One still to be paid waits at `requires_action` (or `processing`).
 */
const FAILED_INTENT: readonly Stripe.PaymentIntent.Status[] = ['canceled', 'requires_payment_method'];

function standingOf(session: Stripe.Checkout.Session, intent: Stripe.PaymentIntent | null, charge: Stripe.Charge | null): Standing {
  if (session.payment_status === 'no_payment_required') return 'free';
  if (session.payment_status === 'unpaid') return intent && FAILED_INTENT.includes(intent.status) ? 'payment_failed' : 'awaiting_payment';
  if (charge?.disputed) return 'disputed';
  if (charge?.refunded) return 'refunded';
  return 'paid';
}

/**
 * Only a complete session from one of our own Payment Links, with an address to write to, is a purchase: one of the
 * links the site sells through now, or an earlier edition's, which the site marked with its edition when it confirmed
 * it. Anything else (another link, still open or abandoned, unknown) is none of ours: null. Read with its PaymentIntent
 * and that intent's latest charge expanded, which say whether it was refunded or disputed.
 */
export function purchaseOf(session: Stripe.Checkout.Session, links: LinkRoles): Purchase | null {
  const linkId = typeof session.payment_link === 'string' ? session.payment_link : session.payment_link?.id;
  const link = linkId === undefined || linkId === null ? undefined : links.get(linkId);
  const earlier = link === undefined && Boolean(linkId) && markedWithEdition(session.metadata);
  const email = session.customer_details?.email;
  if ((!link && !earlier) || session.status !== 'complete' || !email) return null;
  const intent = expanded(session.payment_intent);
  const charge = expanded(intent?.latest_charge);
  const standing = standingOf(session, intent, charge);
  const createdMs = session.created * 1000;
  return {
    // An earlier release marked the confirmation on the PaymentIntent: what it sent stays sent.
    ...readRecord(session.metadata, intent?.metadata),
    sessionId: session.id,
    link: link ?? null,
    standing,
    firstName: firstNameOf(session.customer_details?.name),
    email,
    paymentIntentId: typeof session.payment_intent === 'string' ? session.payment_intent : (intent?.id ?? null),
    paidAtMs:
      standing === 'free' ? createdMs : standing === 'awaiting_payment' || standing === 'payment_failed' ? null : (charge?.created ?? session.created) * 1000,
    paidInCash: charge?.payment_method_details?.type === 'oxxo',
    paid: session.amount_total && session.currency ? { minor: session.amount_total, currency: session.currency } : null,
    metadata: { ...session.metadata },
  };
}
