// `npm run lighthouse`: Lighthouse 12, mobile preset (simulated throttling), Debian's Chromium, against the built
// server, with a floor measured in the same run: about 1 KB of HTML with the hero's heading and lead paragraph from a
// bare node:http server. Runs are interleaved (floor, floor + headers, /, /, /prompt1, floor, …) so that the machine's
// drift hits every page alike, and each page's paints are reported as ratios to the floor's. It measures and reports;
// it never fails.
// A second reference, the same floor sent with the site's own security headers, shows what those headers cost: with
// Cross-Origin-Opener-Policy, Chromium commits the page in a new renderer process instead of reusing the blank tab's.
// LIGHTHOUSE_RUNS sets the runs per page (default 9: on two shared cores, medians of 5 moved by 0.02 to 0.03 s between
// runs); each paint's verdict gives the 95 % interval of its ratio, from the runs themselves. The figures of every run
// go to .artifacts/lighthouse/.
import { mkdir, writeFile } from 'node:fs/promises';
import { assertChromium } from './chromium.mjs';
import { startFloorServer } from './lib/floor.mjs';
import { lighthouseRun } from './lib/lighthouseRun.mjs';
import { startBuiltServer } from './lib/servers.mjs';
import { median, ratioInterval } from './lib/stats.mjs';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS || 9);
if (!Number.isInteger(RUNS) || RUNS < 1) {
  console.error(`LIGHTHOUSE_RUNS: expected a whole number of runs from 1 up, got "${process.env.LIGHTHOUSE_RUNS}"`);
  process.exit(1);
}
assertChromium();

/** The site's targets, against the floor's medians. */
const LCP_LIMIT = 1.15;
const FCP_LIMIT = 1.1;
const TBT_LIMIT_MS = 50;
/** Lantern's initial congestion window, 10 segments of 1,460 bytes: a document any larger costs another round trip. */
const FIRST_ROUND_TRIP_BYTES = 14_600;

/** What a response says about its body, its caching or its connection: everything else the site sends is policy. */
const NOT_POLICY = new Set([
  'cache-control',
  'connection',
  'content-encoding',
  'content-length',
  'content-type',
  'date',
  'etag',
  'keep-alive',
  'last-modified',
  'transfer-encoding',
  'vary',
]);

/** The security headers the site sends with its landing page, for the second floor. */
async function siteHeaders(url) {
  const response = await fetch(url);
  await response.arrayBuffer();
  return Object.fromEntries([...response.headers].filter(([name]) => !NOT_POLICY.has(name)));
}

const DAY = 86_400_000;
const at = (offsetMs) => new Date(Date.now() + offsetMs).toISOString();

/** The site as an operator runs it (servers.mjs gives the production settings); `env` sets the sale's state. */
async function startSite(env) {
  const log = [];
  const server = await startBuiltServer(env, {
    onLine: (line) => {
      log.push(line);
      if (log.length > 5) log.shift();
    },
  });
  return { ...server, log };
}

/** A server that died mid-run would turn every later run into Chromium's error page: stop with its last words. */
function assertRunning(server) {
  const { exitCode, signalCode } = server.child;
  if (exitCode === null && signalCode === null) return;
  throw new Error(`The server at ${server.url} exited (${exitCode ?? signalCode}):\n${server.stderr()}${server.log.join('\n')}`);
}

/** Refuses to measure a server in the wrong sale state: the pricing card's class says which one it renders. */
async function assertState(url, cardClass) {
  const html = await (await fetch(url)).text();
  // The card element itself: the bare class names are in every page's inline stylesheet.
  if (!html.includes(`class="price-card ${cardClass}"`)) throw new Error(`${url} does not render ${cardClass}: the server is not in the state measured`);
}

/** Each distinct value with the number of runs that gave it (`pick` returns one value or a list per run), most frequent first. */
function tally(runs, pick) {
  const counts = new Map();
  for (const run of runs) for (const value of new Set([pick(run)].flat())) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]).map(([value, count]) => `${value} (${count}/${runs.length})`);
}

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
const times = (ratio) => `${ratio.toFixed(2)} ×`;

