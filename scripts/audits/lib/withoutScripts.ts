// The floor a tap is measured against: the very page, served through a loopback proxy that takes every <script>
// element out of its HTML (the inline entry, the islands' props, the structured data). What is left is the page a
// visitor without JavaScript gets: the same markup, stylesheet and layout, native anchors and <details>.
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

const SCRIPT = /<script\b[^>]*>[\s\S]*?<\/script>/gi;

export interface ScriptlessProxy {
  url: string;
  stop(): Promise<void>;
}

/** Forwards every request to `origin`; an HTML answer comes back without its scripts, everything else as it is. */
export async function startScriptlessProxy(origin: string): Promise<ScriptlessProxy> {
  const target = new URL(origin);
  const server = createServer((req, res) => {
    // Uncompressed, so that the HTML can be read and changed.
    const headers = { ...req.headers, 'accept-encoding': 'identity' };
    const upstream = request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers }, (answer) => {
      if (!(answer.headers['content-type'] ?? '').startsWith('text/html')) {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        return;
      }
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        const body = Buffer.from(Buffer.concat(chunks).toString('utf8').replace(SCRIPT, ''), 'utf8');
        const { etag: _etag, ...kept } = answer.headers;
        res.writeHead(answer.statusCode ?? 502, { ...kept, 'content-length': body.length }).end(body);
      });
    });
    upstream.on('error', () => res.writeHead(502, { 'content-length': 0 }).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
