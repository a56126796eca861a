import type Stripe from 'stripe';
import type { SpotsSettings } from '../config/settings';
import { stripeClient } from '../stripe/client';
import { SpotsSourceError, type SpotsSource } from './source';

/** Stripe's error as far as the SDK reports it, read without its message. */
interface StripeFailure {
  type?: unknown;
  statusCode?: unknown;
  code?: unknown;
}

/** A short cause from the status and Stripe's error code only: the messages may quote the key. */
function failureOf(error: unknown): SpotsSourceError {
  const { type, statusCode, code } = (typeof error === 'object' && error !== null ? error : {}) as StripeFailure;
  const status = typeof statusCode === 'number' ? statusCode : null;
  const detail = typeof code === 'string' && /^[a-z_]{1,64}$/.test(code) ? ` (${code})` : '';
  if (status === 401 || status === 403) return new SpotsSourceError('credentials', `HTTP ${status}${detail}`);
  if (status === 404) return new SpotsSourceError('link', `HTTP 404${detail}`);
  if (status !== null) return new SpotsSourceError('unavailable', `HTTP ${status}${detail}`);
  if (type === 'StripeConnectionError') return new SpotsSourceError('unavailable', 'no answer (unreachable, reset or timed out)');
  return new SpotsSourceError('unavailable', typeof type === 'string' && /^\w{1,64}$/.test(type) ? type : 'unexpected failure');
}

/**
 * Reads the Early Bird's Payment Link through the official SDK: one call, paymentLinks.retrieve, nothing
 * written. No retries (the next poll is the retry) and a deadline under the poll interval, so a call never
 * overlaps the next.
 */
export function stripeSpotsSource(settings: SpotsSettings, deadlineMs: number): SpotsSource {
  const stripe = stripeClient({ secretKey: settings.secretKey(), apiUrl: settings.apiUrl, deadlineMs });
  return {
    name: 'stripe',
    async read() {
      let link: Stripe.PaymentLink;
      try {
        link = await stripe.paymentLinks.retrieve(settings.paymentLink);
      } catch (error) {
        throw failureOf(error);
      }
      return { count: link.restrictions?.completed_sessions.count ?? 0, limit: link.restrictions?.completed_sessions.limit ?? null, active: link.active };
    },
  };
}
