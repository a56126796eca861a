import path from 'node:path';
import compression from 'compression';
import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express';
import type { PageAssets } from '../shared/components/Document';
import type { SiteConfig } from './config';
import { createLogger, type Logger } from './logger';
import { createPages } from './pages';
import { securityHeaders } from './security';

export type Clock = () => number;

export interface AppOptions {
  config: SiteConfig;
  assets: PageAssets;
  /** The build's public folder: hashed assets under /assets, plain files at the root. */
  publicDir: string;
  /** Epoch milliseconds; tests pass a fixed or scripted clock. */
  clock?: Clock;
  logger?: Logger;
}

const PAGE_METHODS = 'GET, HEAD';
/** Long enough to read, short enough that a hostile path cannot flood the log. */
const MAX_LOGGED_PATH = 2048;

const sendHtml = (res: express.Response, status: number, html: string): void => {
  res.status(status).type('html').set('Cache-Control', 'no-cache').send(html);
};

/** Builds the app without listening: the request's path reads top to bottom. */
export function createApp({ config, assets, publicDir, clock = Date.now, logger = createLogger() }: AppOptions): Express {
  const pages = createPages(config, assets);
  const app = express();
  app.disable('x-powered-by');

  app.use(securityHeaders());
  app.use(compression());

  // Hashed file names change with their content, so browsers may keep them for a year.
  app.use('/assets', express.static(path.join(publicDir, 'assets'), { immutable: true, maxAge: '1y', index: false, redirect: false }));
  app.use(express.static(publicDir, { index: false, redirect: false, maxAge: '1h' }));

  // For the container's HEALTHCHECK and load balancers: cheap, and never cached on the way.
  app.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });

  const page = (render: (nowMs: number) => string): RequestHandler => (_req, res) => sendHtml(res, 200, render(clock()));
  app.get('/', page(pages.landing));
  app.get('/prompt1', page(pages.prompt));
  app.all(['/', '/prompt1'], (_req, res) => {
    res.status(405).set('Allow', PAGE_METHODS).type('text').send('Method Not Allowed');
  });

  app.use((req, res) => {
    logger.warn({ event: 'not_found', method: req.method, path: req.originalUrl.slice(0, MAX_LOGGED_PATH) }, 'page not found');
    sendHtml(res, 404, pages.notFound());
  });

  const onError: ErrorRequestHandler = (error: unknown, req, res, _next) => {
    const status = httpStatusOf(error);
    if (status < 500) {
      // A client's mistake (a malformed URL, say): a plain answer, nothing logged as a fault.
      res.status(status).type('text').send(status === 400 ? 'Bad Request' : 'Request Error');
      return;
    }
    logger.error({ event: 'render_error', err: error, path: req.originalUrl.slice(0, MAX_LOGGED_PATH) }, 'request failed');
    if (res.headersSent) return res.end();
    sendHtml(res, 500, pages.serverError());
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
