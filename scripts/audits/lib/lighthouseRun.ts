// One Lighthouse run in a fresh Chromium, reduced to the figures `npm run lighthouse` reports.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../lib/harness.ts';

/** The phases of the LCP breakdown, each with the subpart of lcp-breakdown-insight's table that gives it. */
const LCP_PHASES = { ttfb: 'timeToFirstByte', loadDelay: 'resourceLoadDelay', loadTime: 'resourceLoadDuration', renderDelay: 'elementRenderDelay' } as const;
type LcpPhase = keyof typeof LCP_PHASES;

/** A long task as Lantern simulates it (the mobile preset's CPU is four times slower than this machine's). */
interface LongTask {
  url: string;
  start: number;
  duration: number;
}

export interface LighthouseFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  observedFcp: number;
  observedLcp: number;
  lcpElement: string;
  /** The LCP's subparts as Lighthouse 13 gives them: from the trace as observed, not Lantern's simulation. */
  lcpPhases: Record<LcpPhase, number>;
  renderBlocking: { url: string; bytes: number; wastedMs: number }[];
  beforeLcp: string[];
  /** Bytes of the document on the wire, headers included. */
  documentBytes: number;
  longTasks: LongTask[];
  failing: string[];
  error: string | null;
  userAgent: string;
  /** Lighthouse's own. */
  version: string;
}

/** A URL as the report shows it: the path alone when it is on the page's own origin. */
const shortUrl = (url: string, origin: string): string => (url.startsWith(origin) ? url.slice(origin.length) || '/' : url);

/** The rows of an audit's table (Lighthouse's details are loosely typed: each report reads only the fields it knows). */
type Row = Record<string, unknown>;
const rowsOf = (details: unknown): Row[] => ((details as { items?: Row[] } | undefined)?.items ?? []) as Row[];

/**
 * Lighthouse's default settings: the mobile preset with simulated throttling (Lantern). Lantern estimates
 * each paint from the requests that had finished when the page really painted, so `beforeLcp` lists them.
 */
export async function lighthouseRun(url: string): Promise<LighthouseFigures> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' });
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    return figuresOf(result.lhr);
  } finally {
    chrome.kill();
  }
}

function figuresOf(lhr: Result): LighthouseFigures {
  const { origin } = new URL(lhr.finalDisplayedUrl);
  const numeric = (id: string): number => lhr.audits[id]?.numericValue ?? Number.NaN;
  const score = (id: string): number => (lhr.categories[id]?.score ?? Number.NaN) * 100;

  // A list: the table of subparts, then the element. The table leaves out the two resource subparts when the element
  // is text, which loads nothing: they took no time.
  const [subpartTable, element] = rowsOf(lhr.audits['lcp-breakdown-insight']?.details);
  const node = element as { selector: string; snippet: string } | undefined;
  const subparts = rowsOf(subpartTable);
  const noBreakdown = subparts.length === 0 ? Number.NaN : 0;
  const phases = Object.fromEntries(
    Object.entries(LCP_PHASES).map(([phase, subpart]) => [
      phase,
      (subparts.find((row) => row.subpart === subpart)?.duration as number | undefined) ?? noBreakdown,
    ]),
  ) as Record<LcpPhase, number>;

  const observed = (rowsOf(lhr.audits.metrics?.details)[0] ?? {}) as Record<string, number | undefined>;
  const network = lhr.audits['network-requests']?.details as { items?: Row[]; debugData?: { networkStartTimeTs?: number } } | undefined;
  const requests = network?.items ?? [];
  const networkStartUs = network?.debugData?.networkStartTimeTs ?? Number.NaN;
  const lcpTs = observed.observedLargestContentfulPaintTs ?? Number.NaN;
  const beforeLcp = requests
    .filter((request) => networkStartUs + (request.networkEndTime as number) * 1000 <= lcpTs)
    .map((request) => shortUrl(request.url as string, origin));

  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcp: numeric('first-contentful-paint'),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    observedFcp: observed.observedFirstContentfulPaint ?? Number.NaN,
    observedLcp: observed.observedLargestContentfulPaint ?? Number.NaN,
    lcpElement: node ? `${node.selector} ${node.snippet}` : 'none',
    lcpPhases: phases,
    renderBlocking: rowsOf(lhr.audits['render-blocking-insight']?.details).map((item) => ({
      url: shortUrl(item.url as string, origin),
      bytes: item.totalBytes as number,
      wastedMs: item.wastedMs as number,
    })),
    beforeLcp,
    documentBytes: (requests.find((request) => request.resourceType === 'Document')?.transferSize as number | undefined) ?? Number.NaN,
    longTasks: rowsOf(lhr.audits['long-tasks']?.details).map((task) => ({
      url: shortUrl(task.url as string, origin),
      start: task.startTime as number,
      duration: task.duration as number,
    })),
    failing: Object.values(lhr.audits)
      .filter((audit) => audit.scoreDisplayMode === 'binary' && audit.score !== null && audit.score < 1)
      .map((audit) => audit.id),
    error: lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : (lhr.audits['largest-contentful-paint']?.errorMessage ?? null),
    userAgent: lhr.environment?.hostUserAgent ?? '',
    version: lhr.lighthouseVersion,
  };
}
