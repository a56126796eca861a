// A loopback HTTP proxy in front of a server, for measuring or testing the site as it would be with one thing
// changed: every request is forwarded as it came, and every answer comes back as it is, but for what the options
// change. An HTML answer to rewrite is asked for uncompressed, and loses its ETag (its bytes are no longer those).
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type OutgoingHttpHeaders, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LoopbackProxy {
  url: string;
  stop(): Promise<void>;
}

export interface LoopbackProxyOptions {
  /** The text of every HTML answer, changed. */
  rewriteHtml?: (html: string) => string;
  /** The headers of every answer, changed. */
  rewriteHeaders?: (headers: IncomingHttpHeaders) => OutgoingHttpHeaders;
  /** Answers a request itself instead of forwarding it, when it returns true. */
  answer?: (req: IncomingMessage, res: ServerResponse) => boolean;
  /** The loopback port it listens on; by default one the system picks. */
  port?: number;
}

export async function startLoopbackProxy(
  origin: string,
  { rewriteHtml, rewriteHeaders = (headers) => headers, answer, port = 0 }: LoopbackProxyOptions = {},
): Promise<LoopbackProxy> {
  const target = new URL(origin);
  const server = createServer((req, res) => {
    if (answer?.(req, res)) return;
    const headers = rewriteHtml ? { ...req.headers, 'accept-encoding': 'identity' } : req.headers;
    const upstream = request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers }, (response) => {
      if (!rewriteHtml || !(response.headers['content-type'] ?? '').startsWith('text/html')) {
        res.writeHead(response.statusCode ?? 502, rewriteHeaders(response.headers));
        response.pipe(res);
        return;
      }
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const body = Buffer.from(rewriteHtml(Buffer.concat(chunks).toString('utf8')), 'utf8');
        const { etag: _etag, ...kept } = response.headers;
        res.writeHead(response.statusCode ?? 502, { ...rewriteHeaders(kept), 'content-length': body.length }).end(body);
      });
    });
    upstream.on('error', () => res.writeHead(502, { 'content-length': 0 }).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
