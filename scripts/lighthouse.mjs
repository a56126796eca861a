// `npm run lighthouse`: Lighthouse 12, mobile preset, against the built server with Debian's Chromium;
// the median of three runs per page, for performance, accessibility, best practices and SEO.
// LIGHTHOUSE_RUNS sets the number of runs; LIGHTHOUSE_PAGES a comma-separated list of paths.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH, assertChromium } from './chromium.mjs';
import { startBuiltServer } from './lib/servers.mjs';

assertChromium();
const RUNS = Number(process.env.LIGHTHOUSE_RUNS || 3);
const PAGES = (process.env.LIGHTHOUSE_PAGES || '/,/prompt1').split(',');

// Early Bird state: the heavier page, with the ticking countdown.
const server = await startBuiltServer({ EARLY_BIRD_DEADLINE: new Date(Date.now() + 30 * 86_400_000).toISOString() });
/** The median of the runs that produced the value; a run Lighthouse could not measure is reported apart. */
const median = (values) => {
  const measured = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  return measured.length ? measured[Math.floor(measured.length / 2)] : NaN;
};

try {
  for (const route of PAGES) {
    const runs = [];
    for (let i = 0; i < RUNS; i += 1) {
      const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
      try {
        const { lhr } = await lighthouse(server.url + route, { port: chrome.port, output: 'json', logLevel: 'error' });
        const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
        const failing = Object.values(lhr.audits).filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary').map((a) => a.id);
        runs.push({
          performance: lhr.categories.performance.score * 100,
          accessibility: lhr.categories.accessibility.score * 100,
          bestPractices: lhr.categories['best-practices'].score * 100,
          seo: lhr.categories.seo.score * 100,
          fcp: audit('first-contentful-paint'),
          lcp: audit('largest-contentful-paint'),
          tbt: audit('total-blocking-time'),
          cls: audit('cumulative-layout-shift'),
          failing,
          error: lhr.runtimeError?.code ?? lhr.audits['largest-contentful-paint']?.errorMessage,
        });
      } finally {
        await chrome.kill();
      }
    }
    const m = (key) => median(runs.map((r) => r[key]));
    console.log(`\n${route}: median of ${RUNS} runs, Lighthouse ${lighthouse.version ?? '12'} mobile preset`);
    console.log(`  performance ${m('performance')}  accessibility ${m('accessibility')}  best practices ${m('bestPractices')}  SEO ${m('seo')}`);
    console.log(`  FCP ${(m('fcp') / 1000).toFixed(2)} s  LCP ${(m('lcp') / 1000).toFixed(2)} s  TBT ${m('tbt').toFixed(0)} ms  CLS ${m('cls').toFixed(3)}`);
    const unmeasured = runs.filter((r) => !Number.isFinite(r.lcp) || !Number.isFinite(r.fcp)).length;
    if (unmeasured) console.log(`  ${unmeasured} of ${RUNS} runs could not measure a paint metric: ${runs.map((r) => r.error).filter(Boolean).join('; ')}`);
    console.log(`  per run: FCP ${runs.map((r) => (r.fcp / 1000).toFixed(2)).join(' ')}  LCP ${runs.map((r) => (r.lcp / 1000).toFixed(2)).join(' ')}`);
    const failing = [...new Set(runs.flatMap((r) => r.failing))];
    if (failing.length) console.log(`  failing audits: ${failing.join(', ')}`);
  }
} finally {
  await server.stop();
}
