// `npm run lighthouse`: Lighthouse, mobile preset (simulated throttling), Debian's Chromium, against the built
// server, judged against a floor measured in the same run: about 1 KB of HTML with the hero's heading and lead
// paragraph, sent with the site's own security headers. Every page must send those headers, and a header alone can
// cost a bare page (Cross-Origin-Opener-Policy made Chromium commit each page in a new renderer process): the fair
// floor pays what the headers cost. The bare floor (no headers) is printed beside it.
// Runs are interleaved (floor, floor + headers, /, /, /prompt1, floor, …) so that the machine's drift hits every
// page alike. Then a second view that does not depend on Lantern's simulation: the main thread's real work in a
// Chromium trace with the CPU slowed down, page against floor, and which tasks the difference is.
// It measures and reports; it never fails. LIGHTHOUSE_RUNS sets the runs per page (default 9: on two shared cores,
// medians of 5 moved by 0.02 to 0.03 s between runs). LIGHTHOUSE_WITH_COOP=1 adds the floor and the Early Bird page
// with Cross-Origin-Opener-Policy, which the site left out, to weigh it again. Every run's figures go to
// .artifacts/lighthouse/.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import type { SaleState } from '../../shared/logic/sale.ts';
import { devSaleSettings } from '../lib/devSale.ts';
import { startFloorServer } from '../lib/floor.ts';
import { startHeaderProxy } from '../lib/headerProxy.ts';
import { type LighthouseFigures, lighthouseRun } from './lib/lighthouseRun.ts';
import { CPU_SLOWDOWN, type MainThreadFigures, mainThreadRun, WORK_GROUPS } from './lib/mainThread.ts';
import { assertChromium, startProductionServer } from '../lib/harness.ts';
import { maxOf, median, minOf, ratioInterval } from '../lib/stats.ts';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS || 9);
if (!Number.isInteger(RUNS) || RUNS < 1) {
  console.error(`LIGHTHOUSE_RUNS: expected a whole number of runs from 1 up, got "${process.env.LIGHTHOUSE_RUNS}"`);
  process.exit(1);
}
const WITH_COOP = process.env.LIGHTHOUSE_WITH_COOP === '1';
assertChromium();

/** The site's targets (docs/performance.md), against the floor sent with the site's headers, medians of the runs. */
const PAINT_LIMIT = 1.1;
const TBT_ABOVE_FLOOR_MS = 50;
/** Lantern's initial congestion window, 10 segments of 1,460 bytes: a document any larger costs another round trip. */
const FIRST_ROUND_TRIP_BYTES = 14_600;
/** The opener policy the site left out (docs/decisions), as helmet would send it. */
const COOP = ['cross-origin-opener-policy', 'same-origin'] as const;

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

/** The security headers the site sends with its landing page, for the fair floor. */
async function siteHeaders(url: string): Promise<Record<string, string>> {
  const response = await fetch(url);
  await response.arrayBuffer();
  return Object.fromEntries([...response.headers].filter(([name]) => !NOT_POLICY.has(name)));
}

/** A strict policy: nothing by default, and no inline code or eval but what the build's hashes allow. */
function strictCsp(policy: string | undefined): boolean {
  if (!policy) return false;
  const directives = new Map(
    policy
      .split(';')
      .map((directive) => directive.trim().split(/\s+/) as [string, ...string[]])
      .map(([name, ...values]) => [name, values]),
  );
  const loose = ["'unsafe-inline'", "'unsafe-eval'", '*', 'data:', 'http:', 'https:'];
  const scripts = directives.get('script-src') ?? directives.get('default-src') ?? [];
  return directives.get('default-src')?.join(' ') === "'none'" && scripts.every((value) => !loose.includes(value));
}

interface Site {
  url: string;
  child: { exitCode: number | null; signalCode: string | null };
  log: string[];
  stop(): Promise<unknown>;
}

/** The site as an operator runs it (the harness gives the production settings), in the sale's `state`. */
async function startSite(state: SaleState): Promise<Site> {
  const log: string[] = [];
  const server = await startProductionServer(devSaleSettings(state, Date.now()), {
    onLine: (line: string) => {
      log.push(line);
      if (log.length > 5) log.shift();
    },
  });
  return { ...server, log };
}

