import type { JourneyTimeline } from '../../../shared/logic/journey';
import type { Clock } from '../../ops/clock';
import { hasAccess, type LinkRoles, purchaseOf } from '../records/purchase';
import { CheckoutError, type CheckoutApi } from '../records/checkoutApi';
import { refundOwed } from './dueNow';
import type { Settle, Settled, Via } from './settlePurchase';
import type { MailOutcome, Outcome, PlacesBackOutcome, RefundOutcome } from '../reports/outcomes';

/**
 * What a buyer's pages may show: no address, no payment details. `pending`: a voucher or transfer still to be paid;
 * `expired`: one that expired unpaid; `late`: paid once the workshop had ended, which the site refunds; `ended`:
 * refunded in full, or disputed.
 */
export type Verified =
  | { kind: 'paid'; firstName: string | null }
  | { kind: 'pending' }
  | { kind: 'expired' }
  | { kind: 'late' }
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

export interface Concluded {
  outcome: Outcome;
  /** A short cause for the log: never an address, a session id or a link. */
  detail?: string;
  /** Where the owner finds the purchase in the Dashboard. */
  paymentIntent?: string;
}

/** One call about one session: what Stripe says of it, then what was done, each when it is known. */
export interface Fulfilling {
  /** Rejects with a CheckoutError when Stripe cannot say. */
  verified: Promise<Verified>;
  /** Never rejects. */
  concluded: Promise<Concluded>;
}

export type Fulfil = (sessionId: string, via: Via) => Fulfilling;

/** The worst comes first: it decides whether Stripe must deliver the event again. */
const WORST_FIRST: readonly MailOutcome[] = ['stripe_unavailable', 'mail_failed', 'in_progress', 'mark_failed', 'undeliverable', 'sent', 'already_sent'];

/** What a buyer's pages may show of a purchase at an instant, on the journey's timeline. */
export interface Reading {
  timeline: JourneyTimeline;
  clock: Clock;
}

export function verifiedOf({ purchase }: Pick<Settled, 'purchase'>, { timeline, clock }: Reading): Verified {
  if (!purchase) return { kind: 'none' };
  if (refundOwed(purchase, clock(), timeline)) return { kind: 'late' };
  if (hasAccess(purchase.standing)) return { kind: 'paid', firstName: purchase.firstName };
  if (purchase.standing === 'refunded' || purchase.standing === 'disputed') return { kind: 'ended' };
  return { kind: purchase.standing === 'payment_failed' ? 'expired' : 'pending' };
}

export function conclusionOf(settled: Settled, reading: Reading): Concluded {
  const { purchase, results, placeBack, refund } = settled;
  if (!purchase) return { outcome: 'not_ours' };
  const paymentIntent = purchase.paymentIntentId ?? undefined;
  if (placeBack) return { outcome: PLACE_OUTCOME[placeBack.outcome], paymentIntent, ...(placeBack.detail && { detail: placeBack.detail }) };
  const worst = WORST_FIRST.map((outcome) => results.find((result) => result.outcome === outcome)).find((result) => result !== undefined);
  const failed = worst?.outcome === 'sent' || worst?.outcome === 'already_sent' ? undefined : worst;
  if (refund && !failed) return { outcome: REFUND_OUTCOME[refund.outcome], paymentIntent, ...(refund.detail && { detail: refund.detail }) };
  if (worst) return { outcome: worst.outcome, paymentIntent, ...(worst.detail && { detail: worst.detail }) };
  const verified = verifiedOf(settled, reading);
  const outcome = verified.kind === 'paid' ? 'already_sent' : verified.kind === 'ended' ? 'ended' : 'not_paid';
  return { outcome, paymentIntent };
}

export const detailOf = (error: unknown): string => (error instanceof CheckoutError ? `stripe ${error.detail}` : 'unexpected failure');

/** Only what Stripe says of a session, for the personal link: a read, and nothing sent. Rejects when Stripe cannot say. */
export const createVerify =
  (checkout: CheckoutApi, links: LinkRoles, reading: Reading) =>
  (sessionId: string): Promise<Verified> =>
    checkout.session(sessionId).then((session) => verifiedOf({ purchase: session && purchaseOf(session, links) }, reading));

/**
 * The webhook's and the page's way in: read the session at Stripe (with its PaymentIntent and charge), then settle it
 * as the sweep does. The page shows what Stripe said without waiting for the mail; `known` hears it too, so that the
 * buyer's pages on this instance need no read of their own for a while.
 */
export function createFulfil(
  checkout: CheckoutApi,
  settle: Settle,
  links: LinkRoles,
  reading: Reading,
  known?: (sessionId: string, verified: Verified) => void,
): Fulfil {
  return (sessionId, via) => {
    const read = checkout.session(sessionId).then((session) => session && purchaseOf(session, links));
    const verified = read.then((purchase) => {
      const found = verifiedOf({ purchase }, reading);
      known?.(sessionId, found);
      return found;
    });
    // Whoever asks only for the conclusion must not leave a failed read unhandled.
    verified.catch(() => undefined);
    const concluded = read
      .then((purchase): Promise<Settled> | Settled =>
        purchase ? settle(purchase, via) : { purchase: null, results: [], missed: [], placeGivenBack: false, placeBack: null, refund: null },
      )
      .then(
        (settled) => conclusionOf(settled, reading),
        (error: unknown): Concluded => ({ outcome: 'stripe_unavailable', detail: detailOf(error) }),
      );
    return { verified, concluded };
  };
}

/** What a refund's or a dispute's event does: what the pages know of the purchase is replaced, then it is settled. */
export type EndAccess = (paymentIntentId: string) => Promise<Concluded>;

/**
 * A full refund or a dispute ends access at once on the instance that hears of it (the others within the minute
 * their memory keeps an answer), and the settle that follows finds nothing more due. A partial refund keeps access.
 */
export function createEndAccess(
  checkout: CheckoutApi,
  settle: Settle,
  links: LinkRoles,
  reading: Reading,
  known: (sessionId: string, verified: Verified) => void,
): EndAccess {
  return async (paymentIntentId) => {
    let session: Awaited<ReturnType<CheckoutApi['sessionOfPaymentIntent']>>;
    try {
      session = await checkout.sessionOfPaymentIntent(paymentIntentId);
    } catch (error) {
      return { outcome: 'stripe_unavailable', detail: detailOf(error), paymentIntent: paymentIntentId };
    }
    const purchase = session && purchaseOf(session, links);
    if (!purchase) return { outcome: 'not_ours' };
    const verified = verifiedOf({ purchase }, reading);
    known(purchase.sessionId, verified);
    await settle(purchase, 'webhook');
    return { outcome: verified.kind === 'ended' || verified.kind === 'late' ? 'ended' : 'access_kept', paymentIntent: paymentIntentId };
  };
}
