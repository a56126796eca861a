// The site while you work on it: builds it, serves it on PORT, and on every save rebuilds only what the change touches
// (scripts/lib/devBuild.ts), restarts the server and reloads the open page (scripts/lib/devReload.ts).
//   npm run dev [-- --state early-bird|normal|sold-out|closed]
// --state passes the server dates that put the sale in that state now (scripts/lib/devSale.ts); without it the
// environment's dates (or the defaults, a sale under way) apply, as with npm start. It builds into .artifacts/dev/dist,
// so npm test's dist/ is left alone.
import { type FSWatcher, watch } from 'node:fs';
import path from 'node:path';
import type { SaleState } from '../shared/logic/sale.ts';
import { startDevBuild } from './lib/devBuild.ts';
import { type ReloadProxy, startReloadProxy } from './lib/devReload.ts';
import { devSaleSettings, devStateFrom } from './lib/devSale.ts';
import { freePort, type RunningServer, startServer } from './lib/harness.ts';

const DIST = path.join('.artifacts', 'dev', 'dist');
/** What the site is made of: a change anywhere else (tests, docs) rebuilds nothing. */
const WATCHED = ['client', 'server', 'shared', 'public'];
/** Saving several files at once (a formatter, a checkout) makes one rebuild. */
const SETTLE_MS = 50;

let state: SaleState | null;
try {
  state = devStateFrom(process.argv.slice(2));
} catch (error) {
  console.error(`${error instanceof Error ? error.message : String(error)}\nUsage: npm run dev [-- --state early-bird|normal|sold-out|closed]`);
  process.exit(2);
}

// The proxy listens on PORT as a number: a PORT that is none is refused here, as the server would.
const port = Number(process.env.PORT || 3000);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`Invalid PORT: expected an integer from 1 to 65535, got "${process.env.PORT}"`);
  process.exit(2);
}

// The server listens on a port of its own, the same across restarts; the page is opened through the proxy on PORT.
const serverPort = await freePort();
let proxy: ReloadProxy;
try {
  proxy = await startReloadProxy(`http://127.0.0.1:${serverPort}`, port);
} catch (error) {
  console.error(`Cannot listen on 127.0.0.1:${port}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
}

let server: RunningServer | undefined;
let quitting = false;

/** The new build's server, with the environment's settings, its output as it comes; resolves with the sale it shows. */
async function startDevServer(): Promise<SaleState | null> {
  const dates = state ? devSaleSettings(state, Date.now()) : {};
  const stopped = (why: string): void => console.log(`\n  The server ${why}: fix what it says above and save a file to start it again.\n`);
  let shown: SaleState | null = null;
  try {
    const started = await startServer({
      args: [path.join(DIST, 'server', 'index.js')],
      port: serverPort,
      env: { ...process.env, ...dates },
      keepLines: false,
      onLine(line, stream) {
        if (stream === 'stderr') return void console.error(line);
        console.log(line);
        if (line.includes('"event":"listening"')) shown = (JSON.parse(line) as { state: SaleState }).state;
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
  return shown;
}

/** SIGINT: the server stops at once, with no lame duck (there is no balancer to wait for). */
async function stopServer(): Promise<void> {
  const running = server;
  server = undefined;
  await running?.stop('SIGINT');
}

console.log(`  Building into ${DIST}${state ? `; the sale shown as ${state}` : ''}.`);
const build = await startDevBuild(DIST);
const changed = new Set<string>();
let firstChangeMs = performance.now();
let building = false;
let again = false;
let ready = false;

/** What the changes touch rebuilt, then a new server and the open pages reloaded; a failed build leaves the last server running. */
async function rebuild(): Promise<void> {
  if (building) {
    again = true;
    return;
  }
  building = true;
  do {
    again = false;
    const files = [...changed];
    const since = firstChangeMs;
    changed.clear();
    let parts: string[];
    try {
      parts = await build.rebuild(files);
    } catch {
      // Ctrl-C disposes the builds under a pass: that is no failure to report.
      if (!quitting) console.error('\n  The build failed (see above): the last server keeps running. Fix it and save again.\n');
      continue;
    }
    if (parts.length === 0) continue;
    const builtMs = performance.now();
    await stopServer();
    const shown = await startDevServer();
    if (shown === null) continue;
    proxy.reload();
    const ms = (from: number, to = performance.now()): string => `${Math.round(to - from)} ms`;
    const timing = `${parts.join(', ')} built in ${ms(since, builtMs)}, the server restarted in ${ms(builtMs)}`;
    console.log(
      ready
        ? `\n  Reloaded ${proxy.url}/ ${ms(since)} after the save (${timing}); the sale: ${shown}.\n`
        : `\n  Ready: ${proxy.url}/ (the sale: ${shown}; ${timing}). A save rebuilds what it touches and reloads the page.\n`,
    );
    ready = true;
  } while (again);
  building = false;
}

let settle: NodeJS.Timeout | undefined;
const watchers: FSWatcher[] = WATCHED.map((dir) =>
  watch(dir, { recursive: true }, (_event, file) => {
    if (file === null) return;
    if (changed.size === 0) firstChangeMs = performance.now();
    changed.add(`${dir}/${file.split(path.sep).join('/')}`);
    clearTimeout(settle);
    settle = setTimeout(() => void rebuild(), SETTLE_MS);
  }),
);
await rebuild();
console.log(`  Watching ${WATCHED.map((dir) => `${dir}/`).join(', ')}. Ctrl-C stops.`);

// Ctrl-C, or a SIGTERM (a terminal closed, a timeout): the server goes too, never left running on its port.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    quitting = true;
    for (const watcher of watchers) watcher.close();
    void build
      .dispose()
      .then(stopServer)
      .then(() => proxy.stop())
      .then(() => process.exit(0));
  });
}
