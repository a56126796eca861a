import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { saleState } from '../shared/logic/sale';
import type { PageAssets } from '../shared/buildManifest';
import { loadPageAssets } from './render/readManifest';
import { REQUEST_TIMEOUT_SECONDS, readConfig, type SiteConfig } from './config/settings';
import { buildWarnings, configWarnings } from './config/warnings';
import { createLogger } from './ops/logger';
import { startMetricsServer } from './ops/metricsServer';
import { createBoundedServer } from './ops/boundedServer';
import { lameDuck } from './ops/shutdown';
import { nodeScheduler } from './ops/scheduler';
import { assembleSite } from './site';

/** Written into the bundle by the build (scripts/lib/siteBuild.ts) from package.json. */
declare const APP_VERSION: string;

/**
 * An idle keep-alive connection is closed by whoever times out first; if that is the origin, a balancer
 * may send a request down the connection just as it closes and fail it. So the origin waits longer than
 * Varnish's backend_idle_timeout and cloud load balancers' idle timeouts (60 s). Node applies the header
 * and request timeouts only while a request is being received, never to an idle connection.
 */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The production entry: read the environment, listen, and stop cleanly on a signal (server/ops/shutdown.ts). */
function start(): void {
  let config: SiteConfig;
  let assets: PageAssets;
  try {
    config = readConfig(process.env, Date.now());
    assets = loadPageAssets(distDir);
  } catch (error) {
    // A bad setting or a missing build: one line for the operator, no stack trace.
    process.stderr.write(`Cannot start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }

  const logger = createLogger(config.logLevel);
  for (const warning of configWarnings(config, Date.now())) logger.warn({ event: 'config_warning' }, warning);
  for (const warning of buildWarnings(assets)) logger.warn({ event: 'build_warning' }, warning);
  // A fault nobody caught leaves the process in an unknown state: log it and let the container restart us.
  process.on('uncaughtException', (error) => {
    logger.fatal({ event: 'uncaught_exception', err: error }, 'uncaught exception');
    process.exit(1);
  });
  process.on('unhandledRejection', (reason) => {
    logger.fatal({ event: 'unhandled_rejection', err: reason }, 'unhandled promise rejection');
    process.exit(1);
  });

  // The sweep ends at the signal, its mail in flight awaited with the requests (server/ops/shutdown.ts).
  let windDown = (): Promise<void> => Promise.resolve();
  const shutdown = lameDuck({
    logger,
    delayMs: config.shutdownDelaySeconds * 1000,
    drainMs: config.shutdownDrainSeconds * 1000,
    windDown: () => windDown(),
  });
  // What runs on its own timer (the spots' reads, each second's page made ahead, the sweep) starts with the site.
  const site = assembleSite({
    config,
    assets,
    publicDir: path.join(distDir, 'public'),
    clock: Date.now,
    logger,
    scheduler: nodeScheduler,
    draining: shutdown.isDraining,
  });
  const { app, metrics, fulfilment, live } = site;
  windDown = site.windDown;
  if (metrics && config.metricsPort !== null) startMetricsServer(metrics.registry, config.metricsPort, config.host, logger);
  const server = createBoundedServer(
    {
      maxConnections: config.maxConnections,
      headersTimeoutMs: config.headersTimeoutSeconds * 1000,
      requestTimeoutMs: REQUEST_TIMEOUT_SECONDS * 1000,
      keepAliveTimeoutMs: KEEP_ALIVE_TIMEOUT_MS,
      responseTimeoutMs: config.responseTimeoutSeconds * 1000,
    },
    app,
  );
  // Counted, never logged one by one: a flood of them would flood the log too.
  server.on('drop', () => metrics?.connectionDropped());
  server.on('error', (error) => {
    logger.fatal({ event: 'listen_failed', err: error }, 'server failed to start');
    process.exit(1);
  });
  server.listen(config.port, config.host, () => {
    // The environment's values until the first read of the sale's record at Stripe, a poll away.
    const { sale } = live.current(Date.now());
    logger.info(
      {
        event: 'listening',
        url: `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`,
        version: APP_VERSION,
        state: saleState(Date.now(), sale),
        deadline: new Date(sale.earlyBirdDeadlineMs).toISOString(),
        start: new Date(sale.workshopStartMs).toISOString(),
        confirmations: fulfilment ? 'sent by the site' : 'by hand',
      },
      'server listening',
    );
  });

  shutdown.handleSignals(server);
}

start();