/** A server that died mid-run would turn every later run into Chromium's error page: stop with its last words. */
function assertRunning(name: string, site: Site): void {
  const { exitCode, signalCode } = site.child;
  if (exitCode === null && signalCode === null) return;
  throw new Error(`The ${name} server at ${site.url} exited (${exitCode ?? signalCode}):\n${site.log.join('\n')}`);
}

/** Refuses to measure a server in the wrong sale state: the pricing card's class says which one it renders. */
async function assertState(url: string, cardClass: string): Promise<void> {
  const html = await (await fetch(url)).text();
  // The card element itself: the bare class names are in every page's inline stylesheet.
  if (!html.includes(`class="price-card ${cardClass}"`)) throw new Error(`${url} does not render ${cardClass}: the server is not in the state measured`);
}

/** Each distinct value with the number of runs that gave it (`pick` returns one value or a list per run), most frequent first. */
function tally<T>(runs: T[], pick: (run: T) => string | string[]): string[] {
  const counts = new Map<string, number>();
  for (const run of runs) for (const value of new Set([pick(run)].flat())) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]).map(([value, count]) => `${value} (${count}/${runs.length})`);
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;
const times = (ratio: number): string => `${ratio.toFixed(2)} ×`;
const ms = (value: number): string => `${value.toFixed(0)} ms`;
const signed = (value: number): string => `${value >= 0 ? '+' : ''}${value.toFixed(0)} ms`;
const load = async (): Promise<string> => (await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ');

type Summary = Omit<
  LighthouseFigures,
  'lcpElement' | 'renderBlocking' | 'beforeLcp' | 'documentBytes' | 'longTasks' | 'failing' | 'error' | 'userAgent' | 'version'
>;

function summarise(runs: LighthouseFigures[]): Summary {
  const m = (pick: (run: LighthouseFigures) => number): number => median(runs.map(pick));
  const phases = runs[0]?.lcpPhases ?? { ttfb: 0, loadDelay: 0, loadTime: 0, renderDelay: 0 };
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
    lcpPhases: Object.fromEntries(Object.keys(phases).map((phase) => [phase, m((r) => r.lcpPhases[phase as keyof typeof phases])])) as typeof phases,
  };
}

interface Page {
  name: string;
  url: string;
  /** A floor, not a page of the site: it gets no verdicts. */
  floor?: boolean;
  /** Traced for the main-thread view. */
  traced?: boolean;
}

function printPage(page: Page, runs: LighthouseFigures[], s: Summary, fair: Summary): void {
  const { fcp, lcp, lcpPhases: p } = s;
  console.log(`\n${page.name}  ${page.url}  median of ${runs.length} runs`);
  console.log(`  FCP ${seconds(fcp)} (${times(fcp / fair.fcp)} floor + headers)  LCP ${seconds(lcp)} (${times(lcp / fair.lcp)} floor + headers)`);
  console.log(`  LCP element: ${tally(runs, (r) => r.lcpElement).join('; ')}`);
  console.log(
    `  LCP breakdown as observed (the trace's, not Lantern's): TTFB ${ms(p.ttfb)}, resource load delay ${ms(p.loadDelay)}, resource load time ${ms(p.loadTime)}, render delay ${ms(p.renderDelay)}`,
  );
  const bytes = runs.map((r) => r.documentBytes).filter(Number.isFinite);
  console.log(
    `  document transferred: ${minOf(bytes)} to ${maxOf(bytes)} bytes, headers included (Lantern's first round trip carries ${FIRST_ROUND_TRIP_BYTES})`,
  );
  const blocking = tally(runs, (r) => r.renderBlocking.map((b) => `${b.url} ${(b.bytes / 1024).toFixed(1)} KB`));
  console.log(`  render-blocking requests: ${blocking.length ? blocking.join('; ') : 'none'}`);
  console.log(
    `  finished before the real paint (Lantern's LCP estimate counts them), real LCP ${ms(s.observedLcp)}: ${tally(runs, (r) => r.beforeLcp).join('; ')}`,
  );
  console.log(
    `  performance ${s.performance}  accessibility ${s.accessibility}  best practices ${s.bestPractices}  SEO ${s.seo}  TBT ${ms(s.tbt)}  CLS ${s.cls.toFixed(3)}`,
  );
  console.log(`  per run: FCP ${runs.map((r) => seconds(r.fcp)).join(', ')}; TBT ${runs.map((r) => ms(r.tbt)).join(', ')}`);
  console.log(`  Lantern's long tasks (simulated length): ${tally(runs, (r) => r.longTasks.map((t) => `${t.url} ${ms(t.duration)}`)).join('; ') || 'none'}`);
  const unmeasured = runs.filter((r) => !Number.isFinite(r.lcp) || !Number.isFinite(r.fcp));
  if (unmeasured.length) console.log(`  ${unmeasured.length} run(s) without a paint metric: ${unmeasured.map((r) => r.error).join('; ')}`);
  const failing = [...new Set(runs.flatMap((r) => r.failing))];
  if (failing.length) console.log(`  failing audits: ${failing.join(', ')}`);
}

