import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { saleState } from '../shared/logic/sale';
import type { PageAssets } from '../shared/components/Document';
import { createApp } from './app';
import { loadAssets } from './assets';
import { readConfig, type SiteConfig } from './config';
import { configWarnings } from './configWarnings';
import { createLogger } from './logger';
import { createMetrics, type Metrics } from './metrics';
import { startMetricsServer } from './metricsServer';

/** Written into the bundle by esbuild.config.mjs from package.json. */
declare const APP_VERSION: string;

/** A slow client may not hold a connection open for longer than this to send its headers. */
const HEADERS_TIMEOUT_MS = 10_000;
const REQUEST_TIMEOUT_MS = 30_000;
const KEEP_ALIVE_TIMEOUT_MS = 5_000;
/** How often Node looks for connections past those timeouts (its default, 30 s, lets them linger). */
const CONNECTIONS_CHECK_MS = 1_000;
/** After a signal, requests in flight get this long to finish before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The production entry: read the environment, listen, and stop cleanly on a signal. */
function start(): void {
  let config: SiteConfig;
  let assets: PageAssets;
  try {
    config = readConfig(process.env);
    assets = loadAssets(distDir);
  } catch (error) {
    // A bad setting or a missing build: one line for the operator, no stack trace.
    process.stderr.write(`Cannot start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }

  const logger = createLogger(config.logLevel);
  for (const warning of configWarnings(config, Date.now())) logger.warn({ event: 'config_warning' }, warning);
  // A fault nobody caught leaves the process in an unknown state: log it and let the container restart us.
  process.on('uncaughtException', (error) => {
    logger.fatal({ event: 'uncaught_exception', err: error }, 'uncaught exception');
    process.exit(1);
  });
  process.on('unhandledRejection', (reason) => {
    logger.fatal({ event: 'unhandled_rejection', err: reason }, 'unhandled promise rejection');
    process.exit(1);
  });

  let metrics: Metrics | undefined;
  if (config.metricsPort !== null) {
    metrics = createMetrics({ clock: Date.now, sale: config.sale });
    startMetricsServer(metrics.registry, config.metricsPort, config.host, logger);
  }
  const app = createApp({ config, assets, publicDir: path.join(distDir, 'public'), logger, metrics });
  const server = createServer(
    {
      headersTimeout: HEADERS_TIMEOUT_MS,
      requestTimeout: REQUEST_TIMEOUT_MS,
      keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
      connectionsCheckingInterval: CONNECTIONS_CHECK_MS,
    },
    app,
  );
  let closing = false;
  // Once closing, every response ends its connection, so a client that keeps a keep-alive connection
  // busy cannot hold the process open. Prepended: Express may answer before a later listener runs.
  server.prependListener('request', (_req, res) => {
    if (closing) res.setHeader('Connection', 'close');
  });
  server.on('error', (error) => {
    logger.fatal({ event: 'listen_failed', err: error }, 'server failed to start');
    process.exit(1);
  });
  server.listen(config.port, config.host, () => {
    logger.info(
      {
        event: 'listening',
        url: `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`,
        version: APP_VERSION,
        state: saleState(Date.now(), config.sale),
        deadline: new Date(config.sale.earlyBirdDeadlineMs).toISOString(),
        start: new Date(config.sale.workshopStartMs).toISOString(),
      },
      'server listening',
    );
  });

  const shutdown = (signal: NodeJS.Signals): void => {
    closing = true;
    logger.info({ event: 'shutdown', signal }, 'closing: no new connections, finishing requests in flight');
    server.close((error) => {
      logger.info({ event: 'closed' }, 'server closed');
      process.exit(error ? 1 : 0);
    });
    server.closeIdleConnections();
    setTimeout(() => {
      logger.error({ event: 'forced_exit' }, 'requests still open after the grace period');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

start();
