import type { Request, RequestHandler, Response } from 'express';
import type { AccessView, DateChangeNotice } from '../../../shared/components/AccessPage';
import type { MailFacts } from '../../../shared/components/mail/MailFrame';
import { confirmation } from '../../../shared/content/confirmationMailWords';
import { samplePurchase } from '../../../shared/content/preflightSampleWords';
import { workshop } from '../../../shared/content/siteFacts';
import { accessPhase, journeyTimeline } from '../../../shared/logic/journey';
import { calendarDateLabel, dateTimeLabel, isoInWorkshopZone } from '../../../shared/logic/schedule';
import { fillPath, ROUTES } from '../../../shared/routes';
import type { MaterialLinks } from '../../config/settings';
import type { Clock } from '../../ops/clock';
import { isSampleToken, sessionOfToken } from './accessToken';
import type { FulfilmentMetrics } from '../reports/fulfilmentMetrics';
import type { BuyerInvite } from '../mail/buyerInvite';
import type { AccessFacts, Verified } from '../settle/fulfilSession';
import { privateHeaders, sendPrivatePage } from './privatePage';
import type { SessionLookup } from './sessionLookup';
import type { AccessOutcome } from '../reports/fulfilmentOutcomes';

export interface AccessOptions {
  accessSecret: string;
  lookup: SessionLookup;
  invite: BuyerInvite;
  accessUrlOf: (sessionId: string) => string;
  /**
   * The sample personal link of the edition in force at an instant (server/fulfilment/pages/accessToken.ts), a page of
   * made-up data, whatever the time: its URL, its start (which signs it) and its UID, for the sample's invite.
   */
  sample: (nowMs: number) => { url: string; startMs: number; uid: string };
  /** Where the personal link leads during the workshop: nowhere else. */
  meetingUrl: string;
  /** The materials' links in force at an instant, the recording's among them. */
  materials: (nowMs: number) => MaterialLinks;
  render: (view: AccessView, year: number) => string;
  clock: Clock;
  metrics?: FulfilmentMetrics;
}

/** A buyer's visit that shows something: a purchase with access, cancelled, or refunded at its buyer's request. */
type Shown = Extract<Verified, { kind: 'paid' | 'cancelled' | 'withdrawn' }>;
type Visit = { sessionId: string; shown: Shown } | 'sample' | Exclude<AccessOutcome, 'before' | 'live' | 'after' | 'sample' | 'cancelled' | 'withdrawn'>;

/** An instant in words, with its zone: "miércoles 8 de octubre de 2025, 8:00 p. m. hora de la Ciudad de México". */
const inWords = (ms: number): string => `${dateTimeLabel(ms)} ${workshop.zoneLabel}`;

/**
 * What a paid purchase's page shows now: its own workshop's phase. An earlier edition's never leads into the meeting of
 * the edition in force: before its own end it shows its date, after it the recording and the materials.
 */
const phaseOf = (access: AccessFacts, nowMs: number) => {
  const phase = accessPhase(nowMs, journeyTimeline(access.startMs));
  return !access.current && phase === 'live' ? 'before' : phase;
};

/**
 * GET /acceso/<token> and its invite (docs/fulfilment.md). A token this site did not sign is a 404 without a call to
 * Stripe; a signed one is checked at Stripe once a visit (remembered a minute, within the budget of reads the page
 * after the checkout shares): paid or free, not refunded, not disputed. Then the purchase's own workshop decides
 * (server/fulfilment/records/purchaseJourney.ts): the details and the calendar before it opens (with a new date's
 * notice and its refund, where the date moved since the purchase), the meeting while the workshop runs, the recording
 * and the materials after it; a cancellation, or a refund its buyer asked for, with how the money comes back. The
 * sample link is the page before it opens, for a made-up buyer, at any time: no call to Stripe, never the meeting.
 */
