import type { SaleTerms } from '../../../shared/logic/sale';
import type { SellingLink } from '../../config/sellingLinks';
import type { Clock } from '../../ops/clock';
import type { Logger } from '../../ops/logger';
import { placesBackOf } from '../../spots/placesBack';
import { CheckoutError, type CheckoutApi } from '../../stripe/checkoutApi';
import type { FulfilmentMetrics } from '../reports/fulfilmentMetrics';
import { type LimitPlan, limitPlan, placeBackOpen } from './placesBackPlan';
import { placeGivenBackIn } from '../records/purchaseRecord';
import type { PlacesBackOutcome } from '../reports/fulfilmentOutcomes';

export interface PlacesBackResult {
  outcome: PlacesBackOutcome;
  /** A short cause for the log: never an id of a session or a link. */
  detail?: string;
}

export interface LinkLimit {
  /** The Payment Link it keeps. */
  paymentLink: string;
  /** Makes the link's limit give back `givenBack` places: the vouchers whose sessions a complete listing found marked. */
  reconcile(givenBack: number): Promise<PlacesBackResult>;
  /** Counts the marked vouchers over the link's complete sessions, then reconciles: for an event, between sweeps. */
  recount(): Promise<PlacesBackResult>;
}

export interface LinkLimitOptions {
  checkout: CheckoutApi;
  /** The Payment Link whose vouchers' places it gives back: the Early Bird's, or the normal price's. */
  link: SellingLink;
  /** The sale's dates and the owner's sold-out switch in force: no place is given back once the link's price has ended. */
  sale: () => SaleTerms;
  clock: Clock;
  logger: Logger;
  metrics?: FulfilmentMetrics;
}

/** Reads and writes one call makes at most, when other instances keep moving the link under it: the next turn goes on. */
const TURNS = 4;

/**
 * One key for every update from `from` places given back: every instance that raises from there uses it, so Stripe
 * carries out one of them, a compare-and-set (docs/decisions/0018-a-voucher-gives-its-place-back.md). `attempt` moves
 * past a key spent without effect (a failure Stripe stored under it).
 */
const raiseKey = (paymentLink: string, from: number, attempt: number): string => `taller_limit_added_by_site-${paymentLink}-${from}-${attempt}`;

const LINE: Record<Exclude<PlacesBackOutcome, 'given_back' | 'counted'>, { level: 'info' | 'warn'; message: string }> = {
  left_alone: {
    level: 'info',
    message:
      "the Payment Link is off by the owner's hand, or its metadata taller_limit_added_by_site is not the site's: expired vouchers' places wait (docs/spots.md)",
  },
  no_limit: { level: 'info', message: 'the Payment Link has no limit: there is no place to give back' },
  over: { level: 'info', message: "what the Payment Link sells has ended: expired vouchers' places are not given back" },
  in_progress: { level: 'info', message: 'another instance is giving the places back: the next turn looks again' },
  stripe_unavailable: { level: 'warn', message: "an expired voucher's place could not be given back at the Payment Link: tried again at the next turn" },
};

const reasonOf = (plan: LimitPlan): string | undefined => (plan.kind === 'left_alone' ? plan.reason : undefined);

/**
 * The Payment Link's limit, kept giving back one place per expired voucher marked at Stripe: each update is made from
 * the places the link gives back as read, under a key named after them, so concurrent instances and redeliveries
 * raise it once (docs/spots.md). Each outcome other than a raise is one log line when it begins, never one per turn.
 */
export function createLinkLimit({ checkout, link: selling, sale, clock, logger, metrics }: LinkLimitOptions): LinkLimit {
  const { paymentLink, role } = selling;
  /** The places the link gave back when this instance last read or raised it: no read while nothing is new. */
  let known = 0;
  /** For each number of places given back, the last attempt's key found spent. */
  const spent = new Map<number, number>();
  let lastSaid: string | null = null;

  const end = (result: PlacesBackResult, reason?: string): PlacesBackResult => {
    if (result.outcome !== 'counted') metrics?.placesBack(result.outcome);
    if (result.outcome === 'given_back' || result.outcome === 'counted') {
      lastSaid = null;
      return result;
    }
    const said = `${result.outcome} ${reason ?? ''} ${result.detail ?? ''}`;
    if (said !== lastSaid) {
      lastSaid = said;
      const fields = {
        event: 'places_back',
        ...(role === 'normal' && { link: role }),
        outcome: result.outcome,
        ...(reason && { reason }),
        ...(result.detail && { cause: result.detail }),
      };
      if (reason === 'credentials') logger.error(fields, 'the key may not update the Payment Link: give it Payment Links: Write (docs/fulfilment.md)');
      else logger[LINE[result.outcome].level](fields, LINE[result.outcome].message);
    }
    return result;
  };

  const unavailable = (error: unknown): PlacesBackResult => ({
    outcome: 'stripe_unavailable',
    detail: error instanceof CheckoutError ? `stripe ${error.detail}` : 'unexpected failure',
  });

  const reconcile = async (givenBack: number): Promise<PlacesBackResult> => {
    if (givenBack <= known) return end({ outcome: 'counted' });
    // Once the link's price has ended nothing is written: no read either.
    if (!placeBackOpen(role, clock(), sale())) return end({ outcome: 'over' });
    let tried: { from: number; attempt: number } | null = null;
    for (let turn = 0; turn < TURNS; turn += 1) {
      let link: Awaited<ReturnType<CheckoutApi['paymentLink']>>;
      try {
        link = await checkout.paymentLink(paymentLink);
      } catch (error) {
        return end(unavailable(error));
      }
      // The last key's request is over (Stripe answered it) and the link never moved: the key is spent.
      if (tried && placesBackOf(link) === tried.from) spent.set(tried.from, tried.attempt);
      const plan = limitPlan(link, givenBack, placeBackOpen(role, clock(), sale()));
      if (plan.kind === 'counted') {
        known = Math.max(known, placesBackOf(link) ?? 0);
        return end({ outcome: 'counted' });
      }
      if (plan.kind !== 'raise') return end({ outcome: plan.kind }, reasonOf(plan));
      const attempt = (spent.get(plan.from) ?? 0) + 1;
      try {
        await checkout.updatePaymentLink(paymentLink, plan.params, raiseKey(paymentLink, plan.from, attempt), link.metadata);
      } catch (error) {
        if (!(error instanceof CheckoutError)) return end(unavailable(error));
        if (error.kind === 'in_use') return end({ outcome: 'in_progress' });
        // Another's update came first under this key, or Stripe failed in a way it stores under the key: read again.
        const spentPerhaps = error.kind === 'key_reused' || (error.kind === 'unavailable' && error.status !== null && error.status >= 500);
        if (!spentPerhaps) return end(unavailable(error), error.kind === 'credentials' ? 'credentials' : undefined);
        tried = { from: plan.from, attempt };
        continue;
      }
      known = givenBack;
      logger.info(
        { event: 'places_back', ...(role === 'normal' && { link: role }), places_back: givenBack, limit: plan.limit, reopened: plan.reopen },
        "an expired voucher's place is given back at the Payment Link",
      );
      return end({ outcome: 'given_back' });
    }
    return end({ outcome: 'in_progress' });
  };

  return {
    paymentLink,
    reconcile,
    async recount() {
      let givenBack = 0;
      try {
        for await (const page of checkout.completeSessions(paymentLink)) givenBack += page.filter((session) => placeGivenBackIn(session.metadata)).length;
      } catch (error) {
        return end(unavailable(error));
      }
      return reconcile(givenBack);
    },
  };
}
