import { allIn } from '../stripe/pace';
import { randomBytes } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { DateTime } from 'luxon';
import type { PageAssets } from '../../shared/buildManifest';
import type { UnderWayView } from '../../shared/components/panel/ChangeCards';
import type { Notice } from '../../shared/components/panel/PanelPage';
import { panel, panelChanges } from '../../shared/content/panelWords';
import { workshop } from '../../shared/content/siteFacts';
import { saleState, stillSelling } from '../../shared/logic/sale';
import { dateTimeLabel, WORKSHOP_ZONE } from '../../shared/logic/schedule';
import { ROUTES } from '../../shared/routes';
import type { PanelSettings, SiteConfig } from '../config/settings';
import type { Clock } from '../ops/clock';
import type { Logger } from '../ops/logger';
import type { SpotsFeed } from '../spots/poller';
import { checkoutApi } from '../stripe/checkoutApi';
import type { StripeBoundary } from '../stripe/stripeBoundary';
import type { FulfilmentRoutes } from '../fulfilment/fulfilmentRoutes';
import type { SaleChanges } from '../changes/saleChanges';
import type { LiveSale } from '../sale/liveSale';
import { type Change, summaryOf } from '../sale/saleChange';
import type { SettingName } from '../sale/saleSettings';
import { createMorning, type Morning } from './morningMail';
import { stripeClaims } from './onceAtStripe';
import { ownerMails } from './ownerMail';
import { panelGuard, type PanelSession } from './panelGuard';
import { panelHeaders, panelPages } from './panelPages';
import { createResend, type ResendOutcome } from './resend';
import { CHANGE_NOTICES, changeForms } from './changeForms';
import { saleSummary } from './saleSummary';
import { LINK_SENT_NOTICE, signInRoutes } from './signIn';

/** Each call to Stripe the panel makes ends within this: she is waiting on the page. */
const STRIPE_DEADLINE_MS = 4_000;
/** The longest search the page takes. */
const QUERY_CHARS = 100;

export interface PanelRoutes {
  /** GET /panel */
  page: RequestHandler;
  /** POST /panel/enlace */
  requestLink: RequestHandler[];
  /** GET /panel/entrar?enlace=… */
  linkPage: RequestHandler;
  /** POST /panel/entrar */
  signIn: RequestHandler[];
  /** POST /panel/salir */
  signOut: RequestHandler[];
  /** POST /panel/reenviar */
  resend: RequestHandler[];
  /** POST /panel/fecha, /panel/cerrar, /panel/cancelar, /panel/grabacion, /panel/edicion: a preview, or with its code the change. */
  changes: Record<Change['kind'], RequestHandler[]>;
  /** POST /panel/deshacer */
  undo: RequestHandler[];
  /** The POST-only paths, asked for with GET (a reload after a redirect, a bookmark): back to the panel. */
  toPanel: RequestHandler;
  /** The morning mail: run by its timer, or by a test. */
  morning: Morning;
}

export interface PanelOptions {
  settings: PanelSettings;
  config: Pick<SiteConfig, 'publicUrl' | 'spots' | 'upgradeInsecureRequests' | 'fulfilment' | 'changeDelaySeconds'>;
  assets: PageAssets;
  fulfilment: FulfilmentRoutes;
  /** The sale's settings in force (server/sale/liveSale.ts), and the one way to change them. */
  live: LiveSale;
  changes: SaleChanges;
  /** The instance's one way to Stripe: the panel's calls are a view of it, in the lanes of everyone's writes and reads. */
  stripe: StripeBoundary;
  /** Each link's places as its poller last read them. */
  spots: { early_bird?: SpotsFeed; normal?: SpotsFeed };
  clock: Clock;
  logger: Logger;
}

/** The changes made before, shown at once. */
const HISTORY_SHOWN = 6;
/** A change done stays on the page this long, saying so. */
const DONE_SHOWN_MS = 24 * 3_600_000;

/** An instant as the panel writes it: "jueves 4 de marzo de 2027, 11:59 p. m. (Ciudad de México)". */
const when = (ms: number): string => `${dateTimeLabel(ms)} ${workshop.zoneShortLabel}`;

