import Stripe from 'stripe';

export interface StripeClientOptions {
  secretKey: string;
  /** Stripe itself, or a stand-in for tests and rehearsals (STRIPE_API_URL). */
  apiUrl: URL;
  /** The longest any one call may take, from sending the request to the last byte of the answer. */
  deadlineMs: number;
}

/**
 * The fetch the SDK calls, with a deadline of its own on top of the SDK's signal: a call's `timeout` option
 * can shorten a call, never lengthen it past the deadline. Aborting a fetch closes its socket, headers and
 * body alike, so a peer that stalls or trickles holds nothing once the deadline has passed.
 */
function fetchWithDeadline(deadlineMs: number): typeof fetch {
  return (input, init) => {
    const deadline = AbortSignal.timeout(deadlineMs);
    return fetch(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, deadline]) : deadline });
  };
}

/**
 * The official SDK, pointed at the configured API, for every call the site makes to Stripe. Each call ends
 * within `deadlineMs` however slowly the answer comes: the SDK's default Node client restarts its timeout on
 * every byte received, so a peer that trickles would keep one call, and its socket, open for ever; its fetch
 * client times the whole call instead. No retries: the caller's next attempt (the next poll, Stripe's next
 * delivery) is the retry, and a retried call would outlast the deadline.
 */
export function stripeClient({ secretKey, apiUrl, deadlineMs }: StripeClientOptions): Stripe {
  return new Stripe(secretKey, {
    host: apiUrl.hostname,
    port: apiUrl.port || (apiUrl.protocol === 'https:' ? 443 : 80),
    protocol: apiUrl.protocol === 'https:' ? 'https' : 'http',
    httpClient: Stripe.createFetchHttpClient(fetchWithDeadline(deadlineMs)),
    timeout: deadlineMs,
    maxNetworkRetries: 0,
    telemetry: false,
  });
}
