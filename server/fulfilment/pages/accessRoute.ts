import type { Request, RequestHandler, Response } from 'express';
import type { AccessView } from '../../../shared/components/AccessPage';
import type { MailFacts } from '../../../shared/components/mail/MailFrame';
import { confirmation, samplePurchase, workshop } from '../../../shared/content';
import { accessPhase, type JourneyTimeline } from '../../../shared/logic/journey';
import { calendarDateLabel, dateTimeLabel, isoInWorkshopZone } from '../../../shared/logic/schedule';
import { fillPath, ROUTES } from '../../../shared/routes';
import type { MaterialLinks } from '../../config/settings';
import type { Clock } from '../../ops/clock';
import { isSampleToken, sessionOfToken } from './accessToken';
import type { FulfilmentMetrics } from '../reports/fulfilmentMetrics';
import type { BuyerInvite } from '../mail/buyerInvite';
import { privateHeaders, sendPrivatePage } from './privatePage';
import type { SessionLookup } from './sessionLookup';
import type { AccessOutcome } from '../reports/outcomes';

export interface AccessOptions {
  accessSecret: string;
  lookup: SessionLookup;
  invite: BuyerInvite;
  accessUrlOf: (sessionId: string) => string;
  /** The sample personal link (server/fulfilment/pages/accessToken.ts): a page of made-up data, whatever the time. */
  sampleUrl: string;
  timeline: JourneyTimeline;
  /** Where the personal link leads during the workshop: nowhere else. */
  meetingUrl: string;
  materials: MaterialLinks;
  render: (view: AccessView, year: number) => string;
  clock: Clock;
  metrics?: FulfilmentMetrics;
}

type Visit = { sessionId: string; firstName: string | null } | 'sample' | Exclude<AccessOutcome, 'before' | 'live' | 'after' | 'sample'>;

/**
 * GET /acceso/<token> and its invite (docs/fulfilment.md). A token this site did not sign is a 404 without a call to
 * Stripe; a signed one is checked at Stripe once a visit (remembered a minute, within the budget of reads the page
 * after the checkout shares): paid or free, not refunded, not disputed. Then the time decides: the details and the
 * calendar before it opens, the meeting while the workshop runs, the recording and the materials after it. The sample
 * link is the page before it opens, for a made-up buyer, at any time: no call to Stripe, never the meeting.
 */
export function accessPage({ accessSecret, lookup, invite, accessUrlOf, sampleUrl, timeline, meetingUrl, materials, render, clock, metrics }: AccessOptions): {
  page: RequestHandler;
  calendar: RequestHandler;
} {
  const opensLabel = `${dateTimeLabel(timeline.opensMs)} ${workshop.zoneLabel}`;
  const recordingUntilLabel = calendarDateLabel(isoInWorkshopZone(timeline.recordingUntilMs).slice(0, 10));

  const visit = async (req: Request): Promise<Visit> => {
    const token = req.params.token;
    if (typeof token === 'string' && isSampleToken(accessSecret, token, timeline.startMs)) {
      metrics?.accessVisit('sample', 'none');
      return 'sample';
    }
    const sessionId = typeof token === 'string' ? sessionOfToken(accessSecret, token) : null;
    if (!sessionId) {
      metrics?.accessVisit('forged', 'none');
      return 'forged';
    }
    const { looked, source } = await lookup(sessionId);
    // Paid once the workshop had ended: refunded by the site, so no access either.
    const ended = typeof looked === 'object' && (looked.kind === 'ended' || looked.kind === 'late');
    const outcome: AccessOutcome | null = typeof looked === 'string' ? looked : ended ? 'ended' : looked.kind === 'paid' ? null : 'not_found';
    if (outcome) {
      metrics?.accessVisit(outcome, source);
      return outcome as Visit;
    }
    const firstName = typeof looked === 'object' && looked.kind === 'paid' ? looked.firstName : null;
    metrics?.accessVisit(accessPhase(clock(), timeline), source);
    return { sessionId, firstName };
  };

  const send = (res: Response, status: number, view: AccessView): void =>
    sendPrivatePage(res, status, render(view, new Date(clock()).getUTCFullYear()), view.state === 'unavailable');
  const before = (req: Request, facts: MailFacts, accessUrl: string, sample: boolean): AccessView => ({
    state: 'before',
    facts,
    opensLabel,
    googleCalendarUrl: invite.googleCalendarUrl(accessUrl),
    icsUrl: fillPath(ROUTES.accessCalendar.path, { token: String(req.params.token) }),
    sample,
  });
  const refused = (res: Response, visited: Exclude<Visit, { sessionId: string } | 'sample'>): void => {
    if (visited === 'unavailable' || visited === 'over_budget') send(res, 503, { state: 'unavailable' });
    else if (visited === 'ended') send(res, 403, { state: 'ended' });
    else send(res, 404, { state: 'not_found' });
  };

  return {
    page: async (req, res) => {
      const visited = await visit(req);
      if (visited === 'sample') return send(res, 200, before(req, invite.facts(samplePurchase.firstName, sampleUrl), sampleUrl, true));
      if (typeof visited === 'string') return refused(res, visited);
      const now = clock();
      const phase = accessPhase(now, timeline);
      if (phase === 'live') {
        privateHeaders(res);
        return void res.redirect(303, meetingUrl);
      }
      if (phase === 'after') {
        return send(res, 200, {
          state: 'after',
          firstName: visited.firstName,
          recording: { url: materials.recording, untilLabel: recordingUntilLabel, ended: now > timeline.recordingUntilMs },
          materials: { formula: materials.formula, gpt: materials.gpt, hooks: materials.hooks },
        });
      }
      const accessUrl = accessUrlOf(visited.sessionId);
      send(res, 200, before(req, invite.facts(visited.firstName, accessUrl), accessUrl, false));
    },
    calendar: async (req, res) => {
      const visited = await visit(req);
      if (visited !== 'sample' && typeof visited === 'string') return refused(res, visited);
      privateHeaders(res);
      res
        .status(200)
        .type('text/calendar; charset=utf-8')
        .attachment(confirmation.icsFileName)
        .send(invite.ics(visited === 'sample' ? sampleUrl : accessUrlOf(visited.sessionId), clock()));
    },
  };
}
