/**
 * For a driver with no init scripts (classic WebDriver): a loopback proxy in front of the site that puts the
 * probe first in every HTML page's <head>, as a same-origin <script src> the site's policy already allows
 * (script-src 'self'), and serves it. Everything else passes through untouched, headers and policy included.
 */
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ProbeOptions } from './pageProbe.ts';
import { probeSource } from './probe.ts';

const PROBE_PATH = '/__engine-probe.js';

export interface ProbeProxy {
  url: string;
  /** The options of the probe served from now on (a page asks for it as it loads). */
  options: ProbeOptions;
  stop(): Promise<void>;
}

export async function startProbeProxy(origin: string): Promise<ProbeProxy> {
  const target = new URL(origin);
  const proxy: ProbeProxy = { url: '', options: { clock: false }, stop: async () => undefined };
  const server = createServer((req, res) => {
    if (req.url === PROBE_PATH) {
      void probeSource(proxy.options).then((source) => res.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-store' }).end(source));
      return;
    }
    // Uncompressed, so an HTML page can be read and changed.
    const headers = { ...req.headers, 'accept-encoding': 'identity' };
    const upstream = request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers }, (answer) => {
      const isHtml = (answer.headers['content-type'] ?? '').startsWith('text/html');
      if (!isHtml) {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        return;
      }
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        const html = Buffer.concat(chunks)
          .toString('utf8')
          .replace(/<head[^>]*>/, (head) => `${head}<script src="${PROBE_PATH}"></script>`);
        const body = Buffer.from(html, 'utf8');
        const { etag: _etag, ...kept } = answer.headers;
        res.writeHead(answer.statusCode ?? 502, { ...kept, 'content-length': body.length }).end(body);
      });
    });
    upstream.on('error', () => res.writeHead(502, { 'content-length': 0 }).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.stop = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return proxy;
}
