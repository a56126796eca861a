// Builds everything into dist/: the server bundle, the client islands, the CSS and the public files.
import { createHash } from 'node:crypto';
import { cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';

const DIST = 'dist';
const ASSETS = path.join(DIST, 'public', 'assets');
const production = { 'process.env.NODE_ENV': '"production"' };
const { version } = JSON.parse(await readFile('package.json', 'utf8'));

/** A file under dist/public as the URL path the server answers it at. */
const publicUrlOf = (file) => `/${path.relative(path.join(DIST, 'public'), file).split(path.sep).join('/')}`;

/** What every browser bundle shares: minified ESM for the browsers of the last few years. */
const browserBundle = {
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: ['chrome90', 'firefox90', 'safari15'],
  minify: true,
  define: production,
  outdir: ASSETS,
  metafile: true,
  legalComments: 'none',
};

await rm(DIST, { recursive: true, force: true });
await cp('public', path.join(DIST, 'public'), { recursive: true });

// The islands and React: ESM with code splitting, so each island loads only when a page has it.
const islands = await esbuild.build({
  ...browserBundle,
  entryPoints: { hydrate: 'client/hydrate.tsx' },
  splitting: true,
  entryNames: 'chunks/[name]-[hash]',
  chunkNames: 'chunks/[name]-[hash]',
});
const hydrateFile = Object.keys(islands.metafile.outputs).find((file) => islands.metafile.outputs[file].entryPoint === 'client/hydrate.tsx');

const [entry, styles] = await Promise.all([
  // The page's only script tag: one self-contained file (no imports to wait for before the first paint)
  // that fetches the islands' code by its hashed URL when an island is due.
  esbuild.build({
    ...browserBundle,
    entryPoints: { client: 'client/main.ts' },
    define: { ...production, HYDRATE_URL: JSON.stringify(publicUrlOf(hydrateFile)) },
    external: ['/assets/*'],
    entryNames: '[name]-[hash]',
  }),
  // The stylesheet stays in memory: it goes inline into every page, and only the fonts it pulls in are written.
  esbuild.build({
    entryPoints: { site: 'shared/styles/site.css' },
    bundle: true,
    minify: true,
    target: ['chrome90', 'firefox90', 'safari15'],
    assetNames: 'fonts/[name]-[hash]',
    // Absolute font URLs: inline, a relative one would resolve against the page's path.
    publicPath: '/assets',
    loader: { '.woff2': 'file' },
    outdir: ASSETS,
    write: false,
  }),
  // The server and its health check: dependencies stay in node_modules (production install), our code is bundled.
  esbuild.build({
    entryPoints: ['server/index.ts', 'server/healthcheck.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    packages: 'external',
    define: { ...production, APP_VERSION: JSON.stringify(version) },
    outdir: path.join(DIST, 'server'),
  }),
]);

/** The output file that came from an entry point, as a URL path and its subresource-integrity hash. */
async function entryAsset(metafile, entry) {
  const [file] = Object.entries(metafile.outputs).find(([, output]) => output.entryPoint === entry) ?? [];
  if (!file) throw new Error(`esbuild produced no output for ${entry}`);
  const integrity = `sha384-${createHash('sha384').update(await readFile(file)).digest('base64')}`;
  return { href: publicUrlOf(file), integrity };
}

/**
 * The stylesheet as the text of every page's <style>, with the CSP hash that allows exactly those bytes. Inline, it
 * costs the first paint no request of its own.
 */
function inlineStyle(outputFiles) {
  const file = outputFiles.find((output) => output.path.endsWith('.css'));
  if (!file) throw new Error('esbuild produced no stylesheet');
  const css = file.text.trim();
  if (/<\/style/i.test(css)) throw new Error('The stylesheet contains "</style", which would end the inline <style> early');
  return { css, hash: `sha256-${createHash('sha256').update(css).digest('base64')}` };
}

/** The files the stylesheet pulled in (the fonts), written under /assets; their URL paths, for preloading. */
async function writeStyleFiles(outputFiles) {
  const files = outputFiles.filter((output) => !output.path.endsWith('.css'));
  for (const file of files) {
    await mkdir(path.dirname(file.path), { recursive: true });
    await writeFile(file.path, file.contents);
  }
  return files.map((file) => publicUrlOf(file.path));
}

const manifest = {
  inlineStyle: inlineStyle(styles.outputFiles),
  script: await entryAsset(entry.metafile, 'client/main.ts'),
  fonts: await writeStyleFiles(styles.outputFiles),
};
/** Brotli and gzip beside every compressible public file, so the server never compresses them again. */
const COMPRESSIBLE = new Set(['.js', '.css', '.svg', '.txt', '.xml', '.json', '.webmanifest']);
for (const dirent of await readdir(path.join(DIST, 'public'), { recursive: true, withFileTypes: true })) {
  const file = path.join(dirent.parentPath, dirent.name);
  if (!dirent.isFile() || !COMPRESSIBLE.has(path.extname(file))) continue;
  const body = await readFile(file);
  if (body.length < 1024) continue;
  await writeFile(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  await writeFile(`${file}.gz`, gzipSync(body, { level: 9 }));
}

await writeFile(path.join(DIST, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
const clientMeta = {
  inputs: { ...islands.metafile.inputs, ...entry.metafile.inputs },
  outputs: { ...islands.metafile.outputs, ...entry.metafile.outputs },
};
await writeFile(path.join(DIST, 'client-meta.json'), JSON.stringify(clientMeta));
console.log(`Built ${DIST}/: ${manifest.script.href}, an inline stylesheet of ${manifest.inlineStyle.css.length} bytes`);
