/**
 * The build's contract: what scripts/lib/siteBuild.ts writes to dist/manifest.json, and what the server, the tests
 * and the scripts read from it (server/render/readManifest.ts). Types only: every side imports it, Node's type stripping included.
 */
import type { ResponsivePhoto } from './components/responsivePhoto';

export interface InlineStyle {
  css: string;
  /** `sha256-…` of the css, for the Content-Security-Policy's style-src. */
  hash: string;
}

interface InlineScript {
  js: string;
  /** `sha256-…` of the js, for the Content-Security-Policy's script-src. */
  hash: string;
}

/** The landing page's stylesheet, the one of the pages without its sections (prompt, legal pages, 404, 500), and the seller's page's. */
export type StylesheetName = 'landing' | 'simple' | 'panel';

/** What the pages carry from the build. */
export interface PageAssets {
  /** Each page's whole stylesheet, inline: the first paint waits for no stylesheet request (docs/decisions/0004-inline-css-and-entry.md). */
  inlineStyles: Record<StylesheetName, InlineStyle>;
  /** The islands' entry (client/main.ts), inline: no script request competes with the first paint. */
  entryScript: InlineScript;
  /** public/favicon.svg as a data: URL: the tab's icon costs no request. */
  favicon: string;
  /** The trainer's photo, in every format and density the build made (scripts/lib/portrait.ts). */
  trainerPhoto: ResponsivePhoto;
}

/** dist/manifest.json: what the pages carry, and the hashed files their scripts fetch. */
export interface BuildManifest extends PageAssets {
  /** The URL of the islands' chunk the inline entry imports when an island is due (precompressed, immutable). */
  hydrateScript: string;
  /** URLs of the hashed files this build made under /assets/ (the islands' chunks, the photo): the next release's build carries them. */
  chunks: string[];
  /** URLs of the previous release's chunks this build serves as well (docs/decisions/0010-previous-release-chunks.md). */
  carried: string[];
}
