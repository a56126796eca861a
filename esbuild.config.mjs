// Builds everything into dist/: the server bundle, the client islands, the CSS and the public files.
import { createHash } from 'node:crypto';
import { cp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';

const DIST = 'dist';
const ASSETS = path.join(DIST, 'public', 'assets');
const production = { 'process.env.NODE_ENV': '"production"' };
const { version } = JSON.parse(await readFile('package.json', 'utf8'));

/** A file under dist/public as the URL path the server answers it at. */
const publicUrlOf = (file) => `/${path.relative(path.join(DIST, 'public'), file).split(path.sep).join('/')}`;

/** https://v8.dev/blog/explicit-compile-hints: a magic comment at the top of a file. */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

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
  // V8's explicit compile hint: compile every function while the file streams in, off the main thread, rather than
  // lazily while React evaluates on it. Evaluating the React chunk took 11-17 ms of main thread, now 3-4 ms.
  banner: { js: COMPILE_HINT },
});
const hydrateFile = Object.keys(islands.metafile.outputs).find((file) => islands.metafile.outputs[file].entryPoint === 'client/hydrate.tsx');

/**
 * Text for an inline <style> or <script>, with the CSP hash that allows exactly those bytes. Inline, it costs the
 * first paint no request of its own. Text that could end its element early (or, in a script, open an HTML
 * comment the parser treats specially) stops the build.
 */
function inline(text, tag) {
  if (new RegExp(`</${tag}|<!--`, 'i').test(text)) throw new Error(`The inline ${tag} contains "</${tag}" or "<!--", which would end it early`);
  return { text, hash: `sha256-${createHash('sha256').update(text).digest('base64')}` };
}

/** The one output file whose name ends with `suffix`, that esbuild kept in memory. */
function outputText(outputFiles, suffix) {
  const file = outputFiles.find((output) => output.path.endsWith(suffix));
  if (!file) throw new Error(`esbuild produced no ${suffix} file`);
  return file.text.trim();
}

// The stylesheets stay in memory: each goes inline into its pages (the landing page's; the prompt page's, the 404's
// and the 500's), so a page parses none of the other's rules. They load no file (the headings use the visitor's own
// serif, shared/styles/fonts.css), and the build stops if one ever asks for one.
const STYLESHEETS = ['landing', 'simple'];
const styles = await esbuild.build({
  entryPoints: Object.fromEntries(STYLESHEETS.map((name) => [name, `shared/styles/${name}.css`])),
  bundle: true,
  minify: true,
  target: ['chrome90', 'firefox90', 'safari15'],
  outdir: ASSETS,
  write: false,
});
if (styles.outputFiles.length !== STYLESHEETS.length)
  throw new Error(`Expected the stylesheets alone, got ${styles.outputFiles.map((file) => file.path).join(', ')}`);

const [entry] = await Promise.all([
  // The entry stays in memory: it goes inline into every page with islands, self-contained (no import to wait
  // for), and fetches the islands' code by its hashed URL when an island is due.
  esbuild.build({
    ...browserBundle,
    entryPoints: { client: 'client/main.ts' },
    define: { ...production, HYDRATE_URL: JSON.stringify(publicUrlOf(hydrateFile)) },
    external: ['/assets/*'],
    entryNames: '[name]',
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

const inlineStyles = Object.fromEntries(
  STYLESHEETS.map((name) => {
    const { text: css, hash } = inline(outputText(styles.outputFiles, `${name}.css`), 'style');
    return [name, { css, hash }];
  }),
);
const { text: js, hash: jsHash } = inline(outputText(entry.outputFiles, '.js'), 'script');
/**
 * The favicon as a data: URL (quotes made single, and only the characters a URL cannot hold escaped, so it stays
 * small): the tab's icon costs no request, which would otherwise finish before the first paint and, in
 * Lighthouse's simulation, add a round trip to the largest paint.
 */
const faviconSvg = (await readFile('public/favicon.svg', 'utf8')).trim().replaceAll('"', "'");
const favicon = `data:image/svg+xml,${faviconSvg.replace(/[#%<> ]/g, encodeURIComponent)}`;
const manifest = {
  inlineStyles,
  favicon,
  entryScript: { js, hash: jsHash },
  // Not in the pages' markup (the inline entry has it built in): for the tests and benchmarks.
  hydrateScript: publicUrlOf(hydrateFile),
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
console.log(
  `Built ${DIST}/: inline, stylesheets of ${STYLESHEETS.map((name) => `${inlineStyles[name].css.length} (${name})`).join(' and ')} bytes and an entry of ${js.length}`,
);
