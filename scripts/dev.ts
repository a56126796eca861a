// The site while you work on it: builds, starts the server, and on every save rebuilds and restarts it.
//   npm run dev [-- --state early-bird|normal|sold-out|closed]
// --state passes the server dates that put the sale in that state now (scripts/lib/devSale.ts); without it the
// environment's dates (or the defaults) apply, as with npm start. The page does not reload by itself: a line says
// when the new server is ready. It builds into .artifacts/dev/dist, so npm test's dist/ is left alone.
import path from 'node:path';
import * as esbuild from 'esbuild';
import type { SaleState } from '../shared/logic/sale.ts';
import { devSaleSettings, devStateFrom } from './lib/devSale.ts';
import { type RunningServer, startServer } from './lib/harness.ts';
import { buildOptions, buildSite } from './lib/siteBuild.ts';

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

// The harness gives the server its port as a number: a PORT that is none is refused here, as the server would.
const port = Number(process.env.PORT || 3000);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`Invalid PORT: expected an integer from 1 to 65535, got "${process.env.PORT}"`);
  process.exit(2);
}

let server: RunningServer | undefined;
let quitting = false;

/** The new build's server, on loopback and PORT (3000 unless set), with the environment's settings; its output as it comes. */
async function startDevServer(): Promise<void> {
  const dates = state ? devSaleSettings(state, Date.now()) : {};
  const stopped = (why: string): void => console.log(`\n  The server ${why}: fix what it says above and save a file to start it again.\n`);
  try {
    const started = await startServer({
      args: [path.join(DIST, 'server', 'index.js')],
      port,
      env: { ...process.env, ...dates },
      keepLines: false,
      onLine(line, stream) {
        if (stream === 'stderr') return void console.error(line);
        console.log(line);
        if (!line.includes('"event":"listening"')) return;
        const { url, state: shown } = JSON.parse(line) as { url: string; state: SaleState };
        console.log(`\n  Ready: reload ${url}/ (the sale: ${shown}). Saving a file rebuilds and restarts it.\n`);
      },
    });
    server = started;
    void started.exited.then(({ code, signal }) => {
      if (server === started && !quitting) stopped(`stopped (${code ?? signal})`);
    });
  } catch (error) {
    // The harness's first line says whether it exited or stayed silent; the server's own lines are above.
    const [why = ''] = (error instanceof Error ? error.message : String(error)).split('\n');
    stopped(`did not start (${why.replace(/:$/, '')})`);
  }
}

/** SIGINT: the server stops at once, with no lame duck (there is no balancer to wait for). */
async function stopServer(): Promise<void> {
  const running = server;
  server = undefined;
  await running?.stop('SIGINT');
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
    await startDevServer();
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

// Ctrl-C, or a SIGTERM (a terminal closed, a timeout): the server goes too, never left running on its port.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    quitting = true;
    void Promise.all(watchers.map((watcher) => watcher.dispose()))
      .then(stopServer)
      .then(() => process.exit(0));
  });
}
