import { createServer, type Server } from 'node:http';
import type { Registry } from 'prom-client';
import type { Logger } from './logger';

/**
 * Prometheus's /metrics on a listener of its own, never on the public port: the Deployment exposes it to
 * the cluster only. It does not keep the process alive; the public server's shutdown ends both.
 */
export function startMetricsServer(registry: Registry, port: number, host: string, logger: Logger): Server {
  const server = createServer((req, res) => {
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
