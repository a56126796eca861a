import type { ReactNode } from 'react';
import type { PageAssets, StylesheetName } from '../buildManifest';
import { site } from '../content/siteFacts';
import { jsonForScript } from './jsonForScript';

export interface PageMeta {
  title: string;
  description: string;
  /** Absolute; null for pages search engines should not index (404, 500). */
  canonicalUrl: string | null;
  /** Absolute URL of the 1200×630 social card. */
  imageUrl: string;
}

interface DocumentProps {
  meta: PageMeta;
  assets: PageAssets;
  stylesheet: StylesheetName;
  /** Whether the page carries the inline entry: the landing and prompt pages; the others ship no JavaScript at all. */
  hasScript: boolean;
  /** schema.org data, as non-executable JSON-LD. */
  jsonLd?: object;
  children: ReactNode;
}

export function Document({ meta, assets, stylesheet, hasScript, jsonLd, children }: DocumentProps) {
  const { title, description, canonicalUrl, imageUrl } = meta;
  return (
    <html lang="es">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <meta name="description" content={description} />
        {canonicalUrl ? <link rel="canonical" href={canonicalUrl} /> : <meta name="robots" content="noindex" />}
        <meta name="theme-color" content="#fbf6f1" />
        <link rel="icon" href={assets.favicon} type="image/svg+xml" />
        <link rel="icon" href="/favicon-32.png" type="image/png" sizes="32x32" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        <meta property="og:type" content="website" />
        <meta property="og:site_name" content={site.name} />
        <meta property="og:locale" content={site.locale} />
        <meta property="og:title" content={title} />
        <meta property="og:description" content={description} />
        {canonicalUrl && <meta property="og:url" content={canonicalUrl} />}
        <meta property="og:image" content={imageUrl} />
        <meta property="og:image:width" content={String(site.ogImage.width)} />
        <meta property="og:image:height" content={String(site.ogImage.height)} />
        <meta property="og:image:alt" content={site.ogImage.alt} />
        <meta name="twitter:card" content="summary_large_image" />
        <meta name="twitter:title" content={title} />
        <meta name="twitter:description" content={description} />
        <meta name="twitter:image" content={imageUrl} />
        <meta name="twitter:image:alt" content={site.ogImage.alt} />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the build's own stylesheet, allowed by its hash in the CSP */}
        <style dangerouslySetInnerHTML={{ __html: assets.inlineStyles[stylesheet].css }} />
        {/* A module, so deferred: it runs once the document is parsed, and fetches React only when an island is due. */}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the build's own entry, allowed by its hash in the CSP */}
        {hasScript && <script type="module" dangerouslySetInnerHTML={{ __html: assets.entryScript.js }} />}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: JSON escaped by jsonForScript, never executed */}
        {jsonLd && <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(jsonLd) }} />}
      </head>
      <body>
        <a className="skip-link" href="#contenido">
          {site.skipLink}
        </a>
        {children}
      </body>
    </html>
  );
}