/** Her address, half hidden, for a page anyone may open: "h•••@mi-marca.mx". */
const maskedEmail = (email: string): string => `${email.slice(0, 1)}•••${email.slice(email.lastIndexOf('@'))}`;

const RESEND_NOTICES: Record<ResendOutcome, (name: string) => Notice> = {
  sent: (name) => ({ tone: 'ok', text: panel.resend.done(name) }),
  already: () => ({ tone: 'warn', text: panel.resend.already }),
  no_access: () => ({ tone: 'warn', text: panel.resend.noAccess }),
  not_found: () => ({ tone: 'warn', text: panel.resend.notFound }),
  unavailable: () => ({ tone: 'warn', text: panel.unavailable.text }),
  mail_failed: () => ({ tone: 'warn', text: panel.resend.mailFailed }),
};
const isResendOutcome = (value: unknown): value is ResendOutcome => typeof value === 'string' && Object.hasOwn(RESEND_NOTICES, value);

/**
 * The seller's page (docs/operations.md, docs/security.md): sign-in by a mailed link, her sale as Stripe and the last
 * sweep say, a buyer's confirmation sent again, and her morning mail. Every page is `no-store` and `noindex`; every
 * POST comes from the panel's own forms (its `Origin`, its CSRF token) and, past the sign-in, within her session.
 */
