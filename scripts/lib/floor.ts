// The floor a page is measured against: the hero's heading and lead paragraph in about 1 KB of HTML, with no CSS,
// no font and no script, from a bare node:http server: one request, and nothing real can paint sooner or do less.
// Its empty icon keeps Chromium from asking for /favicon.ico, whose answer Lantern would count in the floor's LCP
// in some runs and not in others.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hero } from '../../shared/content/landingPageWords.ts';
import { site } from '../../shared/content/siteFacts.ts';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escapeHtml = (text: string): string => text.replace(/[&<>"]/g, (c) => ESCAPES[c] ?? c);

const FLOOR_HTML = Buffer.from(
  '<!doctype html><html lang="es"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,">' +
    `<title>${escapeHtml(site.title)}</title><meta name="description" content="${escapeHtml(site.description)}">` +
    `</head><body><main><h1>${escapeHtml(hero.title)}</h1><p>${escapeHtml(hero.lead)}</p></main></body></html>`,
);

export interface FloorServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * Serves the floor page at / and a bare 404 for anything else, on a free loopback port. `headers` are sent with the
 * page besides its type and length: the site's security headers, for the fair floor every page is judged against.
 */
export async function startFloorServer({ headers = {} }: { headers?: Record<string, string> } = {}): Promise<FloorServer> {
  const server = createServer((req, res) => {
    if (req.url !== '/') {
      res.writeHead(404, { 'Content-Length': 0 }).end();
      return;
    }
    res.writeHead(200, { ...headers, 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': FLOOR_HTML.length });
    res.end(req.method === 'HEAD' ? undefined : FLOOR_HTML);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