/**
 * One PASS or MISS line per target of the site. Each line that compares with the floor gives the 95 % interval of
 * its ratio to the limit, from the runs themselves, and says so when that interval holds the limit: such a verdict
 * can flip in the next run. TBT is judged as the page's own: its excess over the floor's.
 */
function verdicts(page: Page, s: Summary, runs: LighthouseFigures[], fair: Summary, fairRuns: LighthouseFigures[], csp: boolean): string[] {
  const line = (ok: boolean, text: string): string => `${ok ? 'PASS' : 'MISS'}  ${page.name.padEnd(22)} ${text}`;
  const spread = (values: number[], reference: number[], limit: number): string => {
    const { low, high } = ratioInterval(values, reference);
    return `95 % interval ${low.toFixed(2)} to ${high.toFixed(2)}${low <= limit && limit < high ? ': within the noise' : ''}`;
  };
  const paint = (metric: 'fcp' | 'lcp', label: string): string => {
    const ratio = s[metric] / fair[metric];
    const interval = spread(
      runs.map((r) => r[metric]),
      fairRuns.map((r) => r[metric]),
      PAINT_LIMIT,
    );
    return line(
      ratio <= PAINT_LIMIT,
      `${label} ${seconds(s[metric])} ≤ ${PAINT_LIMIT} × floor + headers ${seconds(fair[metric])} = ${seconds(PAINT_LIMIT * fair[metric])} (${times(ratio)}, ${interval})`,
    );
  };
  // median(floor + 50) = median(floor) + 50: the ratio of the page's TBT to that is at most 1 exactly when its excess is at most 50 ms.
  const tbtLimit = fair.tbt + TBT_ABOVE_FLOOR_MS;
  const tbtInterval = spread(
    runs.map((r) => r.tbt),
    fairRuns.map((r) => r.tbt + TBT_ABOVE_FLOOR_MS),
    1,
  );
  return [
    paint('fcp', 'FCP'),
    paint('lcp', 'LCP'),
    line(
      s.tbt <= tbtLimit,
      `TBT ${ms(s.tbt)} ≤ floor + headers ${ms(fair.tbt)} + ${TBT_ABOVE_FLOOR_MS} ms = ${ms(tbtLimit)} (${signed(s.tbt - fair.tbt)} its own; ${times(s.tbt / tbtLimit)} the limit, ${tbtInterval})`,
    ),
    line(s.cls === 0, `CLS ${s.cls.toFixed(3)} = 0`),
    line(
      s.accessibility === 100 && s.bestPractices === 100 && s.seo === 100,
      `accessibility ${s.accessibility}, best practices ${s.bestPractices}, SEO ${s.seo} = 100`,
    ),
    line(csp, "Content-Security-Policy strict: default-src 'none', no 'unsafe-inline', 'unsafe-eval' or wildcard for scripts"),
  ];
}