export function accessPage({ accessSecret, lookup, invite, accessUrlOf, sample, meetingUrl, materials: materialsAt, render, clock, metrics }: AccessOptions): {
  page: RequestHandler;
  calendar: RequestHandler;
} {
  const visit = async (req: Request): Promise<Visit> => {
    const token = req.params.token;
    if (typeof token === 'string' && isSampleToken(accessSecret, token, sample(clock()).startMs)) {
      metrics?.accessVisit('sample', 'none');
      return 'sample';
    }
    const sessionId = typeof token === 'string' ? sessionOfToken(accessSecret, token) : null;
    if (!sessionId) {
      metrics?.accessVisit('forged', 'none');
      return 'forged';
    }
    const { looked, source } = await lookup(sessionId);
    if (typeof looked === 'string') {
      metrics?.accessVisit(looked, source);
      return looked;
    }
    if (looked.kind === 'paid') {
      metrics?.accessVisit(phaseOf(looked.access, clock()), source);
      return { sessionId, shown: looked };
    }
    if (looked.kind === 'cancelled' || looked.kind === 'withdrawn') {
      metrics?.accessVisit(looked.kind, source);
      return { sessionId, shown: looked };
    }
    // Paid once the workshop had ended: refunded by the site, so no access either.
    const outcome = looked.kind === 'ended' || looked.kind === 'late' ? 'ended' : 'not_found';
    metrics?.accessVisit(outcome, source);
    return outcome;
  };

  const send = (res: Response, status: number, view: AccessView): void =>
    sendPrivatePage(res, status, render(view, new Date(clock()).getUTCFullYear()), view.state === 'unavailable');
  const icsPath = (req: Request): string => fillPath(ROUTES.accessCalendar.path, { token: String(req.params.token) });
  const before = (
    req: Request,
    startMs: number,
    facts: MailFacts,
    accessUrl: string,
    opens: boolean,
    change: DateChangeNotice | null,
    sample: boolean,
  ): AccessView => ({
    state: 'before',
    facts,
    opensLabel: opens ? inWords(journeyTimeline(startMs).opensMs) : null,
    googleCalendarUrl: invite.googleCalendarUrl(startMs, accessUrl),
    icsUrl: icsPath(req),
    sample,
    change,
  });
  /** A new date since the purchase: what it was, and the refund while it may be asked for. */
  const changeOf = (req: Request, access: AccessFacts): DateChangeNotice | null => {
    if (!access.current || access.boughtForMs === null || access.boughtForMs === access.startMs) return null;
    const { refundOffer } = access;
    return {
      fromLabel: inWords(access.boughtForMs),
      refund:
        refundOffer && clock() < access.startMs
          ? {
              ...refundOffer,
              untilLabel: inWords(access.startMs),
              confirmUrl: fillPath(ROUTES.accessRefund.path, { token: String(req.params.token) }),
            }
          : null,
    };
  };
  const refused = (res: Response, visited: Exclude<Visit, { sessionId: string } | 'sample'>): void => {
    if (visited === 'unavailable' || visited === 'over_budget') send(res, 503, { state: 'unavailable' });
    else if (visited === 'ended') send(res, 403, { state: 'ended' });
    else send(res, 404, { state: 'not_found' });
  };

  return {
    page: async (req, res) => {
      const visited = await visit(req);
      if (visited === 'sample') {
        const { url, startMs } = sample(clock());
        return send(res, 200, before(req, startMs, invite.facts(startMs, samplePurchase.firstName, url), url, true, null, true));
      }
      if (typeof visited === 'string') return refused(res, visited);
      const { shown, sessionId } = visited;
      if (shown.kind === 'cancelled' || shown.kind === 'withdrawn') {
        // A cancelled edition's page is a buyer's, never a voucher's that was not paid: that one has no personal link.
        return send(res, 200, { state: shown.kind, firstName: shown.firstName, money: shown.money ?? { state: 'none', paid: null, bonus: null } });
      }
      const { access } = shown;
      const now = clock();
      const phase = phaseOf(access, now);
      if (phase === 'live') {
        privateHeaders(res);
        return void res.redirect(303, meetingUrl);
      }
      if (phase === 'after') {
        const { recordingUntilMs } = journeyTimeline(access.startMs);
        const materials = materialsAt(now);
        return send(res, 200, {
          state: 'after',
          firstName: shown.firstName,
          recording: {
            url: access.recordingUrl ?? materials.recording,
            untilLabel: calendarDateLabel(isoInWorkshopZone(recordingUntilMs).slice(0, 10)),
            ended: now > recordingUntilMs,
          },
          materials: { formula: materials.formula, gpt: materials.gpt, hooks: materials.hooks },
        });
      }
      const accessUrl = accessUrlOf(sessionId);
      send(
        res,
        200,
        before(req, access.startMs, invite.facts(access.startMs, shown.firstName, accessUrl), accessUrl, access.current, changeOf(req, access), false),
      );
    },
    calendar: async (req, res) => {
      const visited = await visit(req);
      if (visited !== 'sample' && typeof visited === 'string') return refused(res, visited);
      const shown = visited === 'sample' ? null : visited.shown;
      // Only a place still held has an event: a cancelled or refunded one's invite went with its mail.
      if (shown && shown.kind !== 'paid') return refused(res, 'not_found');
      const { url, startMs, uid } = sample(clock());
      const copy =
        visited === 'sample' || !shown
          ? { startMs, uid, sequence: 0, accessUrl: url }
          : { startMs: shown.access.startMs, uid: shown.access.uid, sequence: shown.access.sequence, accessUrl: accessUrlOf(visited.sessionId) };
      privateHeaders(res);
      res
        .status(200)
        .type('text/calendar; charset=utf-8')
        .attachment(confirmation.icsFileName)
        .send(invite.ics({ ...copy, method: 'PUBLISH', stampMs: clock() }));
    },
  };
}
