import { createHash } from 'node:crypto';
import type { Response } from 'express';
import { renderToString } from 'react-dom/server';
import type { PageAssets } from '../../shared/buildManifest';
import { panel } from '../../shared/content/panelWords';
import { site } from '../../shared/content/siteFacts';
import { Document } from '../../shared/components/Document';
import { PanelPage, type PanelView } from '../../shared/components/panel/PanelPage';

/**
 * The panel's policy, on its pages alone: its own stylesheet and no script at all (it works without one), images from
 * itself (the favicon), and forms that post to itself alone; a change's preview adds the styles of the mail it shows,
 * each by its hash. `upgrade-insecure-requests` as the site's own.
 */
function panelPolicy(styleHash: string, upgradeInsecureRequests: boolean, attributeHashes: readonly string[] = []): string {
  const attributes = attributeHashes.length > 0 ? ` 'unsafe-hashes' ${attributeHashes.map((hash) => `'${hash}'`).join(' ')}` : '';
  return [
    "default-src 'none'",
    `style-src '${styleHash}'${attributes}`,
    "img-src 'self' data:",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(upgradeInsecureRequests ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

/**
 * What every answer under /panel carries: kept by no cache, browser or edge (`no-store`), shown to no search engine,
 * and the address (a sign-in link's token, a search) sent to no other site; inside the site, the Referer keeps the
 * `Origin` a form's POST carries (under `no-referrer` a browser sends `Origin: null`).
 */
export function panelHeaders(res: Response): void {
  res.set({ 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow', 'Referrer-Policy': 'same-origin' });
}

const ENTITIES: Record<string, string> = { '&quot;': '"', '&#x27;': "'", '&lt;': '<', '&gt;': '>', '&amp;': '&' };

/**
 * The `sha256-…` of each style attribute in `html`, as the browser reads its value: a mail's sample is the buyer's own
 * mail, every style on its element (as mail clients want it), and the page allows exactly those, by their hashes.
 */
function styleAttributeHashes(html: string): string[] {
  const values = new Set(
    [...html.matchAll(/ style="([^"]*)"/g)].map((match) => (match[1] ?? '').replace(/&(quot|#x27|lt|gt|amp);/g, (entity) => ENTITIES[entity] ?? entity)),
  );
  return [...values].map((value) => `sha256-${createHash('sha256').update(value).digest('base64')}`);
}

export interface PanelPages {
  /** Sends the panel in one of its states, with its headers and its own policy. */
  send(res: Response, status: number, view: PanelView): void;
}

export function panelPages({
  assets,
  publicUrl,
  upgradeInsecureRequests,
}: {
  assets: PageAssets;
  publicUrl: string;
  upgradeInsecureRequests: boolean;
}): PanelPages {
  const styleHash = assets.inlineStyles.panel.hash;
  const policy = panelPolicy(styleHash, upgradeInsecureRequests);
  // No canonical address: the Document then says noindex too.
  const meta = { title: `${panel.title} | ${site.name}`, description: panel.signedOut.lead, canonicalUrl: null, imageUrl: `${publicUrl}${site.ogImage.path}` };
  return {
    send(res, status, view) {
      panelHeaders(res);
      const sample = view.state === 'preview' ? view.preview.sample : null;
      res.set('Content-Security-Policy', sample ? panelPolicy(styleHash, upgradeInsecureRequests, styleAttributeHashes(sample.body)) : policy);
      const html = `<!DOCTYPE html>${renderToString(
        <Document meta={meta} assets={assets} stylesheet="panel" hasScript={false}>
          <PanelPage view={view} />
        </Document>,
      )}`;
      res.status(status).type('html').send(html);
    },
  };
}
