/** Files for crawlers, built from PUBLIC_URL so they always name the canonical host. */

import { crawlerPrefix, ROUTES, routeList } from '../../shared/routes';

const INDEXED_PATHS = routeList.filter((route) => route.indexed).map((route) => route.path);
/** A buyer's own pages and Stripe's endpoint: nothing there for a crawler, and their addresses carry credentials. */
const DISALLOWED_PATHS = [
  ...new Set(
    routeList.filter((route) => route.kind === 'private' || route.kind === 'action' || route.kind === 'webhook').map((route) => crawlerPrefix(route.path)),
  ),
];

export function robotsTxt(publicUrl: string): string {
  const disallowed = DISALLOWED_PATHS.map((path) => `Disallow: ${path}\n`).join('');
  return `User-agent: *\n${disallowed}Allow: /\n\nSitemap: ${publicUrl}${ROUTES.sitemap.path}\n`;
}

export function sitemapXml(publicUrl: string): string {
  const urls = INDEXED_PATHS.map((path) => `  <url><loc>${publicUrl}${path}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}
