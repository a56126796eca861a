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

/** Which link a poll reads: the one in force at that moment, and the places it sold for an earlier edition. */
export interface PolledLink {
  paymentLink: string;
  priorSales?: number;
}

/**
 * Reads a Payment Link through the poller's view of Stripe, the Early Bird's or the normal price's, whichever is in
 * force at each read (`link`): one call, paymentLinks.retrieve with its price, nothing written. It gives the spots
 * (with the places its limit gives back), the price in pesos, and what the link's setup leaves undone; `onRead` gets the
 * link as read (its metadata holds the sale's record: server/sale/liveSale.ts). No retries (the next poll is the
 * retry) and a deadline under the poll interval (the view's), so a call never overlaps the next.
 */
export function stripeSpotsSource(
  stripe: StripeCalls,
  link: () => PolledLink | null,
  role: LinkRole = 'early_bird',
  onRead?: (read: Stripe.PaymentLink) => void,
): SpotsSource {
  return {
    name: role === 'normal' ? 'stripe-normal' : 'stripe',
    async read() {
      const polled = link();
      if (!polled) return null;
      let read: Stripe.PaymentLink;
      try {
        read = await stripe.paymentLink(polled.paymentLink, LINK_EXPANSIONS);
      } catch (error) {
        throw failureOf(error);
      }
      onRead?.(read);
      return {
        count: read.restrictions?.completed_sessions.count ?? 0,
        limit: read.restrictions?.completed_sessions.limit ?? null,
        active: read.active,
        placesBack: placesBackOf(read) ?? 0,
        priorSales: polled.priorSales ?? 0,
        pesoPrice: pesoPriceOf(read),
        setupWarnings: linkSetupWarnings(read, role),
      };
    },
  };
}
