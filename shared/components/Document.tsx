import type { ReactNode } from 'react';
import { site } from '../content';

export interface AssetTag {
  href: string;
  integrity: string;
}

/** What the build produced for the browser: content-hashed, with subresource integrity. */
export interface PageAssets {
  stylesheet: AssetTag;
  script: AssetTag;
  /** Self-hosted fonts, preloaded so the `optional` face is ready for the first paint. */
  fonts: string[];
}

interface DocumentProps {
  title: string;
  description: string;
  assets: PageAssets;
  /** Pages without islands ship no JavaScript at all. */
  hasIslands: boolean;
  children: ReactNode;
}

export function Document({ title, description, assets, hasIslands, children }: DocumentProps) {
  return (
    <html lang="es">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <meta name="description" content={description} />
        <meta name="theme-color" content="#fbf6f1" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {assets.fonts.map((href) => (
          <link key={href} rel="preload" href={href} as="font" type="font/woff2" crossOrigin="anonymous" />
        ))}
        <link rel="stylesheet" href={assets.stylesheet.href} integrity={assets.stylesheet.integrity} />
        {hasIslands && <script type="module" src={assets.script.href} integrity={assets.script.integrity} />}
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
