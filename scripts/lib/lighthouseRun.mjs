// One Lighthouse run in a fresh Chromium, reduced to the figures `npm run lighthouse` reports.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.mjs';

/** The phases of lcp-breakdown's table, in the order Lighthouse lists them. */
const LCP_PHASES = ['ttfb', 'loadDelay', 'loadTime', 'renderDelay'];

/** A URL as the report shows it: the path alone when it is on the page's own origin. */
const shortUrl = (url, origin) => (url.startsWith(origin) ? url.slice(origin.length) || '/' : url);

/**
 * Lighthouse's default settings: the mobile preset with simulated throttling (Lantern). Lantern estimates
 * each paint from the requests that had finished when the page really painted, so `beforeLcp` lists them.
 */
export async function lighthouseRun(url) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
  try {
    const { lhr } = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' });
    return figuresOf(lhr);
  } finally {
    await chrome.kill();
  }
}

function figuresOf(lhr) {
  const { origin } = new URL(lhr.finalDisplayedUrl);
  const numeric = (id) => lhr.audits[id]?.numericValue ?? NaN;
  const score = (id) => (lhr.categories[id]?.score ?? NaN) * 100;

  const [elementTable, phaseTable] = lhr.audits['largest-contentful-paint-element']?.details?.items ?? [];
  const node = elementTable?.items?.[0]?.node;
  const phases = Object.fromEntries(LCP_PHASES.map((phase, i) => [phase, phaseTable?.items?.[i]?.timing ?? NaN]));

  const observed = lhr.audits.metrics?.details?.items?.[0] ?? {};
  const network = lhr.audits['network-requests']?.details;
  const networkStartUs = network?.debugData?.networkStartTimeTs ?? NaN;
  const beforeLcp = (network?.items ?? [])
    .filter((request) => networkStartUs + request.networkEndTime * 1000 <= observed.observedLargestContentfulPaintTs)
    .map((request) => shortUrl(request.url, origin));

  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcp: numeric('first-contentful-paint'),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    observedFcp: observed.observedFirstContentfulPaint ?? NaN,
    observedLcp: observed.observedLargestContentfulPaint ?? NaN,
    lcpElement: node ? `${node.selector} ${node.snippet}` : 'none',
    lcpPhases: phases,
    renderBlocking: (lhr.audits['render-blocking-resources']?.details?.items ?? []).map((item) => ({
      url: shortUrl(item.url, origin),
      bytes: item.totalBytes,
      wastedMs: item.wastedMs,
    })),
    beforeLcp,
    // Lantern delivers 14,600 bytes (10 TCP segments) in the first round trip: one byte more costs another 150 ms.
    documentBytes: network?.items?.find((request) => request.resourceType === 'Document')?.transferSize ?? NaN,
    failing: Object.values(lhr.audits)
      .filter((audit) => audit.scoreDisplayMode === 'binary' && audit.score !== null && audit.score < 1)
      .map((audit) => audit.id),
    error: lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : (lhr.audits['largest-contentful-paint']?.errorMessage ?? null),
    userAgent: lhr.environment?.hostUserAgent ?? '',
  };
}
