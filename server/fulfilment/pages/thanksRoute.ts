import type { Request, RequestHandler, Response } from 'express';
import type { ThanksView } from '../../../shared/components/ThanksPage';
import { confirmation } from '../../../shared/content/confirmationMailWords';
import { ROUTES } from '../../../shared/routes';
import type { Clock } from '../../ops/clock';
import type { FulfilmentMetrics } from '../reports/fulfilmentMetrics';
import type { Verified } from '../settle/fulfilSession';
import type { BuyerInvite } from '../mail/buyerInvite';
import { privateHeaders, sendPrivatePage } from './privatePage';
import type { Looked, SessionLookup } from './sessionLookup';
import type { LookupOutcome } from '../reports/fulfilmentOutcomes';
import { isSessionId } from '../records/sessionId';

const OUTCOME_OF: Record<Verified['kind'], LookupOutcome> = {
  paid: 'paid',
  pending: 'pending',
  expired: 'expired',
  late: 'late',
  cancelled: 'cancelled',
  withdrawn: 'withdrawn',
  ended: 'ended',
  none: 'not_found',
};

export interface ThanksOptions {
  lookup: SessionLookup;
  invite: BuyerInvite;
  /** The buyer's personal link. */
  accessUrlOf: (sessionId: string) => string;
  render: (view: ThanksView, year: number) => string;
  clock: Clock;
  metrics?: FulfilmentMetrics;
}

/** The one `session_id` of the query when it has Stripe's shape; anything else (none, two, another shape) is null. */
function sessionIdOf(req: Request): string | null {
  const value = req.query.session_id;
  return typeof value === 'string' && isSessionId(value) ? value : null;
}

/**
 * GET /gracias?session_id=cs_… (the Payment Link's redirect) and its calendar invite, each carrying the buyer's
 * personal link. A paid purchase's read at Stripe also makes sure what is due for it goes out (the webhook and the
 * sweep do too): the lookup reads through the fulfilment (server/fulfilment/fulfilmentRoutes.ts).
 */
export function thanksPage({ lookup, invite, accessUrlOf, render, clock, metrics }: ThanksOptions): { page: RequestHandler; calendar: RequestHandler } {
  const looked = async (req: Request): Promise<{ sessionId: string; looked: Looked } | 'malformed'> => {
    const sessionId = sessionIdOf(req);
    if (!sessionId) {
      metrics?.thanksLookup('malformed', 'none');
      return 'malformed';
    }
    const { looked, source } = await lookup(sessionId);
    metrics?.thanksLookup(typeof looked === 'string' ? looked : OUTCOME_OF[looked.kind], source);
    return { sessionId, looked };
  };

  const send = (res: Response, status: number, view: ThanksView): void =>
    sendPrivatePage(res, status, render(view, new Date(clock()).getUTCFullYear()), view.state === 'unavailable');
  /** What every answer but a paid purchase's is, for the page and the invite alike. */
  const unpaid = (res: Response, result: Exclude<Looked, { kind: 'paid' }> | 'malformed'): void => {
    if (result === 'unavailable' || result === 'over_budget') send(res, 503, { state: 'unavailable' });
    else if (result === 'malformed' || result.kind === 'none') send(res, 404, { state: 'not_found' });
    // Refunded at the buyer's own request after a new date: their access ended, as any refund's does.
    else if (result.kind === 'ended' || result.kind === 'withdrawn') send(res, 403, { state: 'ended' });
    else if (result.kind === 'cancelled') send(res, 200, { state: 'cancelled', money: result.money });
    else send(res, 200, { state: result.kind });
  };

  return {
    page: async (req, res) => {
      const found = await looked(req);
      if (found === 'malformed') return unpaid(res, found);
      const { sessionId, looked: result } = found;
      if (typeof result === 'string' || result.kind !== 'paid') return unpaid(res, result);
      const accessUrl = accessUrlOf(sessionId);
      const icsUrl = `${ROUTES.thanksCalendar.path}?session_id=${encodeURIComponent(sessionId)}`;
      const { startMs } = result.access;
      send(res, 200, {
        state: 'paid',
        facts: invite.facts(startMs, result.firstName, accessUrl),
        googleCalendarUrl: invite.googleCalendarUrl(startMs, accessUrl),
        icsUrl,
      });
    },
    calendar: async (req, res) => {
      const found = await looked(req);
      if (found === 'malformed') return unpaid(res, found);
      const { sessionId, looked: result } = found;
      // Only a paid purchase has an invite: a voucher still to pay, or expired, gets the answer an unknown session gets.
      if (typeof result === 'string' || result.kind === 'none' || result.kind === 'ended') return unpaid(res, result);
      if (result.kind !== 'paid') return unpaid(res, { kind: 'none' });
      const { startMs, uid, sequence } = result.access;
      privateHeaders(res);
      res
        .status(200)
        .type('text/calendar; charset=utf-8')
        .attachment(confirmation.icsFileName)
        .send(invite.ics({ startMs, uid, sequence, method: 'PUBLISH', accessUrl: accessUrlOf(sessionId), stampMs: clock() }));
    },
  };
}
