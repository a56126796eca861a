import express, { type Request, type RequestHandler, type Response } from 'express';
import type { AccessView } from '../../../shared/components/AccessPage';
import { fillPath, ROUTES } from '../../../shared/routes';
import type { Clock } from '../../ops/clock';
import { isRefundProof, refundProof, sessionOfToken } from './accessToken';
import { privateHeaders, sendPrivatePage } from './privatePage';
import type { ReadBudget } from './stripeReadBudget';
import type { SessionLookup } from './sessionLookup';
import type { Purchase } from '../records/purchase';
import { type EditionTerms, journeyOf } from '../records/purchaseJourney';
import type { FulfilmentMetrics } from '../reports/fulfilmentMetrics';
import type { Refunded } from '../settle/refundOnce';

export interface RefundActionOptions {
  accessSecret: string;
  /** The site's own origin: a refund's POST that says it comes from another site is refused. */
  publicUrl: string;
  /** The confirmation step reads as the personal link does (remembered a minute, within the budget). */
  lookup: SessionLookup;
  /** The POST reads the purchase at Stripe itself, never from memory, within the same budget: rejects when Stripe cannot say. */
  readPurchase: (sessionId: string) => Promise<Purchase | null>;
  budget: ReadBudget;
  /** The one refund step (server/fulfilment/settle/refundOnce.ts), for the buyer's own request after a new date. */
  refund: (purchase: Purchase) => Promise<Refunded>;
  /** What the pages remember of a purchase, dropped once its buyer asked: the personal link reads it again. */
  forget: (sessionId: string) => void;
  /** The edition in force at an instant. */
  edition: (nowMs: number) => EditionTerms;
  render: (view: AccessView, year: number) => string;
  clock: Clock;
  metrics?: FulfilmentMetrics;
}

/** An origin's host, or null for one that is none (`null`, sent where a browser will not say). */
function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

/** The form holds one short value: anything larger is not the page's. */
const readForm = express.urlencoded({ extended: false, limit: 2048, parameterLimit: 4 });

/**
 * The refund a new date entitles a buyer to, asked for from their personal link (docs/fulfilment.md): the link's button
 * leads to GET /acceso/<token>/reembolso, a confirmation step that says what comes back and holds a form; its POST,
 * from that page alone, marks the refund at Stripe and makes it (server/fulfilment/settle/refundOnce.ts), then sends the
 * buyer back to their personal link, which shows how the money comes back. The personal link's token is the
 * credential; the POST must also carry the page's proof (a signature of the purchase and the new start) and, where the
 * browser says where it comes from, come from this site. Open until the new start, to a paid purchase whose date moved
 * since it was bought; a second press, or a second instance, finds it asked and refunds nothing more.
 */
export function refundAction({ accessSecret, publicUrl, lookup, readPurchase, budget, refund, forget, edition, render, clock, metrics }: RefundActionOptions): {
  page: RequestHandler;
  action: RequestHandler[];
} {
  const origin = new URL(publicUrl).origin;
  const send = (res: Response, status: number, view: AccessView): void =>
    sendPrivatePage(res, status, render(view, new Date(clock()).getUTCFullYear()), view.state === 'unavailable', view.state === 'confirm');
  const backUrl = (req: Request): string => fillPath(ROUTES.access.path, { token: String(req.params.token) });
  const backToLink = (req: Request, res: Response): void => {
    privateHeaders(res);
    res.redirect(303, backUrl(req));
  };
  const sessionOf = (req: Request): string | null => (typeof req.params.token === 'string' ? sessionOfToken(accessSecret, req.params.token) : null);
  /**
   * A browser says where a form was sent from: this site's origin, or the host the request was sent to (the same
   * origin however the site is reached); a request that says another site, or another context, did not come from the page.
   */
  const fromThisSite = (req: Request): boolean => {
    const from = req.get('origin');
    const site = req.get('sec-fetch-site');
    return (from === undefined || from === origin || hostOf(from) === req.get('host')) && (site === undefined || site === 'same-origin');
  };

  return {
    page: async (req, res) => {
      const sessionId = sessionOf(req);
      if (!sessionId) {
        metrics?.accessVisit('forged', 'none');
        return send(res, 404, { state: 'not_found' });
      }
      const { looked, source } = await lookup(sessionId);
      if (typeof looked === 'string') {
        metrics?.accessVisit(looked, source);
        return send(res, 503, { state: 'unavailable' });
      }
      if (looked.kind === 'withdrawn') {
        metrics?.accessVisit('withdrawn', source);
        return backToLink(req, res);
      }
      const offer = looked.kind === 'paid' && clock() < looked.access.startMs ? looked.access.refundOffer : null;
      if (looked.kind !== 'paid' || !offer) {
        metrics?.accessVisit('refund_closed', source);
        return send(res, 403, { state: 'refund_closed', backUrl: backUrl(req) });
      }
      metrics?.accessVisit('refund_confirm', source);
      send(res, 200, {
        state: 'confirm',
        paid: offer.paid,
        bonus: offer.bonus,
        cash: looked.access.cash,
        formAction: fillPath(ROUTES.accessRefund.path, { token: String(req.params.token) }),
        proof: refundProof(accessSecret, sessionId, looked.access.startMs),
        backUrl: backUrl(req),
      });
    },
    action: [
      (req, res, next) => {
        if (!sessionOf(req)) {
          metrics?.accessVisit('forged', 'none');
          return send(res, 404, { state: 'not_found' });
        }
        if (!fromThisSite(req) || !req.is('application/x-www-form-urlencoded')) {
          metrics?.accessVisit('refund_refused', 'none');
          privateHeaders(res);
          return void res.status(403).type('text').send('Forbidden');
        }
        readForm(req, res, next);
      },
      async (req, res) => {
        const sessionId = sessionOf(req) ?? '';
        const proof: unknown = (req.body as Record<string, unknown> | undefined)?.confirmacion;
        // A purchase's refund is open only while its edition is the one in force: its start is the edition's.
        if (!isRefundProof(accessSecret, sessionId, edition(clock()).startMs, proof)) {
          metrics?.accessVisit('refund_refused', 'none');
          return send(res, 403, { state: 'refund_closed', backUrl: backUrl(req) });
        }
        if (!budget.take(clock())) {
          metrics?.accessVisit('over_budget', 'none');
          return send(res, 503, { state: 'unavailable' });
        }
        let purchase: Purchase | null;
        try {
          purchase = await readPurchase(sessionId);
        } catch {
          metrics?.accessVisit('unavailable', 'stripe');
          return send(res, 503, { state: 'unavailable' });
        }
        if (!purchase) {
          metrics?.accessVisit('not_found', 'stripe');
          return send(res, 404, { state: 'not_found' });
        }
        if (purchase.refundReason === 'date_change') {
          metrics?.accessVisit('withdrawn', 'stripe');
          forget(sessionId);
          return backToLink(req, res);
        }
        if (!journeyOf(purchase, edition(clock()), clock()).refundOpen) {
          metrics?.accessVisit('refund_closed', 'stripe');
          return send(res, 403, { state: 'refund_closed', backUrl: backUrl(req) });
        }
        const { decided } = await refund(purchase);
        forget(sessionId);
        if (!decided) {
          metrics?.accessVisit('unavailable', 'stripe');
          return send(res, 503, { state: 'unavailable' });
        }
        metrics?.accessVisit('refund_asked', 'stripe');
        backToLink(req, res);
      },
    ],
  };
}