function summarise(runs) {
  const m = (pick) => median(runs.map(pick));
  return {
    performance: m((r) => r.performance),
    accessibility: m((r) => r.accessibility),
    bestPractices: m((r) => r.bestPractices),
    seo: m((r) => r.seo),
    fcp: m((r) => r.fcp),
    lcp: m((r) => r.lcp),
    tbt: m((r) => r.tbt),
    cls: m((r) => r.cls),
    observedFcp: m((r) => r.observedFcp),
    observedLcp: m((r) => r.observedLcp),
    lcpPhases: Object.fromEntries(Object.keys(runs[0].lcpPhases).map((phase) => [phase, m((r) => r.lcpPhases[phase])])),
  };
}

function printPage(name, url, runs, summary, floor) {
  const { fcp, lcp, lcpPhases: p } = summary;
  console.log(`\n${name}  ${url}  median of ${runs.length} runs`);
  if (floor) console.log(`  FCP ${seconds(fcp)} (${times(fcp / floor.fcp)} floor)  LCP ${seconds(lcp)} (${times(lcp / floor.lcp)} floor)`);
  else console.log(`  FCP ${seconds(fcp)}  LCP ${seconds(lcp)}`);
  console.log(`  LCP element: ${tally(runs, (r) => r.lcpElement).join('; ')}`);
  console.log(
    `  LCP breakdown: TTFB ${p.ttfb.toFixed(0)} ms, resource load delay ${p.loadDelay.toFixed(0)} ms, ` +
      `resource load time ${p.loadTime.toFixed(0)} ms, render delay ${p.renderDelay.toFixed(0)} ms`,
  );
  const bytes = runs.map((r) => r.documentBytes).filter(Number.isFinite);
  console.log(
    `  document transferred: ${Math.min(...bytes)} to ${Math.max(...bytes)} bytes, headers included (Lantern's first round trip carries ${FIRST_ROUND_TRIP_BYTES})`,
  );
  const blocking = tally(runs, (r) => r.renderBlocking.map((b) => `${b.url} ${(b.bytes / 1024).toFixed(1)} KB`));
  console.log(`  render-blocking requests: ${blocking.length ? blocking.join('; ') : 'none'}`);
  console.log(
    `  finished before the real paint (Lantern's LCP estimate counts them), real LCP ${summary.observedLcp.toFixed(0)} ms: ` +
      tally(runs, (r) => r.beforeLcp).join('; '),
  );
  console.log(
    `  performance ${summary.performance}  accessibility ${summary.accessibility}  best practices ${summary.bestPractices}  ` +
      `SEO ${summary.seo}  TBT ${summary.tbt.toFixed(0)} ms  CLS ${summary.cls.toFixed(3)}`,
  );
  console.log(`  per run: FCP ${runs.map((r) => seconds(r.fcp)).join(', ')}; LCP ${runs.map((r) => seconds(r.lcp)).join(', ')}`);
  const unmeasured = runs.filter((r) => !Number.isFinite(r.lcp) || !Number.isFinite(r.fcp));
  if (unmeasured.length) console.log(`  ${unmeasured.length} run(s) without a paint metric: ${unmeasured.map((r) => r.error).join('; ')}`);
  const failing = [...new Set(runs.flatMap((r) => r.failing))];
  if (failing.length) console.log(`  failing audits: ${failing.join(', ')}`);
}

/**
 * One PASS or MISS line per target of the site. A paint's line also gives the 95 % interval of its ratio, from the
 * runs themselves, and says so when that interval holds the limit: such a verdict can flip in the next run.
 */
function verdicts(name, s, floor, runs, floorRuns) {
  const line = (ok, text) => `${ok ? 'PASS' : 'MISS'}  ${name.padEnd(16)} ${text}`;
  const paint = (metric, label, limit) => {
    const { low, high } = ratioInterval(
      runs.map((r) => r[metric]),
      floorRuns.map((r) => r[metric]),
    );
    const ratio = s[metric] / floor[metric];
    const spread = `(${times(ratio)}, 95 % interval ${low.toFixed(2)} to ${high.toFixed(2)}${low <= limit && limit < high ? ': within the noise' : ''})`;
    return line(ratio <= limit, `${label} ${seconds(s[metric])} ≤ ${limit} × floor ${seconds(floor[metric])} = ${seconds(limit * floor[metric])} ${spread}`);
  };
  return [
    paint('lcp', 'LCP', LCP_LIMIT),
    paint('fcp', 'FCP', FCP_LIMIT),
    line(s.performance === 100, `performance ${s.performance} = 100`),
    line(s.tbt <= TBT_LIMIT_MS, `TBT ${s.tbt.toFixed(0)} ms ≤ ${TBT_LIMIT_MS} ms`),
    line(s.cls === 0, `CLS ${s.cls.toFixed(3)} = 0`),
    line(
      s.accessibility === 100 && s.bestPractices === 100 && s.seo === 100,
      `accessibility ${s.accessibility}, best practices ${s.bestPractices}, SEO ${s.seo} = 100`,
    ),
  ];
}

