import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadAssets } from './assets';
import { createApp } from './app';
import { readConfig, type SiteConfig } from './config';
import type { PageAssets } from '../shared/components/Document';
import { createLogger } from './logger';

/** The production entry: read the environment, listen, and stop cleanly on a signal. */
const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function start(): void {
  const logger = createLogger(process.env.LOG_LEVEL || 'info');
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
  const app = createApp({ config, assets, publicDir: path.join(distDir, 'public'), logger });
  const server = app.listen(config.port, config.host, () => {
    logger.info({ event: 'listening', url: `http://${config.host}:${config.port}` }, 'server listening');
  });
  server.on('error', (error) => {
    logger.fatal({ err: error }, 'server failed to start');
    process.exit(1);
  });

  const shutdown = (signal: string): void => {
    logger.info({ event: 'shutdown', signal }, 'closing server');
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

start();
