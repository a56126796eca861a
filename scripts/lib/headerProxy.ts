// A loopback proxy in front of a server that sets or drops one response header: the site as it would be with or
// without it (say, Cross-Origin-Opener-Policy), measured without a switch in the server for production to refuse.
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HeaderProxy {
  url: string;
  stop(): Promise<void>;
}

/** Forwards every request to `origin`; `value` null drops the header `name` from the answers, a string sets it. */
export async function startHeaderProxy(origin: string, name: string, value: string | null): Promise<HeaderProxy> {
  const target = new URL(origin);
  const server = createServer((req, res) => {
    const upstream = request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      const headers = { ...answer.headers };
      delete headers[name.toLowerCase()];
      if (value !== null) headers[name.toLowerCase()] = value;
      res.writeHead(answer.statusCode ?? 502, headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502, { 'Content-Length': 0 }).end());
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
