// The site's builds, typed: the server bundle, the client islands, the CSS, the public files and the trainer's photo
// (scripts/lib/portrait.ts). esbuild.config.mjs (npm run build) runs buildSite once; npm run dev keeps the same builds
// (buildOptions) as contexts and rebuilds only what a change touches (scripts/lib/devBuild.ts), with the same steps.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { copyFile, cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import { MANIFEST_FILE } from '../../server/render/readManifest.ts';
import type { BuildManifest, InlineStyle, PageAssets, StylesheetName } from '../../shared/buildManifest.ts';
import { HASHED_ASSET_PATH } from '../../shared/routes.ts';
import { buildPortrait } from './portrait.ts';

const production = { 'process.env.NODE_ENV': '"production"' };

/** https://v8.dev/blog/explicit-compile-hints: a magic comment at the top of a file. */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';
const BROWSERS = ['chrome90', 'firefox90', 'safari15'];
/** The server bundle runs on the Node every stage of the image runs, named in one place. */
const NODE_TARGET = `node${readFileSync('.node-version', 'utf8').trim().split('.')[0]}`;
/**
 * Each goes inline into its own pages: the landing page's, the one the prompt page, the 404 and the 500 share, and the
 * seller's page's (/panel), which no public page carries.
 */
const STYLESHEETS: readonly StylesheetName[] = ['landing', 'simple', 'panel'];
const HYDRATE_ENTRY = 'client/hydrate.tsx';

/** A file under the public folder as the URL path the server answers it at. */
export const publicUrlOf = (publicDir: string, file: string): string => `/${path.relative(publicDir, file).split(path.sep).join('/')}`;

/** The four esbuild builds the site is made of, writing under `dist`. */
export interface SiteBuilds {
  /** The islands and React: ESM chunks, each loaded only when a page has its island. */
  islands: esbuild.BuildOptions;
  /** The stylesheets, kept in memory to go inline. */
  styles: esbuild.BuildOptions;
  /** The islands' entry, kept in memory to go inline; it fetches the islands' bundle at `hydrateUrl`. */
  entry: (hydrateUrl: string) => esbuild.BuildOptions;
  /** The server and its health check: dependencies stay in node_modules (production install), our code is bundled. */
  server: esbuild.BuildOptions;
}

/**
 * `mark`: a comment at the top of every island chunk. Only the rehearsal gives one, to build a next release whose
 * chunks are named apart from this one's without a change of code.
 */
export function buildOptions(dist = 'dist', version = '0.0.0', mark?: string): SiteBuilds {
  const assets = path.join(dist, 'public', 'assets');
  /** What every browser bundle shares: minified ESM for the browsers of the last few years. */
  const browserBundle: esbuild.BuildOptions = {
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: BROWSERS,
    minify: true,
    define: production,
    outdir: assets,
    metafile: true,
    legalComments: 'none',
  };
  return {
    islands: {
      ...browserBundle,
      entryPoints: { hydrate: HYDRATE_ENTRY },
      splitting: true,
      entryNames: 'chunks/[name]-[hash]',
      chunkNames: 'chunks/[name]-[hash]',
      // V8's explicit compile hint: every function is compiled while the file streams in, off the main thread,
      // rather than lazily on it while React evaluates.
      banner: { js: mark === undefined ? COMPILE_HINT : `${COMPILE_HINT}\n/* ${mark.replaceAll('*/', '')} */` },
    },
    // They load no file (the headings use the visitor's own serif, shared/styles/fonts.css), and the build stops if
    // one ever asks for one.
    styles: {
      entryPoints: Object.fromEntries(STYLESHEETS.map((name) => [name, `shared/styles/${name}.css`])),
      bundle: true,
      minify: true,
      target: BROWSERS,
      outdir: assets,
      write: false,
    },
    // Self-contained (no import to wait for): it fetches the islands' code by its hashed URL when an island is due.
    entry: (hydrateUrl) => ({
      ...browserBundle,
      entryPoints: { client: 'client/main.ts' },
      define: { ...production, HYDRATE_URL: JSON.stringify(hydrateUrl) },
      external: ['/assets/*'],
      entryNames: '[name]',
      write: false,
    }),
    server: {
      entryPoints: ['server/index.ts', 'server/healthcheck.ts', 'server/preflight.ts'],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: NODE_TARGET,
      packages: 'external',
      define: { ...production, APP_VERSION: JSON.stringify(version) },
      outdir: path.join(dist, 'server'),
    },
  };
}

/**
 * Text for an inline <style> or <script>, with the CSP hash that allows exactly those bytes. Text that could end its
 * element early (or, in a script, open an HTML comment the parser treats specially) stops the build.
 */
