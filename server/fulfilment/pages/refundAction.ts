import type { Request, RequestHandler, Response } from 'express';
import type { AccessView } from '../../../shared/components/AccessPage';
import { workshop } from '../../../shared/content/siteFacts';
import { refundByMail } from '../../../shared/content/salePromises';
import { dateTimeLabel } from '../../../shared/logic/schedule';
import { fillPath, ROUTES } from '../../../shared/routes';
import type { Clock } from '../../ops/clock';
import { isRefundProof, refundLinkCode, refundProof, sessionOfToken } from './accessToken';
import { buyerForm } from './buyerForm';
import { privateHeaders, sendPrivatePage } from './privatePage';
import type { RefundMailLimit } from './refundMailLimit';
import type { SessionLookup } from './sessionLookup';
import type { Purchase } from '../records/purchase';
import type { EditionTerms } from '../records/purchaseJourney';
import type { FulfilmentMetrics } from '../reports/fulfilmentMetrics';
import type { LookupSource } from '../reports/fulfilmentOutcomes';

export interface RefundStepOptions {
  accessSecret: string;
  /** The site's own origin: a POST that says it comes from another site is refused; the mailed link is on it. */
  publicUrl: string;
  /**
   * What the refund's pages know of a purchase: this instance's memory (the sweep's listing, the events, the pages), or
   * one read within the refund's own budget of reads, never the personal links' (server/fulfilment/fulfilmentRoutes.ts).
   */
  lookup: SessionLookup;
  /** How often one purchase's link may be mailed. */
  mailLimit: RefundMailLimit;
  /** Mails the confirmation link to the purchase's own address (server/fulfilment/mail/refundLinkMessage.tsx): rejects when it did not go. */
  mailLink: (purchase: Purchase, link: { url: string; untilMs: number }) => Promise<void>;
  /** The edition in force at an instant. */
  edition: (nowMs: number) => EditionTerms;
  render: (view: AccessView, year: number) => string;
  clock: Clock;
  metrics?: FulfilmentMetrics;
}

/** "c•••@correo.example.org": enough for its buyer to know which mailbox, little for anyone else. */
const partlyHidden = (email: string): string => `${email.slice(0, 1)}•••${email.slice(email.lastIndexOf('@'))}`;

/** An instant in words, with its zone. */
const inWords = (ms: number): string => `${dateTimeLabel(ms)} ${workshop.zoneLabel}`;

/**
 * The refund a new date entitles a buyer to, asked for on their personal link (docs/fulfilment.md): the link's button
 * leads to GET /acceso/<token>/reembolso, a step that says what comes back and how it is confirmed, and holds a form;
 * its POST, from that page alone (its proof, a signature of the purchase and the new start, and where the browser says
 * so, this site's origin), mails the purchase's own address a link that confirms the refund
 * (server/fulfilment/pages/refundLink.ts). The personal link alone never moves money. Before any read at Stripe a POST
 * is refused that is not the page's, or once no refund can be open (the new start has come, the edition was cancelled),
 * or once the purchase had its mails this hour; a purchase the instance knows costs no read at all. A purchase already
 * refunded at its buyer's request goes back to the personal link, which says so.
 */
export function refundStep({ accessSecret, publicUrl, lookup, mailLimit, mailLink, edition, render, clock, metrics }: RefundStepOptions): {
  page: RequestHandler;
  request: RequestHandler[];
} {
  const send = (res: Response, status: number, view: AccessView): void =>
    sendPrivatePage(res, status, render(view, new Date(clock()).getUTCFullYear()), view.state === 'unavailable', view.state === 'confirm');
  const backUrl = (req: Request): string => fillPath(ROUTES.access.path, { token: String(req.params.token) });
  const backToLink = (req: Request, res: Response): void => {
    privateHeaders(res);
    res.redirect(303, backUrl(req));
  };
  const sessionOf = (req: Request): string | null => (typeof req.params.token === 'string' ? sessionOfToken(accessSecret, req.params.token) : null);
  const notFound = (res: Response): void => {
    metrics?.accessVisit('forged', 'none');
    send(res, 404, { state: 'not_found' });
  };
  /** Enough links went to this purchase this hour: the last of them still holds, so none goes now. */
  const limited = (req: Request, res: Response, source: LookupSource): void => {
    metrics?.accessVisit('refund_mail_limited', source);
    res.set('Retry-After', String(refundByMail.linkMs / 1000));
    send(res, 429, { state: 'mail_limited', backUrl: backUrl(req) });
  };
  /** No purchase's refund is open once the new start has come or the edition was cancelled: known without asking. */
  const closedForAll = (): boolean => edition(clock()).cancelled || clock() >= edition(clock()).startMs;

  return {
    page: async (req, res) => {
      const sessionId = sessionOf(req);
      if (!sessionId) return notFound(res);
      if (closedForAll()) {
        metrics?.accessVisit('refund_closed', 'none');
        return send(res, 403, { state: 'refund_closed', backUrl: backUrl(req) });
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
      const offer = looked.kind === 'paid' ? looked.access.refundOffer : null;
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
        proof: refundProof(accessSecret, sessionId, edition(clock()).startMs),
        backUrl: backUrl(req),
      });
    },
    request: [
      buyerForm({ publicUrl, signed: (req) => sessionOf(req) !== null, notFound, refused: () => metrics?.accessVisit('refund_refused', 'none') }),
      async (req, res) => {
        const sessionId = sessionOf(req) ?? '';
        const proof: unknown = (req.body as Record<string, unknown> | undefined)?.confirmacion;
        // A purchase's refund is open only while its edition is the one in force: its start is the edition's.
        if (!isRefundProof(accessSecret, sessionId, edition(clock()).startMs, proof)) {
          metrics?.accessVisit('refund_refused', 'none');
          return send(res, 403, { state: 'refund_closed', backUrl: backUrl(req) });
        }
        if (closedForAll()) {
          metrics?.accessVisit('refund_closed', 'none');
          return send(res, 403, { state: 'refund_closed', backUrl: backUrl(req) });
        }
        if (mailLimit.spent(sessionId, clock())) return limited(req, res, 'none');
        const { looked, source, purchase } = await lookup(sessionId);
        if (typeof looked === 'string') {
          metrics?.accessVisit(looked, source);
          return send(res, 503, { state: 'unavailable' });
        }
        if (looked.kind === 'withdrawn') {
          metrics?.accessVisit('withdrawn', source);
          return backToLink(req, res);
        }
        if (looked.kind !== 'paid' || !looked.access.refundOffer || !purchase) {
          metrics?.accessVisit('refund_closed', source);
          return send(res, 403, { state: 'refund_closed', backUrl: backUrl(req) });
        }
        const now = clock();
        if (!mailLimit.take(sessionId, now)) return limited(req, res, source);
        const untilMs = now + refundByMail.linkMs;
        const code = refundLinkCode(accessSecret, sessionId, edition(clock()).startMs, untilMs);
        const url = `${publicUrl}${fillPath(ROUTES.accessRefundLink.path, { token: String(req.params.token), code })}`;
        try {
          await mailLink(purchase, { url, untilMs });
        } catch {
          mailLimit.giveBack(sessionId, now);
          metrics?.accessVisit('unavailable', source);
          return send(res, 503, { state: 'unavailable' });
        }
        metrics?.accessVisit('refund_mailed', source);
        send(res, 200, { state: 'mail_sent', to: partlyHidden(purchase.email), untilLabel: inWords(untilMs), backUrl: backUrl(req) });
      },
    ],
  };
}
