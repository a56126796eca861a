import type { Request, RequestHandler, Response } from 'express';
import type { AccessView } from '../../../shared/components/AccessPage';
import { fillPath, ROUTES } from '../../../shared/routes';
import type { Clock } from '../../ops/clock';
import { readRefundLinkCode, sessionOfToken } from './accessToken';
import { buyerForm } from './buyerForm';
import { sendPrivatePage } from './privatePage';
import type { SessionLookup } from './sessionLookup';
import type { Purchase } from '../records/purchase';
import type { EditionTerms } from '../records/purchaseJourney';
import { moneyBackOf } from '../records/refundTerms';
import type { FulfilmentMetrics } from '../reports/fulfilmentMetrics';

export interface RefundLinkOptions {
  accessSecret: string;
  /** The site's own origin: a POST that says it comes from another site is refused. */
  publicUrl: string;
  /** What the refund's pages know of a purchase, as the refund step's (server/fulfilment/pages/refundAction.ts). */
  lookup: SessionLookup;
  /** Makes the refund after the answer (server/fulfilment/settle/refundsUnderWay.ts). */
  refund: (purchase: Purchase) => void;
  /** The edition in force at an instant. */
  edition: (nowMs: number) => EditionTerms;
  render: (view: AccessView, year: number) => string;
  clock: Clock;
  metrics?: FulfilmentMetrics;
}

/**
 * The link the refund step mails to the purchase's own address (docs/fulfilment.md), /acceso/<token>/reembolso/<code>:
 * its GET shows what comes back and one button, and moves nothing (mail scanners open links); the button's POST, from
 * that page, refunds. The code holds an hour, and only for the start it was made for (server/fulfilment/pages/accessToken.ts);
 * a link used already finds the purchase refunded at its buyer's request and says so, whichever instance it reaches
 * and however often: the refund itself is made once at Stripe (server/fulfilment/settle/refundOnce.ts). The answer
 * comes once the refund is decided, and never waits for its writes to Stripe, each in its lane's turn: they follow.
 */
export function refundLink({ accessSecret, publicUrl, lookup, refund, edition, render, clock, metrics }: RefundLinkOptions): {
  page: RequestHandler;
  confirm: RequestHandler[];
} {
  const send = (res: Response, status: number, view: AccessView): void =>
    sendPrivatePage(res, status, render(view, new Date(clock()).getUTCFullYear()), view.state === 'unavailable', view.state === 'link_confirm');
  const backUrl = (req: Request): string => fillPath(ROUTES.access.path, { token: String(req.params.token) });
  const sessionOf = (req: Request): string | null => (typeof req.params.token === 'string' ? sessionOfToken(accessSecret, req.params.token) : null);
  const notFound = (res: Response): void => {
    metrics?.accessVisit('forged', 'none');
    send(res, 404, { state: 'not_found' });
  };

  /**
   * The purchase a request's link stands for, while its refund is open; otherwise the request is answered here. Before
   * any read: a link not made by this site, past its hour or for another start, and a refund no purchase may have now.
   */
  const openPurchase = async (req: Request, res: Response): Promise<Purchase | null> => {
    const sessionId = sessionOf(req);
    const code = readRefundLinkCode(accessSecret, sessionId ?? '', edition(clock()).startMs, String(req.params.code), clock());
    if (!sessionId || code === 'malformed') {
      notFound(res);
      return null;
    }
    if (code === 'spent') {
      metrics?.accessVisit('refund_link_spent', 'none');
      send(res, 410, { state: 'link_spent', backUrl: backUrl(req) });
      return null;
    }
    if (edition(clock()).cancelled || clock() >= edition(clock()).startMs) {
      metrics?.accessVisit('refund_closed', 'none');
      send(res, 403, { state: 'refund_closed', backUrl: backUrl(req) });
      return null;
    }
    const { looked, source, purchase } = await lookup(sessionId);
    if (typeof looked === 'string') {
      metrics?.accessVisit(looked, source);
      send(res, 503, { state: 'unavailable' });
    } else if (looked.kind === 'withdrawn') {
      // Used already, here or on another instance: the refund is done, or on its way.
      metrics?.accessVisit('withdrawn', source);
      send(res, 200, { state: 'withdrawn', firstName: looked.firstName, money: looked.money });
    } else if (looked.kind !== 'paid' || !looked.access.refundOffer || !purchase) {
      metrics?.accessVisit('refund_closed', source);
      send(res, 403, { state: 'refund_closed', backUrl: backUrl(req) });
    } else {
      metrics?.accessVisit(req.method === 'POST' ? 'refund_asked' : 'refund_link', source);
      return purchase;
    }
    return null;
  };

  return {
    page: async (req, res) => {
      const purchase = await openPurchase(req, res);
      if (!purchase) return;
      const { paid, bonus } = moneyBackOf(purchase, 'date_change');
      send(res, 200, {
        state: 'link_confirm',
        paid: paid ?? '',
        bonus,
        cash: purchase.paidInCash,
        formAction: fillPath(ROUTES.accessRefundLink.path, { token: String(req.params.token), code: String(req.params.code) }),
        backUrl: backUrl(req),
      });
    },
    confirm: [
      buyerForm({ publicUrl, signed: (req) => sessionOf(req) !== null, notFound, refused: () => metrics?.accessVisit('refund_refused', 'none') }),
      async (req, res) => {
        const purchase = await openPurchase(req, res);
        if (!purchase) return;
        refund(purchase);
        const { paid, bonus } = moneyBackOf(purchase, 'date_change');
        send(res, 200, { state: 'started', firstName: purchase.firstName, paid: paid ?? '', bonus, cash: purchase.paidInCash });
      },
    ],
  };
}