/** The main-thread view: page against the fair floor, and what the page's excess is made of. */
function printMainThread(pages: Page[], traces: Map<string, MainThreadFigures[]>, fairName: string, loads: string): void {
  const floorRuns = traces.get(fairName) ?? [];
  const m = (runs: MainThreadFigures[], pick: (run: MainThreadFigures) => number): number => median(runs.map(pick));
  console.log(
    `\nMain thread, ${CPU_SLOWDOWN} × CPU (CDP Emulation.setCPUThrottlingRate), Chromium trace from the navigation's start until quiet, median of ${RUNS}; load ${loads}`,
  );
  console.log('busy: wall time of its tasks; CPU: their CPU time, which other processes on the machine disturb less (the slowdown spins the CPU).');
  console.log(`${'page'.padEnd(24)}busy     CPU      over 50 ms  first paint  quiet at   busy over floor  CPU over floor`);
  for (const page of pages.filter((p) => p.traced)) {
    const runs = traces.get(page.name) ?? [];
    const excess =
      page.name === fairName
        ? ''
        : `${signed(m(runs, (r) => r.busy) - m(floorRuns, (r) => r.busy)).padEnd(17)}${signed(m(runs, (r) => r.cpu) - m(floorRuns, (r) => r.cpu))}`;
    const unsettled = runs.filter((r) => !r.settled).length;
    console.log(
      `${page.name.padEnd(24)}${ms(m(runs, (r) => r.busy)).padEnd(9)}${ms(m(runs, (r) => r.cpu)).padEnd(9)}${ms(m(runs, (r) => r.blocking)).padEnd(12)}` +
        `${ms(m(runs, (r) => r.firstPaint)).padEnd(13)}${ms(m(runs, (r) => r.quietAt)).padEnd(11)}${excess}${unsettled ? `  (${unsettled} run(s) still busy at the end)` : ''}`,
    );
  }
  console.log(`\nCPU over the floor by kind of work (medians): ${WORK_GROUPS.join(', ')}`);
  for (const page of pages.filter((p) => p.traced && p.name !== fairName)) {
    const runs = traces.get(page.name) ?? [];
    const kinds = WORK_GROUPS.map((group) => signed(m(runs, (r) => r.groups[group]) - m(floorRuns, (r) => r.groups[group])).padStart(8));
    console.log(`${page.name.padEnd(24)}${kinds.join(' ')}`);
  }
  for (const page of pages.filter((p) => p.traced)) {
    const runs = traces.get(page.name) ?? [];
    const typical = [...runs].sort((a, b) => a.busy - b.busy)[Math.floor((runs.length - 1) / 2)];
    if (!typical) continue;
    console.log(`\n${page.name}: its tasks of real work in the run of median busy time (start, wall, CPU, what took the CPU)`);
    for (const task of typical.tasks) {
      const phase = task.start < typical.firstPaint ? 'before paint' : 'after paint ';
      console.log(`  ${phase} @${ms(task.start).padEnd(8)} ${ms(task.duration).padEnd(7)} ${ms(task.cpu).padEnd(7)} ${task.top.join('; ')}`);
    }
  }
}

const bareFloor = await startFloorServer();
const earlyBird = await startSite('early-bird');
const normal = await startSite('normal');
const headers = await siteHeaders(`${earlyBird.url}/`);
const fairFloor = await startFloorServer({ headers });
const withCoop = WITH_COOP
  ? {
      floor: await startFloorServer({ headers: { ...headers, [COOP[0]]: COOP[1] } }),
      site: await startHeaderProxy(earlyBird.url, ...COOP),
    }
  : null;
const FAIR = 'floor + headers';
const BARE = 'floor';
const pages: Page[] = [
  { name: BARE, url: `${bareFloor.url}/`, floor: true },
  { name: FAIR, url: `${fairFloor.url}/`, floor: true, traced: true },
  ...(withCoop ? [{ name: 'floor + headers + COOP', url: `${withCoop.floor.url}/`, floor: true, traced: true }] : []),
  { name: '/ (Early Bird)', url: `${earlyBird.url}/`, traced: true },
  ...(withCoop ? [{ name: '/ (Early Bird) + COOP', url: `${withCoop.site.url}/`, traced: true }] : []),
  { name: '/ (normal)', url: `${normal.url}/`, traced: true },
  { name: '/prompt1', url: `${earlyBird.url}/prompt1`, traced: true },
];

