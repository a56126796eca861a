// The floor a page's first paint is measured against: the hero's heading and lead paragraph in about 1 KB of HTML,
// with no CSS, no font and no script, from a bare node:http server: one request, and nothing real can paint sooner.
// Its empty icon keeps Chromium from asking for /favicon.ico, whose answer Lantern would count in the floor's LCP
// in some runs and not in others (0.63 s or 0.76 s).
import { createServer } from 'node:http';
import { hero, site } from '../../shared/content.ts';

const escapeHtml = (text) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

export const FLOOR_HTML = Buffer.from(
  '<!doctype html><html lang="es"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,">' +
    `<title>${escapeHtml(site.title)}</title><meta name="description" content="${escapeHtml(site.description)}">` +
    `</head><body><main><h1>${escapeHtml(hero.title)}</h1><p>${escapeHtml(hero.lead)}</p></main></body></html>`,
);

/**
 * Serves the floor page at / and a bare 404 for anything else, on a free loopback port. `headers` are sent with the
 * page besides its type and length (the site's security headers, for the second reference `npm run lighthouse` measures).
 */
export async function startFloorServer({ headers = {} } = {}) {
  const server = createServer((req, res) => {
    if (req.url !== '/') {
      res.writeHead(404, { 'Content-Length': 0 }).end();
      return;
    }
    res.writeHead(200, { ...headers, 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': FLOOR_HTML.length });
    res.end(req.method === 'HEAD' ? undefined : FLOOR_HTML);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}
