import type { MoneyBack } from '../../../shared/components/mail/MoneyBack';
import { type Money, moneyLabel } from '../../../shared/logic/money';
import type { Clock } from '../../ops/clock';
import { hasAccess, type Purchase, purchaseOf } from '../records/purchase';
import { CheckoutError, type CheckoutApi } from '../../stripe/checkoutApi';
import { bonificationOf, moneyBackOf } from '../records/refundTerms';
import { journeyOf } from '../records/purchaseJourney';
import type { InForce } from '../records/saleInForce';
import { refundOwed } from './dueNow';
import type { Settle, Settled, Via } from './settlePurchase';
import type { MailOutcome, Outcome, PlacesBackOutcome, RefundOutcome } from '../reports/fulfilmentOutcomes';

/**
 * What a paid (or free) purchase's personal link shows of its own journey (server/fulfilment/records/purchaseJourney.ts):
 * its edition and workshop, the date it was bought for, its invite's UID and SEQUENCE, the refund a new date entitles
 * it to while that is open, and the recording announced to it.
 */
export interface AccessFacts {
  current: boolean;
  startMs: number;
  boughtForMs: number | null;
  uid: string;
  sequence: number;
  /** What a refund after a new date gives back, while the buyer may ask for it; null otherwise. */
  refundOffer: { paid: string; bonus: string | null } | null;
  /** Paid in cash at OXXO: a refund goes back by bank transfer. */
  cash: boolean;
  recordingUrl: string | null;
}

/**
 * What a buyer's pages may show: no address, no payment details. `pending`: a voucher or transfer still to be paid;
 * `expired`: one that expired unpaid; `late`: paid once the workshop had ended, which the site refunds; `cancelled`:
 * the owner cancelled its edition (how its money comes back; none for a voucher never paid); `withdrawn`: its buyer
 * asked for the refund a new date entitles them to; `ended`: refunded in full, or disputed.
 */
export type Verified =
  | { kind: 'paid'; firstName: string | null; access: AccessFacts }
  | { kind: 'pending' }
  | { kind: 'expired' }
  | { kind: 'late' }
  | { kind: 'cancelled'; firstName: string | null; money: MoneyBack | null }
  | { kind: 'withdrawn'; firstName: string | null; money: MoneyBack }
  | { kind: 'ended' }
  | { kind: 'none' };

const PLACE_OUTCOME: Record<PlacesBackOutcome, Outcome> = {
  given_back: 'place_given_back',
  counted: 'place_given_back',
  left_alone: 'place_waits',
  no_limit: 'place_waits',
  over: 'not_paid',
  in_progress: 'in_progress',
  stripe_unavailable: 'stripe_unavailable',
};

const REFUND_OUTCOME: Record<RefundOutcome, Outcome> = {
  refunded: 'refunded',
  already_refunded: 'refunded',
  by_transfer: 'refund_owed',
  refused: 'refund_refused',
  stripe_unavailable: 'stripe_unavailable',
};

interface Concluded {
  outcome: Outcome;
  /** A short cause for the log: never an address, a session id or a link. */
  detail?: string;
  /** Where the owner finds the purchase in the Dashboard. */
  paymentIntent?: string;
}

/**
 * What an instance remembers of a session (server/fulfilment/pages/sessionLookup.ts): what its buyer's pages may show,
 * and the purchase itself while its buyer may ask for the refund a new date entitles them to, which needs it whole (the
 * address its confirmation link is mailed to, then the refund and its mail), with no read of its own. Any other
 * purchase is remembered by its page's facts alone: a purchase is ten times their size, and the memory holds a sale's
 * every buyer.
 */
export interface Known {
  verified: Verified;
  purchase: Purchase | null;
}

export function knownOf(purchase: Purchase | null, reading: Reading): Known {
  const verified = verifiedOf({ purchase }, reading);
  return { verified, purchase: verified.kind === 'paid' && verified.access.refundOffer ? purchase : null };
}

/** One call about one session: what Stripe says of it, then what was done, each when it is known. */
interface Fulfilling {
  /** Rejects with a CheckoutError when Stripe cannot say. */
  known: Promise<Known>;
  /** Never rejects. */
  concluded: Promise<Concluded>;
}

export type Fulfil = (sessionId: string, via: Via) => Fulfilling;

/** The worst comes first: it decides whether Stripe must deliver the event again. */
const WORST_FIRST: readonly MailOutcome[] = ['stripe_unavailable', 'mail_failed', 'in_progress', 'mark_failed', 'undeliverable', 'sent', 'already_sent'];

/** What a buyer's pages may show of a purchase at an instant, against the sale in force: its edition, its links. */
export interface Reading {
  inForce: InForce;
  clock: Clock;
}

/** A session read as a purchase of the links in force now (or of an earlier edition's). */
const purchaseNow = (session: Parameters<typeof purchaseOf>[0], { inForce, clock }: Reading): Purchase | null => purchaseOf(session, inForce(clock()).roles);

const offerOf = (purchase: Purchase, bonus: Money | null): AccessFacts['refundOffer'] =>
  purchase.paid && { paid: moneyLabel(purchase.paid), bonus: bonus && moneyLabel(bonus) };

