// The buyer's journey at Stripe (docs/performance.md): one sweep over a sale of 30 and of 1,000 purchases, against
// the Stripe stand-in and a local SMTP server, counting Stripe calls and timing each sweep (every confirmation due,
// then nothing due, then a reminder due for everyone); and a visit to a personal link, cold and warm, against the
// built server. Not a test: it reports. Run it under the heavy lock, after `npm run build`:
//   flock /tmp/taller-heavy.lock node scripts/reports/sweep-bench.ts
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { startBuiltServer } from '../lib/harness.ts';
import { startSmtpStandIn } from '../lib/smtpStandIn.ts';
import { startStripeStandIn } from '../lib/stripeStandIn.ts';

const KEY = 'rk_test_sweepbenchonlynotarealkey';
const LINK = 'plink_1SweepBench';
const ACCESS_SECRET = 'sweep-bench-only-not-a-real-access-secret';
const DAY = 86_400_000;
const START_MS = Date.parse('2027-01-20T20:00:00-06:00');
const SALES = [30, 1_000];
/** Fewer than the instance's burst of reads (10), so that no cold visit meets the budget's 503. */
const VISITS = 8;
const SCENARIOS = ['every confirmation due', 'nothing due', 'a reminder due for everyone'];

/** What the bench needs of the server's own code, bundled: Node cannot run its sources as they are. */
interface Journey {
  readConfig(env: Record<string, string>, nowMs: number): { fulfilment: unknown; sale: unknown; contactEmail: string; publicUrl: string };
  fulfilmentRoutes(options: Record<string, unknown>): { sweep: { run(): Promise<{ completed: boolean; sent: number }> } };
  createLogger(level: string): unknown;
  accessToken(secret: string, sessionId: string): string;
}

async function loadJourney(): Promise<{ journey: Journey; unload: () => Promise<void> }> {
  const bundle = await esbuild.build({
    stdin: {
      contents: [
        "export { readConfig } from './server/config/settings.ts';",
        "export { fulfilmentRoutes } from './server/fulfilment/fulfilmentRoutes.ts';",
        "export { createLogger } from './server/ops/logger.ts';",
        "export { accessToken } from './server/fulfilment/pages/accessToken.ts';",
      ].join('\n'),
      resolveDir: process.cwd(),
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    write: false,
  });
  // Inside the project, so the packages left external resolve from its node_modules.
  const file = path.resolve('dist', 'sweep-bench.mjs');
  await writeFile(file, bundle.outputFiles[0]?.contents ?? '');
  return { journey: (await import(file)) as Journey, unload: () => rm(file, { force: true }) };
}

/** The settings of the buyer's journey against the stand-ins. */
const journeyEnv = (stripeUrl: string): Record<string, string> => ({
  STRIPE_SECRET_KEY: KEY,
  STRIPE_PAYMENT_LINK: LINK,
  STRIPE_API_URL: stripeUrl,
  STRIPE_WEBHOOK_SECRET: 'whsec_sweepbenchonlynotarealsecret',
  SMTP_URL: smtp.url(),
  MAIL_FROM: 'taller@taller.example.org',
  MEETING_URL: 'https://meet.google.com/abc-defg-hij',
  ACCESS_SECRET,
});

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

const { journey, unload } = await loadJourney();
const smtp = await startSmtpStandIn();
try {
  console.log("One sweep over the link's purchases, against the stand-in");
  console.log('purchases  what is due                   Stripe calls (reads + writes)  mails  seconds');
  for (const purchases of SALES) {
    const stripe = await startStripeStandIn({ key: KEY, linkId: LINK, limit: null });
    let now = START_MS - 10 * DAY;
    for (let n = 0; n < purchases; n += 1) {
      stripe.checkout.createSession('paid', { buyer: { name: `Compradora ${n}`, email: `compradora${n}@correo.example.org` }, atMs: now - (n + 1) * 60_000 });
    }
    const config = journey.readConfig({ ...journeyEnv(stripe.url), WORKSHOP_START: new Date(START_MS).toISOString() }, now);
    const { sweep } = journey.fulfilmentRoutes({
      settings: config.fulfilment,
      config,
      render: { thanks: () => '', access: () => '' },
      clock: () => now,
      logger: journey.createLogger('silent'),
    });
    for (const [index, at] of [now, now, START_MS - DAY].entries()) {
      now = at;
      const callsBefore = stripe.calls.length;
      const mails = smtp.received.length;
      const started = performance.now();
      const report = await sweep.run();
      const ms = performance.now() - started;
      if (!report.completed) console.error(`a sweep over ${purchases} stopped early`);
      const made = stripe.calls.slice(callsBefore);
      const reads = made.filter((call) => call.method === 'GET').length;
      const calls = `${made.length} (${reads} + ${made.length - reads})`;
      console.log(
        `${String(purchases).padStart(9)}  ${(SCENARIOS[index] ?? '').padEnd(28)}  ${calls.padEnd(29)}  ${String(smtp.received.length - mails).padStart(5)}  ${(ms / 1000).toFixed(2).padStart(7)}`,
      );
    }
    await stripe.close();
  }

  // A visit to a personal link: the built server, a paid purchase, the first visit (Stripe read) and the next ones
  // (remembered for a minute), each timed on loopback, with the stand-in's calls counted.
  const stripe = await startStripeStandIn({ key: KEY, linkId: LINK });
  const server = await startBuiltServer({
    ...journeyEnv(stripe.url),
    WORKSHOP_START: new Date(Date.now() + 30 * DAY).toISOString(),
    EARLY_BIRD_DEADLINE: new Date(Date.now() + 20 * DAY).toISOString(),
  });

  try {
    /** Reads of one session (the sweep's lists of the link, running meanwhile, are not the visit's). */
    const reads = (): number => stripe.calls.filter((call) => call.path.startsWith('/v1/checkout/sessions/')).length;
    const visit = async (sessionId: string): Promise<{ ms: number; calls: number }> => {
      const before = reads();
      const started = performance.now();
      const response = await fetch(`${server.url}/acceso/${journey.accessToken(ACCESS_SECRET, sessionId)}`);
      await response.arrayBuffer();
      const ms = performance.now() - started;
      if (response.status !== 200) console.error(`a visit answered ${response.status}`);
      return { ms, calls: reads() - before };
    };
    // One visit first, to leave the server's own start-up out of the cold figures.
    await visit(stripe.checkout.createSession('paid'));
    const cold: { ms: number; calls: number }[] = [];
    const warm: { ms: number; calls: number }[] = [];
    for (let n = 0; n < VISITS; n += 1) {
      const sessionId = stripe.checkout.createSession('paid');
      cold.push(await visit(sessionId));
      warm.push(await visit(sessionId));
    }
    const line = (name: string, visits: { ms: number; calls: number }[]) =>
      `${name}: median ${median(visits.map((entry) => entry.ms)).toFixed(1)} ms (max ${visits.reduce((most, entry) => Math.max(most, entry.ms), 0).toFixed(1)}), ${visits.reduce((sum, entry) => sum + entry.calls, 0) / visits.length} Stripe call(s) each`;
    console.log(`\nA visit to /acceso/… before the workshop (200, the page), ${VISITS} purchases, the built server on loopback:`);
    console.log(line('cold (its first visit)', cold));
    console.log(line('warm (again within the minute)', warm));
  } finally {
    await server.stop();
    await stripe.close();
  }
} finally {
  await smtp.close();
  await unload();
}
