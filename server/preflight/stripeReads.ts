import type Stripe from 'stripe';
import { readStripeFailure, type StripeFailure } from '../stripe/failure';
import { allIn } from '../stripe/pace';
import type { StripeBoundary } from '../stripe/stripeBoundary';
import { LINK_EXPANSIONS } from '../spots/linkPrice';

/** A read's answer, or how it failed (never Stripe's message, which may quote the key). */
export type Reading<T> = { ok: T } | { failure: StripeFailure };

/** The reads that prove a permission the site needs, each the smallest list Stripe has for that resource. */
export type Probe = 'checkout_sessions' | 'payment_intents' | 'charges';

export interface StripeReadings {
  /** Each selling link by id, read as the site reads it (its price and currency options expanded). */
  links: Map<string, Reading<Stripe.PaymentLink>>;
  /** Every webhook endpoint of the account. */
  endpoints: Reading<Stripe.WebhookEndpoint[]>;
  probes: Record<Probe, Reading<true>>;
}

/** A call that takes longer has failed: the owner is waiting at a terminal. */
const DEADLINE_MS = 10_000;
/** More endpoints than any account of this size has: the list stops there. */
const MAX_ENDPOINTS = 500;

async function read<T>(call: () => Promise<T>): Promise<Reading<T>> {
  try {
    return { ok: await call() };
  } catch (error) {
    return { failure: readStripeFailure(error) };
  }
}

/**
 * Everything the preflight asks Stripe, through a view of the process's boundary, built as the site builds its own
 * (server/stripe/stripeBoundary.ts): reads only (GET), never a write, so running it changes nothing in the account.
 * The probes list one object each; what they return does not matter, only whether the key may read it.
 */
export async function readStripe(boundary: StripeBoundary, linkIds: string[], paymentLink: string): Promise<StripeReadings> {
  const stripe = boundary.view({ deadlineMs: DEADLINE_MS, lanes: allIn('preflight') });
  const links = new Map<string, Reading<Stripe.PaymentLink>>();
  for (const id of linkIds) links.set(id, await read(() => stripe.paymentLink(id, LINK_EXPANSIONS)));
  const endpoints = await read(() => stripe.webhookEndpoints(MAX_ENDPOINTS));
  const probe = (call: () => Promise<unknown>): Promise<Reading<true>> =>
    read(async () => {
      await call();
      return true as const;
    });
  return {
    links,
    endpoints,
    probes: {
      checkout_sessions: await probe(() => stripe.probeSessions(paymentLink)),
      payment_intents: await probe(() => stripe.probePaymentIntents()),
      charges: await probe(() => stripe.probeCharges()),
    },
  };
}
