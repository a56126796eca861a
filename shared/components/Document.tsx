import type { ReactNode } from 'react';
import { site } from '../content';
import { jsonForScript } from './jsonForScript';
import type { ResponsivePhoto } from './responsivePhoto';

export interface InlineStyle {
  css: string;
  /** `sha256-…` of the css, for the Content-Security-Policy's style-src. */
  hash: string;
}

export interface InlineScript {
  js: string;
  /** `sha256-…` of the js, for the Content-Security-Policy's script-src. */
  hash: string;
}

/** The landing page's stylesheet, and the one of the pages without its sections (prompt, legal pages, 404, 500). */
export type StylesheetName = 'landing' | 'simple';

/** What the build produced for the browser (dist/manifest.json). */
export interface PageAssets {
  /** Each page's whole stylesheet, inline: the first paint waits for no stylesheet request (docs/decisions/0004-inline-css-and-entry.md). */
  inlineStyles: Record<StylesheetName, InlineStyle>;
  /** The islands' entry (client/main.ts), inline: no script request competes with the first paint. */
  entryScript: InlineScript;
  /** public/favicon.svg as a data: URL: the tab's icon costs no request. */
  favicon: string;
  /** The trainer's photo, in every format and density the build made. */
  trainerPhoto: ResponsivePhoto;
}

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
  /** Pages without islands (the 404 and 500) ship no JavaScript at all. */
  hasIslands: boolean;
  /** schema.org data, as non-executable JSON-LD. */
  jsonLd?: object;
  children: ReactNode;
}

export function Document({ meta, assets, stylesheet, hasIslands, jsonLd, children }: DocumentProps) {
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
        {hasIslands && <script type="module" dangerouslySetInnerHTML={{ __html: assets.entryScript.js }} />}
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
