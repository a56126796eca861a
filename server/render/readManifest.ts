import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BuildManifest, PageAssets } from '../../shared/buildManifest';

/** The manifest's name in the build's folder. Node runs the scripts that import this file as it is: type imports only. */
export const MANIFEST_FILE = 'manifest.json';

/** Reads the build's manifest; a missing build is an operator error with a one-line answer. */
export function readBuildManifest(distDir: string): BuildManifest {
  const file = path.join(distDir, MANIFEST_FILE);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new Error(`Missing build output ${file}: run "npm run build" first`);
  }
  return JSON.parse(text) as BuildManifest;
}

/** What the pages carry, read once at start. */
export function loadPageAssets(distDir: string): PageAssets {
  const { inlineStyles, entryScript, favicon, trainerPhoto } = readBuildManifest(distDir);
  return { inlineStyles, entryScript, favicon, trainerPhoto };
}