function inline(text: string, tag: 'style' | 'script'): { text: string; hash: string } {
  if (new RegExp(`</${tag}|<!--`, 'i').test(text)) throw new Error(`The inline ${tag} contains "</${tag}" or "<!--", which would end it early`);
  return { text, hash: `sha256-${createHash('sha256').update(text).digest('base64')}` };
}

/** The one output file whose name ends with `suffix`, that esbuild kept in memory. */
function outputText(outputFiles: esbuild.OutputFile[] | undefined, suffix: string): string {
  const file = outputFiles?.find((output) => output.path.endsWith(suffix));
  if (!file) throw new Error(`esbuild produced no ${suffix} file`);
  return file.text.trim();
}

/** Brotli and gzip beside every compressible public file, so the server never compresses them again. */
const COMPRESSIBLE = new Set(['.js', '.css', '.svg', '.txt', '.xml', '.json', '.webmanifest']);
/** The smallest files for production; for the dev loop, levels that take a fraction of the time on every save. */
const LEVELS = { best: { brotli: 11, gzip: 9 }, quick: { brotli: 4, gzip: 6 } } as const;
export type Compression = keyof typeof LEVELS;

export async function precompress(publicDir: string, compression: Compression): Promise<void> {
  const { brotli, gzip } = LEVELS[compression];
  for (const dirent of await readdir(publicDir, { recursive: true, withFileTypes: true })) {
    const file = path.join(dirent.parentPath, dirent.name);
    if (!dirent.isFile() || !COMPRESSIBLE.has(path.extname(file))) continue;
    const body = await readFile(file);
    if (body.length < 1024) continue;
    await writeFile(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: brotli } }));
    await writeFile(`${file}.gz`, gzipSync(body, { level: gzip }));
  }
}

/** The islands' entry chunk, which the inline entry fetches when an island is due, as esbuild wrote it. */
export function hydrateFileOf(islands: esbuild.BuildResult): string {
  const outputs = islands.metafile?.outputs ?? {};
  const file = Object.keys(outputs).find((output) => outputs[output]?.entryPoint === HYDRATE_ENTRY);
  if (!file) throw new Error(`esbuild produced no bundle for ${HYDRATE_ENTRY}`);
  return file;
}

/** The stylesheets and the islands' entry, as they go inline, each with the CSP hash that allows it. */
export function inlineAssets(styles: esbuild.BuildResult, entry: esbuild.BuildResult): Pick<PageAssets, 'inlineStyles' | 'entryScript'> {
  if (styles.outputFiles?.length !== STYLESHEETS.length)
    throw new Error(`Expected the stylesheets alone, got ${styles.outputFiles?.map((file) => file.path).join(', ')}`);
  const inlineStyles = Object.fromEntries(
    STYLESHEETS.map((name): [StylesheetName, InlineStyle] => {
      const { text: css, hash } = inline(outputText(styles.outputFiles, `${name}.css`), 'style');
      return [name, { css, hash }];
    }),
  ) as Record<StylesheetName, InlineStyle>;
  const { text: js, hash } = inline(outputText(entry.outputFiles, '.js'), 'script');
  return { inlineStyles, entryScript: { js, hash } };
}

/**
 * The favicon as a data: URL (quotes made single, and only the characters a URL cannot hold escaped, so it stays
 * small): the tab's icon costs no request before the first paint.
 */
export async function faviconUrl(): Promise<string> {
  const svg = (await readFile('public/favicon.svg', 'utf8')).trim().replaceAll('"', "'");
  return `data:image/svg+xml,${svg.replace(/[#%<> ]/g, encodeURIComponent)}`;
}