function verifiedOf({ purchase }: Pick<Settled, 'purchase'>, { inForce, clock }: Reading): Verified {
  if (!purchase) return { kind: 'none' };
  const now = clock();
  const journey = journeyOf(purchase, inForce(now).edition, now);
  const refund = refundOwed(purchase, now, journey);
  const { firstName } = purchase;
  if (refund === 'after_end') return { kind: 'late' };
  if (refund === 'date_change') return { kind: 'withdrawn', firstName, money: moneyBackOf(purchase, refund) };
  if (refund === 'cancelled' || (journey.cancelled && hasAccess(purchase.standing)))
    return { kind: 'cancelled', firstName, money: moneyBackOf(purchase, 'cancelled') };
  if (hasAccess(purchase.standing)) {
    const access: AccessFacts = {
      current: journey.current,
      startMs: journey.startMs,
      boughtForMs: journey.boughtForMs,
      uid: journey.uid,
      sequence: journey.sequence,
      refundOffer: journey.refundOpen ? offerOf(purchase, bonificationOf(purchase, 'date_change')) : null,
      cash: purchase.paidInCash,
      recordingUrl: purchase.recordingUrl,
    };
    return { kind: 'paid', firstName, access };
  }
  if (purchase.standing === 'refunded' || purchase.standing === 'disputed') return { kind: 'ended' };
  if (purchase.standing === 'payment_failed') return { kind: 'expired' };
  return journey.cancelled ? { kind: 'cancelled', firstName, money: null } : { kind: 'pending' };
}

function conclusionOf(settled: Settled, reading: Reading): Concluded {
  const { purchase, results, placeBack, refund } = settled;
  if (!purchase) return { outcome: 'not_ours' };
  const paymentIntent = purchase.paymentIntentId ?? undefined;
  if (placeBack) return { outcome: PLACE_OUTCOME[placeBack.outcome], paymentIntent, ...(placeBack.detail && { detail: placeBack.detail }) };
  const worst = WORST_FIRST.map((outcome) => results.find((result) => result.outcome === outcome)).find((result) => result !== undefined);
  const failed = worst?.outcome === 'sent' || worst?.outcome === 'already_sent' ? undefined : worst;
  if (refund && !failed) return { outcome: REFUND_OUTCOME[refund.outcome], paymentIntent, ...(refund.detail && { detail: refund.detail }) };
  if (worst) return { outcome: worst.outcome, paymentIntent, ...(worst.detail && { detail: worst.detail }) };
  const verified = verifiedOf(settled, reading);
  const outcome = verified.kind === 'ended' ? 'ended' : hasAccess(purchase.standing) || verified.kind === 'withdrawn' ? 'already_sent' : 'not_paid';
  return { outcome, paymentIntent };
}

export const detailOf = (error: unknown): string => (error instanceof CheckoutError ? `stripe ${error.detail}` : 'unexpected failure');

/** Only what Stripe says of a session, for the personal link: a read, and nothing sent. Rejects when Stripe cannot say. */
export const createVerify =
  (checkout: CheckoutApi, reading: Reading) =>
  (sessionId: string): Promise<Known> =>
    checkout.session(sessionId).then((session) => knownOf(session && purchaseNow(session, reading), reading));

/**
 * The webhook's and the page's way in: read the session at Stripe (with its PaymentIntent and charge), then settle it
 * as the sweep does. The page shows what Stripe said without waiting for the mail; `known` hears it too, so that the
 * buyer's pages on this instance need no read of their own for a while.
 */
export function createFulfil(checkout: CheckoutApi, settle: Settle, reading: Reading, know?: (sessionId: string, known: Known) => void): Fulfil {
  return (sessionId, via) => {
    const read = checkout.session(sessionId);
    const known = read.then((session) => {
      const found = knownOf(session && purchaseNow(session, reading), reading);
      know?.(sessionId, found);
      return found;
    });
    // Whoever asks only for the conclusion must not leave a failed read unhandled.
    known.catch(() => undefined);
    const concluded = read
      .then((session): Promise<Settled> | Settled =>
        session ? settle(session, via) : { purchase: null, results: [], missed: [], placeGivenBack: false, placeBack: null, refund: null },
      )
      .then(
        (settled) => conclusionOf(settled, reading),
        (error: unknown): Concluded => ({ outcome: 'stripe_unavailable', detail: detailOf(error) }),
      );
    return { known, concluded };
  };
}

/** What a refund's or a dispute's event does: what the pages know of the purchase is replaced, then it is settled. */
export type EndAccess = (paymentIntentId: string) => Promise<Concluded>;

/**
 * A full refund or a dispute ends access at once on the instance that hears of it (the others within the minute
 * their memory keeps an answer), and the settle that follows finds nothing more due. A partial refund keeps access.
 */
export function createEndAccess(checkout: CheckoutApi, settle: Settle, reading: Reading, know: (sessionId: string, known: Known) => void): EndAccess {
  return async (paymentIntentId) => {
    let session: Awaited<ReturnType<CheckoutApi['sessionOfPaymentIntent']>>;
    try {
      session = await checkout.sessionOfPaymentIntent(paymentIntentId);
    } catch (error) {
      return { outcome: 'stripe_unavailable', detail: detailOf(error), paymentIntent: paymentIntentId };
    }
    const purchase = session && purchaseNow(session, reading);
    if (!session || !purchase) return { outcome: 'not_ours' };
    know(purchase.sessionId, knownOf(purchase, reading));
    // What the settle marked (a refund made, say) is the last word, for the pages as for the log.
    const settled = await settle(session, 'webhook');
    const after = knownOf(settled.purchase, reading);
    if (settled.purchase) know(settled.purchase.sessionId, after);
    const kind = after.verified.kind;
    return { outcome: kind === 'paid' || kind === 'pending' ? 'access_kept' : 'ended', paymentIntent: paymentIntentId };
  };
}
