import express, { type ErrorRequestHandler, type Express, type RequestHandler, type Response } from 'express';
import type { PageAssets } from '../shared/components/Document';
import type { SaleState } from '../shared/logic/sale';
import type { SiteConfig } from './config';
import { BROTLI_BEST, BROTLI_PER_SECOND, encodeBody, sendEncoded, type EncodedBody } from './encodedBody';
import { createLogger, type Logger } from './logger';
import type { Metrics, PageName } from './metrics';
import { createPages, ICS_PATH, OUTAGE_PATH } from './pages';
import { recentKeysMemo } from './recentKeysMemo';
import { renderAhead as startRenderAhead } from './renderAhead';
import { loggablePath, requestLog } from './requestLog';
import { securityHeaders } from './security';
import { robotsTxt, sitemapXml } from './siteFiles';
import type { SpotsFeed } from './spots/poller';
import { htmlCacheControl, type LandingSnapshot, landingSnapshot, yearSnapshot } from './snapshot';
import { staticFiles } from './staticFiles';

export type Clock = () => number;

export interface AppOptions {
  config: SiteConfig;
  assets: PageAssets;
  /** The build's public folder: hashed assets under /assets, plain files at the root. */
  publicDir: string;
  /** Epoch milliseconds; tests pass a fixed or scripted clock. */
  clock?: Clock;
  logger?: Logger;
  /** Prometheus counters; none when METRICS_PORT is unset. */
  metrics?: Metrics;
  /** True once the process is shutting down: /healthz then tells balancers to stop sending traffic. */
  draining?: () => boolean;
  /** Prepares each second's landing page before it begins (server/renderAhead.ts), until the signal aborts, and the prompt page at once; off when absent. */
  renderAhead?: { signal?: AbortSignal };
  /** The Early Bird's spots as the checkout last reported them; absent when they are not counted. */
  spots?: SpotsFeed;
}

const PAGE_PATHS = ['/', '/prompt1'];
const PAGE_METHODS = 'GET, HEAD';

function sendHtml(req: express.Request, res: Response, status: number, cacheControl: string, body: EncodedBody): void {
  res.status(status).type('html').set('Cache-Control', cacheControl);
  sendEncoded(req, res, body);
}

