import type Stripe from 'stripe';
import { readStripeFailure, stripeFailureDetail } from '../stripe/failure';
import { replayedAnswer, type StripeCalls } from '../stripe/stripeCalls';
import { changeUpdate } from './linkChangePlan';
import type { LinkChange } from './linkChanges';

/**
 * How one try at a change ended. `made`: this try's update was carried out. `in_effect`: nothing to write (the link is
 * marked with it, or already is what it makes it), or another instance's identical update was. `in_progress`: another
 * instance's update under the same key is being carried out. `refused`: Stripe refused it for good (a key without
 * Payment Links: Write, or a parameter it will not take). `no_link`: no Payment Link with that id. `unavailable`:
 * Stripe could not be asked (unreachable, timed out, 5xx, 429). The last three are tried again.
 */
export type ChangeOutcome = 'made' | 'in_effect' | 'in_progress' | 'refused' | 'no_link' | 'unavailable';

export interface ChangeTry {
  outcome: ChangeOutcome;
  /** A short cause for the log: the status and Stripe's code, never its message. */
  detail?: string;
  /** Stripe may have kept an answer under this try's key (a 500 included): the next try uses the next attempt's. */
  keySpent?: boolean;
  /** A refusal of the key itself (401, 403): the fix is its permissions. */
  credentials?: boolean;
}

function failed(error: unknown): ChangeTry {
  const failure = readStripeFailure(error);
  const detail = stripeFailureDetail(failure);
  if (failure.code === 'idempotency_key_in_use' || (failure.type === 'StripeIdempotencyError' && failure.status === 409))
    return { outcome: 'in_progress', detail };
  if (failure.type === 'StripeIdempotencyError') return { outcome: 'unavailable', detail, keySpent: true };
  if (failure.status === 401 || failure.status === 403) return { outcome: 'refused', detail, credentials: true };
  if (failure.status === 404) return { outcome: 'no_link', detail };
  if (failure.status === 429 || failure.status === null) return { outcome: 'unavailable', detail, keySpent: failure.status === null };
  if (failure.status >= 500) return { outcome: 'unavailable', detail, keySpent: true };
  return { outcome: 'refused', detail };
}

/**
 * One try at a change: the link read, then, if the change is not in effect, the one update that makes it under the
 * change's key for this attempt. Read first, so that a change made by any instance, at any time, is never made again,
 * and what the owner did since stands; the key makes the instances that read at the same moment write once.
 */
export function changeAtStripe(stripe: StripeCalls): (change: LinkChange, attempt: number) => Promise<ChangeTry> {
  return async (change, attempt) => {
    let link: Stripe.PaymentLink;
    try {
      link = await stripe.paymentLink(change.link.paymentLink);
    } catch (error) {
      return { ...failed(error), keySpent: false };
    }
    const planned = changeUpdate(link, change);
    if (!planned) return { outcome: 'in_effect' };
    try {
      const made = await stripe.updatePaymentLink(change.link.paymentLink, planned.update, planned.key(attempt), link.metadata);
      return { outcome: replayedAnswer(made.lastResponse.headers) ? 'in_effect' : 'made' };
    } catch (error) {
      return failed(error);
    }
  };
}
