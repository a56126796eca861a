import type { Server } from 'node:http';
import type { Registry } from 'prom-client';
import { createBoundedServer, type ServerBounds } from './boundedServer';
import type { Logger } from './logger';

/**
 * Prometheus asks with one small request at each scrape and reads the answer at once: a client that takes
 * seconds to do either is not Prometheus. A few connections are room for a pair of scrapers and an operator.
 */
export const METRICS_SERVER_BOUNDS: ServerBounds = {
  maxConnections: 16,
  headersTimeoutMs: 2_000,
  requestTimeoutMs: 5_000,
  keepAliveTimeoutMs: 5_000,
  responseTimeoutMs: 10_000,
};

/**
 * Prometheus's /metrics on a listener of its own, never on the public port: the Deployment exposes it to
 * the cluster only. It does not keep the process alive; the public server's shutdown ends both.
 */
export function startMetricsServer(registry: Registry, port: number, host: string, logger: Logger): Server {
  const server = createBoundedServer(METRICS_SERVER_BOUNDS, (req, res) => {
    if (req.url !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not Found');
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' }).end(req.method === 'HEAD' ? undefined : text),
      (error: unknown) => {
        logger.error({ event: 'metrics_failed', err: error }, 'metrics could not be collected');
        res.writeHead(500, { 'Content-Type': 'text/plain' }).end('Internal Server Error');
      },
    );
  });
  server.on('error', (error) => {
    logger.fatal({ event: 'listen_failed', err: error, port }, 'metrics server failed to start');
    process.exit(1);
  });
  server.listen(port, host, () => logger.info({ event: 'metrics_listening', port }, 'metrics listening'));
  server.unref();
  return server;
}