const FIXED_FILE_CACHE = 'public, max-age=3600';
/** How soon a visitor who meets the outage page is told to try again, in seconds. */
const OUTAGE_RETRY_AFTER = 30;
const NOT_FOUND_SHARED_MAX_AGE = 60;

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
  publicDir,
  clock = Date.now,
  logger = createLogger(),
  metrics,
  draining = () => false,
  renderAhead,
  spots,
}: AppOptions): Express {
  const pages = createPages(config, assets);
  const spotsNow = () => spots?.current() ?? null;
  /** A page's bodies for its most recent snapshot keys, each rendered once. */
  const pageBodies = (page: PageName, slots = 1) => {
    const memo = recentKeysMemo<Promise<EncodedBody>>(slots);
    /** Every render is counted, whoever asked for it. */
    const counted = (key: string, state: SaleState | 'none', render: () => Promise<EncodedBody>) => {
      const made = memo(key, render);
      if (made.made) metrics?.pageRendered(page, state);
      return made;
    };
    return {
      /** For a request: a render, or a body already in memory. */
      serve(key: string, state: SaleState | 'none', render: () => Promise<EncodedBody>): Promise<EncodedBody> {
        const { value, made } = counted(key, state, render);
        if (!made) metrics?.pageFromMemory(page, state);
        return value;
      },
      /** Before any request asks for it; a failure is logged here, and the request that asks for it answers it. */
      prepare(key: string, state: SaleState | 'none', path: string, render: () => Promise<EncodedBody>): void {
        counted(key, state, render).value.catch((error: unknown) => {
          logger.error({ event: 'render_error', err: error, path }, 'rendering ahead failed');
        });
      },
    };
  };
  // Two slots: the current second's landing page, and the next one's, rendered ahead.
  const landing = pageBodies('landing', 2);
  // Async, so that a fault while rendering rejects the body's promise rather than throwing out of a timer.
  const renderLanding = (snapshot: LandingSnapshot) => async () => {
    // A body that lives one second (before the start) is compressed a little faster than the best.
    const quality = snapshot.state === 'closed' ? BROTLI_BEST : BROTLI_PER_SECOND;
    const view = { state: snapshot.state, nowMs: snapshot.renderNowMs, aheadMs: snapshot.aheadMs, year: snapshot.year, spots: snapshot.spots };
    return encodeBody(pages.landing(view), quality);
  };
  const ahead =
    renderAhead &&
    startRenderAhead({
      clock,
      signal: renderAhead.signal,
      prepare: (secondMs) => {
        const snapshot = landingSnapshot(secondMs, config.sale, spotsNow());
        landing.prepare(snapshot.key, snapshot.state, '/', renderLanding(snapshot));
      },
    });
  const prompt = pageBodies('prompt');
  const renderPrompt = (year: number) => () => encodeBody(pages.prompt(year));
  if (renderAhead) {
    // The prompt page changes only with the year: a new instance's first visitor finds it ready too.
    const snapshot = yearSnapshot(clock());
    prompt.prepare(snapshot.key, 'none', '/prompt1', renderPrompt(snapshot.year));
  }
  const calendarFile = pageBodies('calendar');
  const notFound = encodeBody(pages.notFound());
  const outagePage = encodeBody(pages.outage());

  const app = express();
  app.disable('x-powered-by');
  // Our own per-encoding ETags are set where bodies are prepared.
  app.set('etag', false);

  if (metrics) app.use(metrics.middleware);
  app.use(requestLog(logger));
  app.use(
    securityHeaders({
      upgradeInsecureRequests: config.upgradeInsecureRequests,
      styleHashes: Object.values(assets.inlineStyles).map((style) => style.hash),
      scriptHashes: [assets.entryScript.hash],
    }),
  );
  app.use(staticFiles(publicDir));

  // For the container's HEALTHCHECK and load balancers: cheap, and never cached on the way. Where the spots are
  // counted, an instance is ready once its first read has answered or failed, never while it is on the way.
  app.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store');
    if (draining()) res.status(503).json({ status: 'draining' });
    else if (spots && !spots.ready()) res.status(503).json({ status: 'starting' });
    else res.json({ status: 'ok' });
  });

  // Files that change only with the configuration: built once, at start.
  app.get('/robots.txt', fixedFile('text/plain', encodeBody(robotsTxt(config.publicUrl))));
  app.get('/sitemap.xml', fixedFile('application/xml', encodeBody(sitemapXml(config.publicUrl))));
  app.get(ICS_PATH, async (req, res) => {
    res.type('text/calendar; charset=utf-8').set('Cache-Control', FIXED_FILE_CACHE);
    res.attachment(ICS_PATH.slice(1));
    // DTSTAMP says when the file was made: to the minute, so one file serves a whole minute of downloads.
    const minute = Math.floor(clock() / 60_000) * 60_000;
    sendEncoded(req, res, await calendarFile.serve(String(minute), 'none', () => encodeBody(pages.calendarFile(minute))));
  });

  // The page the cache keeps for when no instance answers (docs/decisions/0001-outage-page.md). A 503 that no
  // browser or shared cache stores, whoever asks: the VCL alone keeps it, on purpose, and never as a 200.
  app.get(OUTAGE_PATH, async (req, res) => {
    res.set('Retry-After', String(OUTAGE_RETRY_AFTER));
    sendHtml(req, res, 503, 'no-store', await outagePage);
  });

  // Each page is rendered and compressed once per snapshot (the landing page ahead of its second, while visited), then served from memory.
  app.get('/', async (req, res) => {
    ahead?.visited();
    const snapshot = landingSnapshot(clock(), config.sale, spotsNow());
    const body = await landing.serve(snapshot.key, snapshot.state, renderLanding(snapshot));
    sendHtml(req, res, 200, htmlCacheControl(snapshot), body);
  });
  app.get('/prompt1', async (req, res) => {
    const snapshot = yearSnapshot(clock());
    const body = await prompt.serve(snapshot.key, 'none', renderPrompt(snapshot.year));
    sendHtml(req, res, 200, htmlCacheControl(snapshot), body);
  });
  app.all(PAGE_PATHS, (_req, res) => {
    res.status(405).set('Allow', PAGE_METHODS).type('text').send('Method Not Allowed');
  });

  app.use(async (req, res) => {
    logger.warn({ event: 'not_found', method: req.method, path: loggablePath(req.originalUrl) }, 'page not found');
    sendHtml(req, res, 404, htmlCacheControl({ sharedMaxAge: NOT_FOUND_SHARED_MAX_AGE }), await notFound);
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
      res.status(500).type('html').set('Cache-Control', 'no-store').send(pages.serverError());
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
