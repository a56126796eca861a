/** Files for crawlers, built from PUBLIC_URL so they always name the canonical host. */

export const INDEXED_PATHS = ['/', '/prompt1'];

export function robotsTxt(publicUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${publicUrl}/sitemap.xml\n`;
}

export function sitemapXml(publicUrl: string): string {
  const urls = INDEXED_PATHS.map((path) => `  <url><loc>${publicUrl}${path}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}
