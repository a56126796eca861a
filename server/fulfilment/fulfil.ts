import { randomBytes } from 'node:crypto';
import type { Clock } from '../ops/clock';
import { CheckoutError, type CheckoutApi } from './checkout';
import { MailError, type Mailer } from './mailer';
import { claimKey, isOwnClaim, markMetadata, nextStep, readMark } from './mark';
import type { ConfirmationMessage } from './message';
import { purchaseOf, type Purchase } from './purchase';

/** What the page after the checkout may show: no address, no payment details. */
export type Verified = { kind: 'paid'; firstName: string | null } | { kind: 'pending' } | { kind: 'none' };

/**
 * How a fulfilment ended. `sent`: this call sent the mail. `already_sent`: the mark says it went. `in_progress`:
 * another call holds a fresh claim (or won the race for it). `not_paid`: a voucher or transfer still to come.
 * `not_ours`: another link's, unfinished, or unknown. `no_payment_intent`: paid with nothing to mark (a full
 * discount), so not sent automatically. `mail_failed`, `stripe_unavailable`: nothing sent, to be tried again.
 * `mark_failed`: sent, but the mark could not be written.
 */
export type ConfirmationOutcome =
  | 'sent'
  | 'already_sent'
  | 'in_progress'
  | 'not_paid'
  | 'not_ours'
  | 'no_payment_intent'
  | 'mail_failed'
  | 'stripe_unavailable'
  | 'mark_failed';

export const CONFIRMATION_OUTCOMES: readonly ConfirmationOutcome[] = [
  'sent',
  'already_sent',
  'in_progress',
  'not_paid',
  'not_ours',
  'no_payment_intent',
  'mail_failed',
  'stripe_unavailable',
  'mark_failed',
];

export interface Confirmation {
  outcome: ConfirmationOutcome;
  /** A short cause for the log: never an address, a session id or the join link. */
  detail?: string;
  /** The purchase's PaymentIntent, for the owner to find it in the Dashboard. */
  paymentIntent?: string;
}

/** One call of the fulfilment: the session as Stripe has it, then its confirmation, each when it is known. */
export interface Fulfilling {
  /** Rejects with a CheckoutError when Stripe cannot say. */
  verified: Promise<Verified>;
  /** Never rejects. */
  confirmed: Promise<Confirmation>;
}

export type Fulfil = (sessionId: string) => Fulfilling;

export interface FulfilOptions {
  checkout: CheckoutApi;
  /** Only sessions of this Payment Link are ours. */
  paymentLink: string;
  mailer: Mailer;
  compose: (buyer: { email: string; firstName: string | null; paymentIntentId: string }, nowMs: number) => ConfirmationMessage;
  clock: Clock;
  /** How long a claim keeps others off before it counts as abandoned: far longer than any send takes. */
  leaseMs?: number;
  /** Every outcome, for the metrics. */
  counted?: (outcome: ConfirmationOutcome) => void;
  /** A claimant's token: random, so no two claims are alike. */
  newClaim?: () => string;
}

/** Ten minutes: a send is bounded by the SMTP timeouts to well under one, and Stripe's next delivery comes later still. */
export const CLAIM_LEASE_MS = 10 * 60_000;

const verifiedOf = (purchase: Purchase): Verified => (purchase.kind === 'paid' ? { kind: 'paid', firstName: purchase.firstName } : purchase);

/**
 * The one idempotent fulfilment, for the webhook and the page alike (docs/decisions/0011-stripe-is-the-only-record.md):
 * read the session at Stripe; if it is a paid purchase from our link whose mark does not say sent, claim the send
 * at Stripe, send, and mark it sent (or release it when the send failed, so the next delivery sends it).
 */
export function createFulfil({
  checkout,
  paymentLink,
  mailer,
  compose,
  clock,
  leaseMs = CLAIM_LEASE_MS,
  counted = () => undefined,
  newClaim = () => randomBytes(12).toString('hex'),
}: FulfilOptions): Fulfil {
  const confirm = async (purchase: Purchase): Promise<Confirmation> => {
    if (purchase.kind === 'pending') return { outcome: 'not_paid' };
    if (purchase.kind === 'none') return { outcome: 'not_ours' };
    if (!purchase.paymentIntent) return { outcome: 'no_payment_intent' };
    const paymentIntent = purchase.paymentIntent.id;
    const next = nextStep(readMark(purchase.paymentIntent.metadata), clock(), leaseMs);
    if (next.step === 'done') return { outcome: 'already_sent', paymentIntent };
    if (next.step === 'wait') return { outcome: 'in_progress', paymentIntent };

    const { attempt } = next;
    const claim = newClaim();
    try {
      const answer = await checkout.mark(paymentIntent, markMetadata('sending', attempt, claim, clock()), claimKey(paymentIntent, attempt));
      // Another claimant's request was carried out first under this attempt's key.
      if (!isOwnClaim(answer.metadata, attempt, claim)) return { outcome: 'in_progress', paymentIntent };
    } catch (error) {
      if (error instanceof CheckoutError && error.kind === 'conflict') return { outcome: 'in_progress', paymentIntent, detail: error.detail };
      return { outcome: 'stripe_unavailable', paymentIntent, detail: detailOf(error) };
    }

    try {
      await mailer(compose({ email: purchase.email, firstName: purchase.firstName, paymentIntentId: paymentIntent }, clock()));
    } catch (error) {
      // Released, so the next delivery claims it at once; if even this fails, the lease frees it later.
      await checkout.mark(paymentIntent, markMetadata('failed', attempt, claim, clock())).catch(() => undefined);
      return { outcome: 'mail_failed', paymentIntent, detail: detailOf(error) };
    }

    // The mail is out: the mark is worth a second try, since without it the lease would one day let a second mail go.
    const markSent = () => checkout.mark(paymentIntent, markMetadata('sent', attempt, claim, clock()));
    try {
      await markSent().catch(markSent);
      return { outcome: 'sent', paymentIntent };
    } catch (error) {
      return { outcome: 'mark_failed', paymentIntent, detail: detailOf(error) };
    }
  };

  return (sessionId) => {
    const read = checkout.session(sessionId).then((session) => (session ? purchaseOf(session, paymentLink) : ({ kind: 'none' } as const)));
    const verified = read.then(verifiedOf);
    // Whoever asks only for the confirmation must not leave a failed read unhandled.
    verified.catch(() => undefined);
    const confirmed = read
      .then(confirm, (error: unknown): Confirmation => ({ outcome: 'stripe_unavailable', detail: detailOf(error) }))
      .then((confirmation) => {
        counted(confirmation.outcome);
        return confirmation;
      });
    return { verified, confirmed };
  };
}

function detailOf(error: unknown): string {
  if (error instanceof CheckoutError) return `stripe ${error.detail}`;
  if (error instanceof MailError) return `smtp ${error.detail}`;
  return 'unexpected failure';
}
