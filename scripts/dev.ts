// The site while you work on it: builds, starts the server, and on every save rebuilds and restarts it.
//   npm run dev [-- --state early-bird|normal|sold-out|closed]
// --state passes the server dates that put the sale in that state now (scripts/lib/devSale.ts); without it the
// environment's dates (or the defaults) apply, as with npm start. The page does not reload by itself: a line says
// when the new server is ready. It builds into .artifacts/dev/dist, so npm test's dist/ is left alone.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { createInterface } from 'node:readline';
import * as esbuild from 'esbuild';
import type { SaleState } from '../shared/logic/sale.ts';
import { buildOptions, buildSite } from './lib/siteBuild.ts';
import { devSaleSettings, devStateFrom } from './lib/devSale.ts';

const DIST = path.join('.artifacts', 'dev', 'dist');
/** Saving several files at once (a formatter, a checkout) makes one rebuild. */
const SETTLE_MS = 50;

let state: SaleState | null;
try {
  state = devStateFrom(process.argv.slice(2));
} catch (error) {
  console.error(`${error instanceof Error ? error.message : String(error)}\nUsage: npm run dev [-- --state early-bird|normal|sold-out|closed]`);
  process.exit(2);
}

let server: ChildProcess | undefined;
let quitting = false;

function startServer(): void {
  const dates = state ? devSaleSettings(state, Date.now()) : {};
  const child = spawn(process.execPath, [path.join(DIST, 'server', 'index.js')], {
    env: { ...process.env, ...dates },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  createInterface({ input: child.stdout }).on('line', (line) => {
    console.log(line);
    if (!line.includes('"event":"listening"')) return;
    const { url, state: shown } = JSON.parse(line) as { url: string; state: SaleState };
    console.log(`\n  Ready: reload ${url}/ (the sale: ${shown}). Saving a file rebuilds and restarts it.\n`);
  });
  child.once('exit', (code, signal) => {
    if (server === child && !quitting) console.log(`\n  The server stopped (${code ?? signal}): fix what it says above and save a file to start it again.\n`);
  });
  server = child;
}

/** SIGINT: the server stops at once, with no lame duck (there is no balancer to wait for). */
async function stopServer(): Promise<void> {
  const child = server;
  server = undefined;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGINT');
  await exited;
}

let building = false;
let changedMeanwhile = false;
let built = false;

/** The real build (what production runs), then a new server; a failed build leaves the last server running. */
async function rebuild(): Promise<void> {
  if (building) {
    changedMeanwhile = true;
    return;
  }
  building = true;
  do {
    changedMeanwhile = false;
    const startedMs = performance.now();
    console.log(built ? '\n  Rebuilding: wait for the ready line before you reload.' : '\n  Building.');
    try {
      await buildSite(DIST);
    } catch {
      console.error('\n  The build failed (see above): the last server keeps running. Fix it and save again.\n');
      continue;
    }
    built = true;
    console.log(`  Built in ${Math.round(performance.now() - startedMs)} ms; restarting the server.`);
    await stopServer();
    startServer();
  } while (changedMeanwhile);
  building = false;
}

// One context per build of scripts/lib/siteBuild.ts, with its own options: they only watch (esbuild follows every file a
// build reads) and write nothing; whichever sees a change asks for one rebuild. Their first build starts the server.
let settle: NodeJS.Timeout | undefined;
const onChange: esbuild.Plugin = {
  name: 'rebuild-on-change',
  setup(build) {
    build.onEnd(() => {
      clearTimeout(settle);
      settle = setTimeout(() => void rebuild(), SETTLE_MS);
    });
  },
};
const { islands, styles, entry, server: serverBuild } = buildOptions(DIST);
const watchers = await Promise.all(
  [islands, styles, entry(''), serverBuild].map((options) => esbuild.context({ ...options, write: false, logLevel: 'silent', plugins: [onChange] })),
);
await Promise.all(watchers.map((watcher) => watcher.watch()));
console.log(`  Watching client/, server/ and shared/${state ? `; the sale shown as ${state}` : ''}. Ctrl-C stops.`);

process.once('SIGINT', () => {
  quitting = true;
  void Promise.all(watchers.map((watcher) => watcher.dispose()))
    .then(stopServer)
    .then(() => process.exit(0));
});
