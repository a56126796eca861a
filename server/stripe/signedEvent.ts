import Stripe from 'stripe';

/**
 * The event in a webhook's body, checked with the SDK against Stripe's signature on the body exactly as it arrived; no
 * call to Stripe. Throws when the signature is not the secret's, or was made more than `toleranceSeconds` before
 * `nowMs` (0: however long before).
 */
export function signedEvent(body: Buffer, signature: string, secret: string, toleranceSeconds: number, nowMs: number): Stripe.Event {
  return Stripe.webhooks.constructEvent(body, signature, secret, toleranceSeconds, undefined, nowMs);
}