export function panelRoutes({ settings, config, assets, fulfilment, live, changes, stripe, spots, clock, logger }: PanelOptions): PanelRoutes {
  const secret = settings.secret();
  const { publicUrl } = config;
  // The claims go on the environment's Early Bird link, the one every instance reads and keeps whatever the edition.
  const paymentLink = config.spots?.paymentLink ?? '';
  const rolesNow = (nowMs: number) => live.current(nowMs).links.map((link) => link.role);
  const checkout = checkoutApi(stripe.view({ deadlineMs: STRIPE_DEADLINE_MS, lanes: allIn('owner') }));
  const claims = stripeClaims(checkout, paymentLink);
  const mailFrom = config.fulfilment?.mailFrom.address ?? settings.ownerEmail;
  const mails = ownerMails({ mailer: fulfilment.forPanel.mailer, ownerEmail: settings.ownerEmail, mailDomain: mailFrom.slice(mailFrom.lastIndexOf('@') + 1) });
  const guard = panelGuard({ secret, publicUrl, secure: settings.secureCookie, clock });
  const pages = panelPages({ assets, publicUrl, upgradeInsecureRequests: config.upgradeInsecureRequests });
  const ownerHint = maskedEmail(settings.ownerEmail);
  const spotsNow = () => ({ early_bird: spots.early_bird?.current() ?? null, normal: spots.normal?.current() ?? null });
  const resend = createResend({
    checkout,
    roles: () => fulfilment.forPanel.roles(clock()),
    confirmation: fulfilment.forPanel.confirmation,
    mailer: fulfilment.forPanel.mailer,
    clock,
    logger,
  });
  const refuse = (_req: Request, res: Response): void => {
    logger.warn({ event: 'panel_refused', reason: 'origin' }, 'a panel form came from elsewhere: nothing done');
    pages.send(res, 403, { state: 'refused' });
  };
  /** Her session and a form from its own page, or the answer that nothing was done: signed out, or refused. */
  const signedForm = (req: Request, res: Response): PanelSession | null => {
    const session = guard.sessionOf(req);
    if (!session) {
      pages.send(res, 403, { state: 'signed_out', csrf: guard.csrfFor(guard.visitorOf(req, res)), ownerHint });
      return null;
    }
    if (guard.tokenOk(req, session.signInId)) return session;
    logger.warn({ event: 'panel_refused', reason: 'csrf' }, 'a panel form without its token: nothing done');
    pages.send(res, 403, { state: 'refused' });
    return null;
  };
  const listingNow = () => fulfilment.sweep.lastListing();
  /** The latest change while it waits or is carried out, until it is done and a day has passed. */
  const underWayOf = (nowMs: number): UnderWayView | null => {
    const latest = live.latest();
    const progress = changes.progress(nowMs);
    if (!latest || !progress || (progress.done && nowMs - latest.takesEffectAtMs > DONE_SHOWN_MS)) return null;
    return {
      id: progress.id,
      summary: summaryOf(latest.change),
      pending: progress.pending,
      takesEffectLabel: when(progress.takesEffectAtMs),
      mails: progress.mails,
      refunds: progress.refunds,
      done: progress.done,
    };
  };
  const noticeOf = (req: Request): Notice | null => {
    const { aviso, compra } = req.query;
    const latest = live.latest();
    if (aviso === CHANGE_NOTICES.scheduled && latest) return { tone: 'ok', text: panelChanges.notices.scheduled(when(latest.takesEffectAtMs)) };
    if (aviso === CHANGE_NOTICES.undone) return { tone: 'ok', text: panelChanges.notices.undone };
    if (!isResendOutcome(aviso)) return null;
    const entry = listingNow()?.entries.find(({ purchase }) => purchase.sessionId === compra);
    return RESEND_NOTICES[aviso](entry?.session.customer_details?.name?.trim() || entry?.purchase.email || '');
  };

  return {
    page(req, res) {
      const session = guard.sessionOf(req);
      if (!session) {
        const csrf = guard.csrfFor(guard.visitorOf(req, res));
        return pages.send(res, 200, { state: req.query.aviso === LINK_SENT_NOTICE ? 'link_sent' : 'signed_out', csrf, ownerHint });
      }
      const searched = typeof req.query.buscar === 'string' ? req.query.buscar.trim().slice(0, QUERY_CHARS) : '';
      const nowMs = clock();
      const inForce = live.current(nowMs);
      const origins = live.origins(nowMs);
      const summary = saleSummary({
        nowMs,
        sale: inForce.sale,
        edition: inForce.edition,
        roles: rolesNow(nowMs),
        spots: spotsNow(),
        listing: listingNow(),
        lastSweep: fulfilment.sweep.lastReport(),
        due: fulfilment.forPanel.due,
        query: searched === '' ? null : searched,
        press: randomBytes(9).toString('base64url'),
        origins: (Object.keys(origins) as SettingName[]).map((setting) => ({ setting, from: origins[setting] })),
      });
      pages.send(res, 200, {
        state: 'home',
        csrf: guard.csrfFor(session.signInId),
        sessionUntilLabel: when(session.endsMs),
        notice: noticeOf(req),
        ...summary,
        underWay: underWayOf(nowMs),
        forms: {
          startValue: DateTime.fromMillis(inForce.sale.workshopStartMs, { zone: WORKSHOP_ZONE }).toFormat("yyyy-LL-dd'T'HH:mm"),
          recordingUrl: inForce.recordingUrl,
        },
        history: live
          .history()
          .slice(0, HISTORY_SHOWN)
          .map((line) => ({
            id: line.id,
            atLabel: when(line.atMs),
            summary: line.summary,
            by: line.by === 'entorno' ? 'entorno' : 'panel',
            undone: line.outcome === 'deshecho',
          })),
      });
    },
    ...signInRoutes({ secret, publicUrl, guard, pages, claims, mails, clock, logger }),
    resend: [
      ...guard.form(refuse),
      async (req, res) => {
        if (!signedForm(req, res)) return;
        const { compra, pulsacion } = req.body as Record<string, unknown>;
        const sessionId = typeof compra === 'string' ? compra : '';
        const { outcome } = await resend(sessionId, typeof pulsacion === 'string' ? pulsacion : '');
        res.redirect(303, `${ROUTES.panel.path}?${new URLSearchParams({ aviso: outcome, compra: sessionId })}`);
      },
    ],
    ...(() => {
      const made = changeForms({
        secret,
        guard,
        pages,
        changes,
        claims,
        mails,
        ownerHint,
        delayMs: config.changeDelaySeconds * 1000,
        signedForm,
        refuse,
        clock,
        logger,
      });
      return { changes: made.forms, undo: made.undo };
    })(),
    toPanel(_req, res) {
      panelHeaders(res);
      res.redirect(303, ROUTES.panel.path);
    },
    morning: createMorning({
      claims,
      mails,
      listing: listingNow,
      places: () => {
        const nowMs = clock();
        const spots = spotsNow();
        const selling = stillSelling(saleState(nowMs, live.current(nowMs).sale, spots.early_bird, spots.normal));
        return rolesNow(nowMs).map((role) => ({ role, spots: spots[role], selling }));
      },
      publicUrl,
      clock,
      logger,
    }),
  };
}
