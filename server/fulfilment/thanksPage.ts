import type { Request, RequestHandler, Response } from 'express';
import type { ThanksView } from '../../shared/components/ThanksPage';
import { confirmation } from '../../shared/content';
import { ROUTES } from '../../shared/routes';
import type { Clock } from '../ops/clock';
import type { Logger } from '../ops/logger';
import type { FulfilmentMetrics } from './fulfilmentMetrics';
import type { Fulfil, Verified } from './fulfil';
import type { BuyerInvite } from './invite';
import type { ReadBudget } from './readBudget';
import type { RecentSessions } from './recentSessions';
import { isSessionId } from './sessionId';

/** How a lookup ended, for the metrics: never the id it was for. */
export type LookupOutcome = 'paid' | 'pending' | 'not_found' | 'malformed' | 'unavailable' | 'over_budget';
export const LOOKUP_OUTCOMES: readonly LookupOutcome[] = ['paid', 'pending', 'not_found', 'malformed', 'unavailable', 'over_budget'];
/** Where its answer came from: Stripe, the memory of recent sessions, or nowhere (refused before any call). */
export type LookupSource = 'stripe' | 'memory' | 'none';

/** How long a page stays remembered: a paid purchase stays paid; a voucher may be paid any minute. */
const REMEMBER_MS: Record<Verified['kind'], number> = { paid: 10 * 60_000, pending: 30_000, none: 60_000 };
/** "Vuelve a cargar esta página en un minuto." */
const RETRY_AFTER_SECONDS = 60;
const OUTCOME_OF: Record<Verified['kind'], LookupOutcome> = { paid: 'paid', pending: 'pending', none: 'not_found' };

/** A lookup's result: what Stripe said (or the memory remembered), or why nothing was asked or answered. */
type Looked = Verified | 'malformed' | 'unavailable' | 'over_budget';

export interface ThanksOptions {
  fulfil: Fulfil;
  invite: BuyerInvite;
  memory: RecentSessions<Verified>;
  budget: ReadBudget;
  render: (view: ThanksView, year: number) => string;
  clock: Clock;
  logger: Logger;
  metrics?: FulfilmentMetrics;
}

/** Its address is a credential: kept by nobody, sent to no one, shown to no search engine. */
function privateHeaders(res: Response): void {
  res.set({ 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'no-referrer', 'X-Robots-Tag': 'noindex' });
}

/** The one `session_id` of the query when it has Stripe's shape; anything else (none, two, another shape) is null. */
function sessionIdOf(req: Request): string | null {
  const value = req.query.session_id;
  return typeof value === 'string' && isSessionId(value) ? value : null;
}

/**
 * GET /gracias?session_id=cs_… (the Payment Link's redirect) and its calendar invite. Each asks Stripe at most once
 * per session while it is remembered, and this instance at most as often as its budget allows: beyond it, a 503
 * to try again in a minute. A paid purchase's visit also makes sure its confirmation goes out (the webhook does too).
 */
export function thanksPage({ fulfil, invite, memory, budget, render, clock, logger, metrics }: ThanksOptions): {
  page: RequestHandler;
  calendar: RequestHandler;
} {
  const lookup = async (req: Request): Promise<Looked> => {
    const sessionId = sessionIdOf(req);
    if (!sessionId) {
      metrics?.thanksLookup('malformed', 'none');
      return 'malformed';
    }
    const now = clock();
    const remembered = memory.get(sessionId, now);
    if (remembered) {
      metrics?.thanksLookup(OUTCOME_OF[remembered.kind], 'memory');
      return remembered;
    }
    if (!budget.take(now)) {
      metrics?.thanksLookup('over_budget', 'none');
      return 'over_budget';
    }
    const { verified, confirmed } = fulfil(sessionId);
    let found: Verified;
    try {
      found = await verified;
    } catch {
      metrics?.thanksLookup('unavailable', 'stripe');
      return 'unavailable';
    }
    memory.remember(sessionId, found, clock(), REMEMBER_MS[found.kind]);
    metrics?.thanksLookup(OUTCOME_OF[found.kind], 'stripe');
    if (found.kind === 'paid') {
      // The page does not wait for the mail; the mail's outcome is one line, as the webhook's is.
      void confirmed.then(({ outcome, detail, paymentIntent }) => {
        if (outcome === 'already_sent' || outcome === 'in_progress') return;
        const fields = {
          event: 'confirmation',
          via: 'page',
          outcome,
          ...(paymentIntent && { payment_intent: paymentIntent }),
          ...(detail && { cause: detail }),
        };
        if (outcome === 'sent') logger.info(fields, 'confirmation sent');
        else logger.warn(fields, 'confirmation not sent from the page: the webhook will try again');
      });
    }
    return found;
  };

  const send = (res: Response, status: number, view: ThanksView): void => {
    privateHeaders(res);
    if (view.state === 'unavailable') res.set('Retry-After', String(RETRY_AFTER_SECONDS));
    res
      .status(status)
      .type('html')
      .send(render(view, new Date(clock()).getUTCFullYear()));
  };
  /** What every answer but a paid purchase's is, for the page and the invite alike. */
  const unpaid = (res: Response, result: Exclude<Looked, { kind: 'paid' }>): void => {
    if (result === 'unavailable' || result === 'over_budget') send(res, 503, { state: 'unavailable' });
    else if (result === 'malformed' || result.kind === 'none') send(res, 404, { state: 'not_found' });
    else send(res, 200, { state: 'pending' });
  };

  return {
    page: async (req, res) => {
      const result = await lookup(req);
      if (typeof result === 'string' || result.kind !== 'paid') return unpaid(res, result);
      const icsUrl = `${ROUTES.thanksCalendar.path}?session_id=${encodeURIComponent(String(req.query.session_id))}`;
      send(res, 200, { state: 'paid', facts: invite.facts(result.firstName), googleCalendarUrl: invite.googleCalendarUrl, icsUrl });
    },
    calendar: async (req, res) => {
      const result = await lookup(req);
      // Only a paid purchase has an invite: a voucher still to pay gets the answer an unknown session gets.
      if (typeof result === 'string' || result.kind === 'none') return unpaid(res, result);
      if (result.kind === 'pending') return unpaid(res, { kind: 'none' });
      privateHeaders(res);
      res.status(200).type('text/calendar; charset=utf-8').attachment(confirmation.icsFileName).send(invite.ics(clock()));
    },
  };
}
