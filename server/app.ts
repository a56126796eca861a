import express, { type ErrorRequestHandler, type Express, type RequestHandler, type Response } from 'express';
import type { PageAssets } from '../shared/buildManifest';
import { ASSETS_PREFIX, LEGAL_PAGES, ROUTES, routeList } from '../shared/routes';
import type { SiteConfig } from './config/settings';
import { robotsTxt, sitemapXml } from './render/crawlerFiles';
import { encodeBody, sendEncoded, type EncodedBody } from './http/encodedBody';
import { createLogger, type Logger } from './ops/logger';
import type { Metrics } from './ops/metrics';
import type { PageBodies } from './render/bodies';
import { publicFolder } from './http/publicFolder';
import { loggablePath, requestLog } from './ops/requestLog';
import { securityHeaders } from './http/security';
import { watchStripeDeliveries } from './http/stripeDeliveries';
import { htmlCacheControl } from './render/snapshot';
import type { SpotsFeed } from './spots/poller';
import type { FulfilmentRoutes } from './fulfilment/fulfilmentRoutes';
import type { PanelRoutes } from './panel/panelRoutes';

export interface AppOptions {
  config: SiteConfig;
  /** The build's inline stylesheets and entry: the Content-Security-Policy allows exactly these. */
  assets: PageAssets;
  /** Every page's body, per snapshot (server/render/bodies.ts). */
  bodies: PageBodies;
  /** The build's public folder: hashed assets under /assets, plain files at the root. */
  publicDir: string;
  logger?: Logger;
  /** Prometheus counters; none when METRICS_PORT is unset. */
  metrics?: Metrics;
  /** True once the process is shutting down: /healthz then tells balancers to stop sending traffic. */
  draining?: () => boolean;
  /** Where the Early Bird's spots are counted: the instance is ready once the first read has answered or failed. */
  spots?: SpotsFeed;
  /** After the checkout (server/fulfilment/fulfilmentRoutes.ts); none without its settings. */
  fulfilment?: FulfilmentRoutes;
  /** The seller's page (server/panel/panelRoutes.ts); none without PANEL_SECRET. */
  panel?: PanelRoutes;
}

const PAGE_PATHS = routeList.filter((route) => route.kind === 'page').map((route) => route.path);
const PRIVATE_PATHS = routeList.filter((route) => route.kind === 'private').map((route) => route.path);
const PAGE_METHODS = 'GET, HEAD';
/** The panel's paths that take a POST alone (its forms' own): a GET of one leads back to the panel. */
const PANEL_POSTS = [
  ROUTES.panelLink.path,
  ROUTES.panelSignOut.path,
  ROUTES.panelResend.path,
  ROUTES.panelDate.path,
  ROUTES.panelClose.path,
  ROUTES.panelCancel.path,
  ROUTES.panelRecording.path,
  ROUTES.panelEdition.path,
  ROUTES.panelUndo.path,
];
const FIXED_FILE_CACHE = 'public, max-age=3600';
/** How soon a visitor who meets the outage page is told to try again, in seconds. */
const OUTAGE_RETRY_AFTER = 30;
const NOT_FOUND_SHARED_MAX_AGE = 60;

function sendHtml(req: express.Request, res: Response, status: number, cacheControl: string, body: EncodedBody): void {
  res.status(status).type('html').set('Cache-Control', cacheControl);
  sendEncoded(req, res, body);
}

/** A small file that changes only with the configuration, served from memory in every encoding. */
const fixedFile =
  (type: string, body: Promise<EncodedBody>): RequestHandler =>
  async (req, res) => {
    res.type(type).set('Cache-Control', FIXED_FILE_CACHE);
    sendEncoded(req, res, await body);
  };