const floorServer = await startFloorServer();
const earlyBird = await startSite({ EARLY_BIRD_DEADLINE: at(30 * DAY), WORKSHOP_START: at(60 * DAY) });
const normal = await startSite({ EARLY_BIRD_DEADLINE: at(-DAY), WORKSHOP_START: at(30 * DAY) });
const headersFloorServer = await startFloorServer({ headers: await siteHeaders(`${earlyBird.url}/`) });
const HEADERS_FLOOR = 'floor + headers';
const pages = [
  { name: 'floor', url: `${floorServer.url}/` },
  { name: HEADERS_FLOOR, url: `${headersFloorServer.url}/` },
  { name: '/ (Early Bird)', url: `${earlyBird.url}/` },
  { name: '/ (normal)', url: `${normal.url}/` },
  { name: '/prompt1', url: `${earlyBird.url}/prompt1` },
];

try {
  await assertState(`${earlyBird.url}/`, 'price-card--early');
  await assertState(`${normal.url}/`, 'price-card--normal');
  const runs = new Map(pages.map((page) => [page.name, []]));
  for (let i = 1; i <= RUNS; i += 1) {
    for (const page of pages) {
      assertRunning(earlyBird);
      assertRunning(normal);
      if (process.stderr.isTTY) process.stderr.write(`\rrun ${i} of ${RUNS}: ${page.name}`.padEnd(40));
      runs.get(page.name).push(await lighthouseRun(page.url));
    }
  }

  const summaries = new Map(pages.map((page) => [page.name, summarise(runs.get(page.name))]));
  const floor = summaries.get('floor');
  const headersFloor = summaries.get(HEADERS_FLOOR);
  const sitePages = pages.filter((page) => page.name !== 'floor' && page.name !== HEADERS_FLOOR);
  if (process.stderr.isTTY) process.stderr.write('\n');
  console.log(`Lighthouse 12, mobile preset (simulated throttling), ${runs.get('floor')[0].userAgent}`);
  for (const page of pages) printPage(page.name, page.url, runs.get(page.name), summaries.get(page.name), page.name === 'floor' ? null : floor);

  console.log(`\nmedian of ${RUNS}      FCP     ×floor  ×hdrs  LCP     ×floor  ×hdrs  perf  a11y  BP   SEO  TBT     CLS`);
  for (const page of pages) {
    const s = summaries.get(page.name);
    console.log(
      `${page.name.padEnd(16)}  ${seconds(s.fcp)}  ${(s.fcp / floor.fcp).toFixed(2)}    ${(s.fcp / headersFloor.fcp).toFixed(2)}   ` +
        `${seconds(s.lcp)}  ${(s.lcp / floor.lcp).toFixed(2)}    ${(s.lcp / headersFloor.lcp).toFixed(2)}   ` +
        `${String(s.performance).padEnd(5)} ${String(s.accessibility).padEnd(5)} ${String(s.bestPractices).padEnd(4)} ${String(s.seo).padEnd(4)} ` +
        `${`${s.tbt.toFixed(0)} ms`.padEnd(7)} ${s.cls.toFixed(3)}`,
    );
  }
  console.log(`\n×floor: to the bare floor, which the site's targets use. ×hdrs: to the floor sent with the site's security headers.\n`);
  for (const page of sitePages)
    for (const line of verdicts(page.name, summaries.get(page.name), floor, runs.get(page.name), runs.get('floor'))) console.log(line);

  const file = `.artifacts/lighthouse/${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
  await mkdir('.artifacts/lighthouse', { recursive: true });
  const record = pages.map((page) => ({ ...page, median: summaries.get(page.name), runs: runs.get(page.name) }));
  await writeFile(file, `${JSON.stringify({ date: new Date().toISOString(), runsPerPage: RUNS, pages: record }, null, 2)}\n`);
  console.log(`\nEvery run's figures: ${file}`);
} finally {
  await Promise.all([floorServer.stop(), headersFloorServer.stop(), earlyBird.stop(), normal.stop()]);
}
