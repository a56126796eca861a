import Stripe from 'stripe';

export interface StripeClientOptions {
  secretKey: string;
  /** Stripe itself, or a stand-in for tests and rehearsals (STRIPE_API_URL). */
  apiUrl: URL;
  /** The longest one call may take. */
  deadlineMs: number;
}

/**
 * The official SDK, pointed at the configured API: the one place the fulfilment builds a client. No retries: the
 * caller's next attempt (Stripe's next delivery, the buyer's reload) is the retry.
 */
export function stripeClient({ secretKey, apiUrl, deadlineMs }: StripeClientOptions): Stripe {
  return new Stripe(secretKey, {
    host: apiUrl.hostname,
    port: apiUrl.port || (apiUrl.protocol === 'https:' ? 443 : 80),
    protocol: apiUrl.protocol === 'https:' ? 'https' : 'http',
    timeout: deadlineMs,
    maxNetworkRetries: 0,
    telemetry: false,
  });
}