/** Builds the app without listening: the request's path reads top to bottom. */
export function createApp({
  config,
  assets,
  bodies,
  publicDir,
  logger = createLogger(),
  metrics,
  draining = () => false,
  spots,
  fulfilment,
  panel,
}: AppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  // Our own per-encoding ETags are set where bodies are prepared.
  app.set('etag', false);

  if (metrics) app.use(metrics.middleware);
  app.use(requestLog(logger));
  app.use(
    securityHeaders({
      upgradeInsecureRequests: config.upgradeInsecureRequests,
      // The public pages' own: the panel's stylesheet is allowed on its pages alone (server/panel/panelPages.tsx).
      styleHashes: [assets.inlineStyles.landing.hash, assets.inlineStyles.simple.hash],
      scriptHashes: [assets.entryScript.hash],
    }),
  );

  // For the container's HEALTHCHECK and load balancers: cheap, and never cached on the way. Where the spots are
  // counted, an instance is ready once its first read has answered or failed, never while it is on the way.
  app.get(ROUTES.health.path, (_req, res) => {
    res.set('Cache-Control', 'no-store');
    if (draining()) res.status(503).json({ status: 'draining' });
    else if (spots && !spots.ready()) res.status(503).json({ status: 'starting' });
    else res.json({ status: 'ok' });
  });
  // For a liveness probe: an answer at all says the process is not stuck. Never 503 while starting or draining,
  // or a slow first read of the checkout, or a shutdown, would get the process restarted.
  app.get(ROUTES.liveness.path, (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'alive' });
  });

  // The pages: each snapshot rendered and compressed once, then served from memory.
  app.get(ROUTES.landing.path, async (req, res) => {
    const { body, cacheControl } = await bodies.landing();
    sendHtml(req, res, 200, cacheControl, body);
  });
  app.get(ROUTES.prompt.path, async (req, res) => {
    const { body, cacheControl } = await bodies.prompt();
    sendHtml(req, res, 200, cacheControl, body);
  });
  for (const page of LEGAL_PAGES) {
    app.get(ROUTES[page].path, async (req, res) => {
      const { body, cacheControl } = await bodies.legal(page);
      sendHtml(req, res, 200, cacheControl, body);
    });
  }
  app.all(PAGE_PATHS, (_req, res) => {
    res.status(405).set('Allow', PAGE_METHODS).type('text').send('Method Not Allowed');
  });

  // After the checkout (docs/fulfilment.md): the buyer's page and personal link, their invites, and Stripe's webhook.
  // Without the settings none of them exists, and the owner writes to buyers by hand.
  if (fulfilment) {
    app.get(ROUTES.thanks.path, fulfilment.page);
    app.get(ROUTES.thanksCalendar.path, fulfilment.calendar);
    app.get(ROUTES.access.path, fulfilment.access);
    app.get(ROUTES.accessCalendar.path, fulfilment.accessCalendar);
    app.get(ROUTES.accessRefund.path, fulfilment.refundPage);
    app.post(ROUTES.accessRefund.path, ...fulfilment.refundRequest);
    app.get(ROUTES.accessRefundLink.path, fulfilment.refundLinkPage);
    app.post(ROUTES.accessRefundLink.path, ...fulfilment.refundConfirm);
    app.all(PRIVATE_PATHS, (_req, res) => {
      res.status(405).set('Allow', PAGE_METHODS).type('text').send('Method Not Allowed');
    });
    app.all([ROUTES.accessRefund.path, ROUTES.accessRefundLink.path], (_req, res) => {
      res.status(405).set('Allow', `${PAGE_METHODS}, POST`).type('text').send('Method Not Allowed');
    });
    app.post(ROUTES.stripeWebhook.path, watchStripeDeliveries(config.trustedProxies, logger), ...fulfilment.webhook);
    app.all(ROUTES.stripeWebhook.path, (_req, res) => {
      res.status(405).set('Allow', 'POST').type('text').send('Method Not Allowed');
    });
  }

  // The seller's page (docs/operations.md): her sign-in by a mailed link, her sale, a buyer's confirmation again, and
  // her changes (each previewed, confirmed by a mailed code, undoable for a while). Without PANEL_SECRET there is none,
  // and every path under /panel is the 404 any unknown path gets.
  if (panel) {
    app.get(ROUTES.panel.path, panel.page);
    app.post(ROUTES.panelLink.path, ...panel.requestLink);
    app.get(ROUTES.panelSignIn.path, panel.linkPage);
    app.post(ROUTES.panelSignIn.path, ...panel.signIn);
    app.post(ROUTES.panelSignOut.path, ...panel.signOut);
    app.post(ROUTES.panelResend.path, ...panel.resend);
    app.post(ROUTES.panelDate.path, ...panel.changes.date);
    app.post(ROUTES.panelClose.path, ...panel.changes.close);
    app.post(ROUTES.panelCancel.path, ...panel.changes.cancel);
    app.post(ROUTES.panelRecording.path, ...panel.changes.recording);
    app.post(ROUTES.panelEdition.path, ...panel.changes.edition);
    app.post(ROUTES.panelUndo.path, ...panel.undo);
    app.get(PANEL_POSTS, panel.toPanel);
    app.all(ROUTES.panel.path, (_req, res) => {
      res.status(405).set('Allow', PAGE_METHODS).type('text').send('Method Not Allowed');
    });
    app.all([ROUTES.panelSignIn.path, ...PANEL_POSTS], (_req, res) => {
      res.status(405).set('Allow', `${PAGE_METHODS}, POST`).type('text').send('Method Not Allowed');
    });
  }

  // The page the cache keeps for when no instance answers (docs/decisions/0001-outage-page.md). A 503 that no
  // browser or shared cache stores, whoever asks: the VCL alone keeps it, on purpose, and never as a 200.
  app.get(ROUTES.outage.path, async (req, res) => {
    res.set('Retry-After', String(OUTAGE_RETRY_AFTER));
    sendHtml(req, res, 503, 'no-store', await bodies.outage);
  });

  // Files that change only with the configuration: built once, at start.
  app.get(ROUTES.robots.path, fixedFile('text/plain', encodeBody(robotsTxt(config.publicUrl))));
  app.get(ROUTES.sitemap.path, fixedFile('application/xml', encodeBody(sitemapXml(config.publicUrl))));
  // The edition's event: kept like the pages, no longer than a change of the sale takes to show.
  app.get(ROUTES.calendarFile.path, async (req, res) => {
    const { body, cacheControl } = await bodies.calendarFile();
    res.type('text/calendar; charset=utf-8').set('Cache-Control', cacheControl);
    res.attachment(ROUTES.calendarFile.path.slice(1));
    sendEncoded(req, res, body);
  });

  // The build's files: scripts, images, icons.
  app.use(publicFolder(publicDir));

  // A missing hashed file may be the next release's or the one before's (docs/decisions/0010-previous-release-chunks.md): its
  // 404 is stored by no cache, so that the instance that has it answers next time. Any other 404 is shared a minute.
  app.use(async (req, res) => {
    logger.warn({ event: 'not_found', method: req.method, path: loggablePath(req.originalUrl) }, 'page not found');
    const cacheControl = req.path.startsWith(ASSETS_PREFIX) ? 'no-store' : htmlCacheControl({ sharedMaxAge: NOT_FOUND_SHARED_MAX_AGE });
    sendHtml(req, res, 404, cacheControl, await bodies.notFound);
  });

  const onError: ErrorRequestHandler = (error: unknown, req, res, _next) => {
    const status = httpStatusOf(error);
    if (status < 500) {
      // A client's mistake (a malformed request, say): a plain answer, nothing logged as a fault.
      res
        .status(status)
        .type('text')
        .send(status === 400 ? 'Bad Request' : 'Request Error');
      return;
    }
    logger.error({ event: 'render_error', err: error, path: loggablePath(req.originalUrl) }, 'request failed');
    if (res.headersSent) return void res.end();
    try {
      res.status(500).type('html').set('Cache-Control', 'no-store').send(bodies.serverErrorHtml());
    } catch {
      res.status(500).type('text').send('Unexpected Application Error!');
    }
  };
  app.use(onError);

  return app;
}

function httpStatusOf(error: unknown): number {
  if (typeof error === 'object' && error !== null) {
    const { status, statusCode } = error as { status?: unknown; statusCode?: unknown };
    const value = typeof status === 'number' ? status : statusCode;
    if (typeof value === 'number' && value >= 400 && value < 600) return value;
  }
  return 500;
}
