import type Stripe from 'stripe';
import type { LinkRole } from '../../shared/logic/sale';
import { readStripeFailure, stripeFailureDetail } from '../stripe/failure';
import type { StripeCalls } from '../stripe/stripeCalls';
import { LINK_EXPANSIONS, pesoPriceOf } from './linkPrice';
import { linkSetupWarnings } from './linkSetupWarnings';
import { placesBackOf } from './placesBack';
import { SpotsSourceError, type SpotsSource } from './source';

function failureOf(error: unknown): SpotsSourceError {
  const failure = readStripeFailure(error);
  const detail = stripeFailureDetail(failure);
  if (failure.status === 401 || failure.status === 403) return new SpotsSourceError('credentials', detail);
  if (failure.status === 404) return new SpotsSourceError('link', detail);
  return new SpotsSourceError('unavailable', detail);
}

/**
 * Reads a Payment Link through the poller's view of Stripe, the Early Bird's or the normal price's: one call,
 * paymentLinks.retrieve with its price, nothing written. It gives the spots (with the places its limit gives back), the
 * price in pesos, and what the link's setup leaves undone. No retries (the next poll is the retry) and a deadline under
 * the poll interval (the view's), so a call never overlaps the next.
 */
export function stripeSpotsSource(stripe: StripeCalls, paymentLink: string, role: LinkRole = 'early_bird'): SpotsSource {
  return {
    name: role === 'normal' ? 'stripe-normal' : 'stripe',
    async read() {
      let link: Stripe.PaymentLink;
      try {
        link = await stripe.paymentLink(paymentLink, LINK_EXPANSIONS);
      } catch (error) {
        throw failureOf(error);
      }
      return {
        count: link.restrictions?.completed_sessions.count ?? 0,
        limit: link.restrictions?.completed_sessions.limit ?? null,
        active: link.active,
        placesBack: placesBackOf(link) ?? 0,
        pesoPrice: pesoPriceOf(link),
        setupWarnings: linkSetupWarnings(link, role),
      };
    },
  };
}