try {
  await assertState(`${earlyBird.url}/`, 'price-card--early');
  await assertState(`${normal.url}/`, 'price-card--normal');
  const csp = new Map<string, boolean>();
  for (const page of pages) csp.set(page.name, strictCsp((await fetch(page.url)).headers.get('content-security-policy') ?? undefined));
  const progress = (text: string): void => {
    if (process.stderr.isTTY) process.stderr.write(`\r${text}`.padEnd(60));
  };
  const checkServers = (): void => {
    assertRunning('Early Bird', earlyBird);
    assertRunning('normal', normal);
  };

  const lighthouseLoad = [await load()];
  const runs = new Map<string, LighthouseFigures[]>(pages.map((page) => [page.name, []]));
  for (let i = 1; i <= RUNS; i += 1) {
    for (const page of pages) {
      checkServers();
      progress(`Lighthouse, run ${i} of ${RUNS}: ${page.name}`);
      runs.get(page.name)?.push(await lighthouseRun(page.url));
    }
  }
  lighthouseLoad.push(await load());

  const traceLoad = [await load()];
  const traces = new Map<string, MainThreadFigures[]>(pages.filter((page) => page.traced).map((page) => [page.name, []]));
  for (let i = 1; i <= RUNS; i += 1) {
    for (const page of pages.filter((p) => p.traced)) {
      checkServers();
      progress(`trace, run ${i} of ${RUNS}: ${page.name}`);
      traces.get(page.name)?.push(await mainThreadRun(page.url));
    }
  }
  traceLoad.push(await load());
  progress('');
  if (process.stderr.isTTY) process.stderr.write('\n');

  const summaries = new Map(pages.map((page) => [page.name, summarise(runs.get(page.name) ?? [])]));
  const summaryOf = (name: string): Summary => summaries.get(name) as Summary;
  const fair = summaryOf(FAIR);
  const bare = summaryOf(BARE);
  console.log(
    `Lighthouse ${runs.get(BARE)?.[0]?.version}, mobile preset (simulated throttling), ${runs.get(BARE)?.[0]?.userAgent}; load average ${lighthouseLoad.join(' → ')}`,
  );
  for (const page of pages) printPage(page, runs.get(page.name) ?? [], summaryOf(page.name), fair);

  console.log(`\nmedian of ${RUNS}             FCP     ×hdrs  ×bare  LCP     ×hdrs  ×bare  perf  a11y  BP   SEO  TBT     own TBT  CLS`);
  for (const page of pages) {
    const s = summaryOf(page.name);
    console.log(
      `${page.name.padEnd(22)}  ${seconds(s.fcp)}  ${(s.fcp / fair.fcp).toFixed(2)}   ${(s.fcp / bare.fcp).toFixed(2)}   ` +
        `${seconds(s.lcp)}  ${(s.lcp / fair.lcp).toFixed(2)}   ${(s.lcp / bare.lcp).toFixed(2)}   ` +
        `${String(s.performance).padEnd(5)} ${String(s.accessibility).padEnd(5)} ${String(s.bestPractices).padEnd(4)} ${String(s.seo).padEnd(4)} ` +
        `${ms(s.tbt).padEnd(7)} ${(page.floor ? '' : signed(s.tbt - fair.tbt)).padEnd(8)} ${s.cls.toFixed(3)}`,
    );
  }
  console.log(
    `\n×hdrs: to the floor sent with the site's security headers, which the site's targets use. ×bare: to the bare floor. own TBT: above the floor + headers'.\n`,
  );
  console.log("The site's targets: FCP and LCP ≤ 1.10 × the floor + headers', TBT ≤ its + 50 ms, CLS 0, scores 100, a strict CSP.");
  for (const page of pages.filter((p) => !p.floor))
    for (const line of verdicts(page, summaryOf(page.name), runs.get(page.name) ?? [], fair, runs.get(FAIR) ?? [], csp.get(page.name) ?? false))
      console.log(line);

  printMainThread(pages, traces, FAIR, traceLoad.join(' → '));

  const file = `.artifacts/lighthouse/${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
  await mkdir('.artifacts/lighthouse', { recursive: true });
  const record = pages.map((page) => ({ ...page, median: summaries.get(page.name), runs: runs.get(page.name), traces: traces.get(page.name) }));
  await writeFile(
    file,
    `${JSON.stringify({ date: new Date().toISOString(), runsPerPage: RUNS, load: { lighthouseLoad, traceLoad }, pages: record }, null, 2)}\n`,
  );
  console.log(`\nEvery run's figures: ${file}`);
} finally {
  await Promise.all([bareFloor.stop(), fairFloor.stop(), earlyBird.stop(), normal.stop(), withCoop?.floor.stop(), withCoop?.site.stop()]);
}