/** dist/manifest.json, and the client bundle's metafile beside it for the bundle's tests. */
export async function writeManifest(dist: string, manifest: BuildManifest, islands: esbuild.BuildResult, entry: esbuild.BuildResult): Promise<void> {
  await writeFile(path.join(dist, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  const clientMeta = {
    inputs: { ...islands.metafile?.inputs, ...entry.metafile?.inputs },
    outputs: { ...islands.metafile?.outputs, ...entry.metafile?.outputs },
  };
  await writeFile(path.join(dist, 'client-meta.json'), JSON.stringify(clientMeta));
}

const readManifest = async (dist: string): Promise<Partial<BuildManifest> | null> => {
  try {
    return JSON.parse(await readFile(path.join(dist, MANIFEST_FILE), 'utf8')) as Partial<BuildManifest>;
  } catch {
    return null;
  }
};

/** A build that must not go on, said in one line (esbuild.config.mjs prints it alone). */
export class BuildRefused extends Error {}

/**
 * The chunks the previous release made, as its manifest lists them; none when there is no previous build at
 * `previousDist` (the first release). That manifest comes from another image: a path that is not one of the build's
 * hashed files (`../`, an absolute path, anything else) would be copied wherever it points, so it stops the build.
 */
async function previousChunks(previousDist: string): Promise<string[]> {
  const previous = await readManifest(previousDist);
  const chunks: unknown = previous?.chunks;
  if (chunks === undefined) return [];
  const where = path.join(previousDist, MANIFEST_FILE);
  if (!Array.isArray(chunks)) throw new BuildRefused(`${where}: "chunks" is not a list: nothing carried, build stopped.`);
  for (const url of chunks) {
    if (typeof url !== 'string' || !HASHED_ASSET_PATH.test(url))
      throw new BuildRefused(
        `${where} names ${JSON.stringify(url).slice(0, 200)} among its chunks, not a hashed file of the build: nothing carried, build stopped.`,
      );
  }
  return chunks;
}

/**
 * Copies the chunks the previous release made (with their .br and .gz) into this build's public folder, beside its own:
 * pages that release rendered, kept by caches for up to an hour, still find every chunk they name once no instance of
 * it is left (docs/decisions/0010-previous-release-chunks.md). Only its own chunks, not those it carried in turn: one
 * release back. A name both releases made is the same content (it is its hash), so it is left as it is. Resolves with
 * the URLs carried; none when there is no previous build at `previousDist` (the first release).
 */
export async function carryPreviousChunks(previousDist: string, publicDir: string): Promise<string[]> {
  const chunks = await previousChunks(previousDist);
  const carried: string[] = [];
  const ours = new Set((await readdir(publicDir, { recursive: true })).map((file) => `/${file.split(path.sep).join('/')}`));
  for (const url of chunks) {
    if (ours.has(url)) continue;
    const from = path.join(previousDist, 'public', url);
    const to = path.join(publicDir, url);
    await mkdir(path.dirname(to), { recursive: true });
    await copyFile(from, to);
    for (const suffix of ['.br', '.gz']) await copyFile(`${from}${suffix}`, `${to}${suffix}`).catch(() => {});
    carried.push(url);
  }
  return carried;
}

export interface BuildSiteOptions {
  /** The previous release's dist folder, whose own chunks this build carries; none for a first release. */
  previous?: string;
  /** See buildOptions: the rehearsal's next release. */
  mark?: string;
}

/** Builds the whole site into `dist` (emptied first); resolves with a one-line summary. */
export async function buildSite(dist = 'dist', { previous, mark }: BuildSiteOptions = {}): Promise<string> {
  const { version } = JSON.parse(await readFile('package.json', 'utf8')) as { version: string };
  const options = buildOptions(dist, version, mark);
  const publicDir = path.join(dist, 'public');
  const urlOf = (file: string): string => publicUrlOf(publicDir, file);

  // The previous release's list is checked before anything is built or removed.
  if (previous !== undefined) await previousChunks(previous);
  await rm(dist, { recursive: true, force: true });
  await cp('public', publicDir, { recursive: true });

  const islands = await esbuild.build(options.islands);
  const hydrateFile = hydrateFileOf(islands);
  const [styles, entry, , trainerPhoto] = await Promise.all([
    esbuild.build(options.styles),
    esbuild.build(options.entry(urlOf(hydrateFile))),
    esbuild.build(options.server),
    buildPortrait(path.join(publicDir, 'assets'), urlOf),
  ]);
  const { inlineStyles, entryScript } = inlineAssets(styles, entry);
  await precompress(publicDir, 'best');
  // This build's own hashed files, listed before the previous release's are carried in beside them.
  const chunks = (await readdir(path.join(publicDir, 'assets'), { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && !/\.(br|gz)$/.test(entry.name))
    .map((entry) => urlOf(path.join(entry.parentPath, entry.name)))
    .sort();
  const carried = previous === undefined ? [] : await carryPreviousChunks(previous, publicDir);
  await writeManifest(
    dist,
    {
      inlineStyles,
      favicon: await faviconUrl(),
      entryScript,
      trainerPhoto,
      // Not in the pages' markup (the inline entry has it built in): for the tests and benchmarks.
      hydrateScript: urlOf(hydrateFile),
      chunks,
      carried,
    },
    islands,
    entry,
  );
  const carriedLine = previous === undefined ? '' : `; ${carried.length} chunks of the previous release carried from ${previous}`;
  return `Built ${dist}/: inline, stylesheets of ${STYLESHEETS.map((name) => `${inlineStyles[name]?.css.length} (${name})`).join(' and ')} bytes and an entry of ${entryScript.js.length}${carriedLine}`;
}
