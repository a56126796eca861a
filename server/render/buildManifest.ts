import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { PageAssets } from '../../shared/components/Document';

/** Written by the build (scripts/lib/siteBuild.ts) beside the public folder. */
const MANIFEST_FILE = 'manifest.json';

/** dist/manifest.json: what the pages carry, and the hashed files their scripts fetch (for tests and benchmarks). */
export interface BuildManifest extends PageAssets {
  /** The URL of the islands' chunk the inline entry imports when an island is due (precompressed, immutable). */
  hydrateScript: string;
}

/** Reads the build's manifest once at start; a missing build is an operator error with a one-line answer. */
export function loadPageAssets(distDir: string): PageAssets {
  const file = path.join(distDir, MANIFEST_FILE);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new Error(`Missing build output ${file}: run "npm run build" first`);
  }
  const { inlineStyles, entryScript, favicon, trainerPhoto } = JSON.parse(text) as BuildManifest;
  return { inlineStyles, entryScript, favicon, trainerPhoto };
}
