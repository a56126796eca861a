// The buyer's journey at Stripe (docs/performance.md): for a sale of 30, 1,000 and 10,000 purchases on 1, 3 and 10
// instances, a sweep with nothing due, then the hour-before reminder's wave, each instance sweeping on its own timer as
// the entry's does, against the Stripe stand-in answering 429 above Stripe's live-mode limits (25 requests a second to
// an endpoint, 100 in all) and a local SMTP server, on one clock of the bench's own (scripts/lib/virtualTime.ts): the
// minutes a wave takes, paced as the site paces its calls, run in the seconds the work itself takes. For each: the calls
// to Stripe, their peak in any second, the 429s, when the last reminder went, and the mails per SMTP connection. Not a
// test: it reports. Run it under the heavy lock, after `npm run build`:
//   flock /tmp/taller-heavy.lock node scripts/reports/sweep-bench.ts
import { bundleServer } from '../lib/serverBundle.ts';
import { startSmtpStandIn } from '../lib/smtpStandIn.ts';
import { maxOf } from '../lib/stats.ts';
import { startStripeStandIn } from '../lib/stripeStandIn.ts';
import { type Quiet, virtualTime, type VirtualTime } from '../lib/virtualTime.ts';

const KEY = 'rk_live_sweepbenchonlynotarealkey';
const LINK = 'plink_1SweepBench';
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const START_MS = Date.parse('2027-01-20T20:00:00-06:00');
const HOUR_BEFORE_MS = START_MS - 60 * MINUTE;
/** The edition the purchases were confirmed in, as the confirmation marks it: none to adopt. */
const EDITION = 'invierno-2027';
const SALES = [30, 1_000, 10_000];
const FLEETS = [1, 3, 10];
/** Stripe's live mode (docs.stripe.com/rate-limits). */
const LIVE = { perEndpoint: 25, global: 100 };
/** A wave not over by then is reported as such. */
const GIVE_UP_MS = 60 * MINUTE;

/** What the bench needs of the server's own code. */
interface Journey {
  readConfig(
    env: Record<string, string>,
    nowMs: number,
  ): { fulfilment: { sweepSeconds: number } | null; spots: unknown; sale: unknown; contactEmail: string; publicUrl: string };
  stripeBoundary(settings: unknown, time: { clock: () => number; scheduler: unknown }): unknown;
  fulfilmentRoutes(options: Record<string, unknown>): {
    sweep: { run(): Promise<unknown>; stop(): void; settled(): Promise<void> };
    waveMoments: () => number[];
  };
  createLiveSale(options: Record<string, unknown>): unknown;
  startSweeps(options: Record<string, unknown>): { stop(): void };
  createLogger(level: string): unknown;
}

/** The settings of the buyer's journey against the stand-ins. */
const env = (stripeUrl: string, smtpUrl: string): Record<string, string> => ({
  STRIPE_SECRET_KEY: KEY,
  STRIPE_PAYMENT_LINK: LINK,
  STRIPE_API_URL: stripeUrl,
  STRIPE_WEBHOOK_SECRET: 'whsec_sweepbenchonlynotarealsecret',
  SMTP_URL: smtpUrl,
  MAIL_FROM: 'taller@taller.example.org',
  MEETING_URL: 'https://meet.google.com/abc-defg-hij',
  ACCESS_SECRET: 'sweep-bench-only-not-a-real-access-secret',
  WORKSHOP_START: new Date(START_MS).toISOString(),
  EDITION,
});

/** The fulfilment of one instance, on `time`. */
function instance(time: VirtualTime, settings: Record<string, string>) {
  const config = journey.readConfig(settings, time.now());
  const logger = journey.createLogger('silent');
  const fulfilment = journey.fulfilmentRoutes({
    settings: config.fulfilment,
    config,
    // The environment's settings: the bench changes none.
    live: journey.createLiveSale({ config, clock: time.now, logger }),
    render: { thanks: () => '', access: () => '' },
    clock: time.now,
    logger,
    stripe: journey.stripeBoundary(config.spots, { clock: time.now, scheduler: time.scheduler }),
    scheduler: time.scheduler,
  });
  return { config, fulfilment };
}

/** One sweep of one instance, nothing due: its calls, and how long it takes on the wave's clock. */
async function oneSweep(time: VirtualTime, stripe: Awaited<ReturnType<typeof startStripeStandIn>>, settings: Record<string, string>, purchases: number) {
  const { fulfilment } = instance(time, settings);
  const started = time.now();
  let done = false;
  const running = fulfilment.sweep.run().then(() => {
    done = true;
  });
  while (!done) await time.runUntil(time.now() + 1_000, { inFlight: () => stripe.inFlight(), activity: () => stripe.activity() });
  await running;
  return [String(purchases).padStart(9), String(stripe.calls.length).padStart(5), ((time.now() - started) / 1000).toFixed(0).padStart(7)].join('  ');
}

const { module: journey, unload } = await bundleServer<Journey>('sweep-bench', [
  "export { readConfig } from './server/config/settings.ts';",
  "export { fulfilmentRoutes } from './server/fulfilment/fulfilmentRoutes.ts';",
  "export { stripeBoundary } from './server/stripe/stripeBoundary.ts';",
  "export { startSweeps } from './server/fulfilment/sweep/sweepTimer.ts';",
  "export { createLogger } from './server/ops/logger.ts';",
  "export { createLiveSale } from './server/sale/liveSale.ts';",
]);

/**
 * One row: `purchases` confirmed and reminded the day before, `instances` sweeping from 30 s before the hour-before
 * moment; with `nothingDue`, one instance's single sweep with the hour-before reminder sent too.
 */
async function wave(purchases: number, instances: number, nothingDue = false): Promise<string> {
  const time: VirtualTime = virtualTime(HOUR_BEFORE_MS - MINUTE / 2);
  const stripe = await startStripeStandIn({ key: KEY, linkId: LINK, limit: null });
  const smtp = await startSmtpStandIn({ clock: () => time.now() });
  try {
    stripe.setRateLimit({ ...LIVE, clock: () => time.now() });
    const sent = (kind: string) => ({ [`taller_${kind}`]: 'sent', [`taller_${kind}_attempt`]: '1' });
    for (let n = 0; n < purchases; n += 1) {
      stripe.checkout.createSession('paid', {
        buyer: { name: `Compradora${n} Prueba`, email: `compradora${n}@correo.example.org` },
        atMs: START_MS - 30 * DAY + n * 1_000,
        metadata: { taller_edition: EDITION, ...sent('confirmation'), ...sent('reminder_day'), ...(nothingDue && sent('reminder_hour')) },
      });
    }
    if (nothingDue) return await oneSweep(time, stripe, env(stripe.url, smtp.url()), purchases);
    const fleet = Array.from({ length: instances }, () => {
      const { config, fulfilment } = instance(time, env(stripe.url, smtp.url()));
      const timer = journey.startSweeps({
        sweep: fulfilment.sweep,
        clock: time.now,
        scheduler: time.scheduler,
        periodMs: (config.fulfilment?.sweepSeconds ?? 60) * 1000,
        moments: fulfilment.waveMoments,
      });
      return { fulfilment, timer };
    });
    // Settled: nothing in flight at Stripe, and no claimed mail still on its way to the SMTP server.
    let counted = 0;
    let claimed = 0;
    const quiet: Quiet = {
      inFlight: () => {
        for (const { metadata } of stripe.checkout.updates.slice(counted)) if (Object.values(metadata).includes('sending')) claimed += 1;
        counted = stripe.checkout.updates.length;
        return stripe.inFlight() + claimed - smtp.received.length;
      },
      activity: () => stripe.activity() + smtp.activity(),
    };
    const connectionsBefore = smtp.connections;
    for (let until = HOUR_BEFORE_MS; smtp.received.length < purchases && until <= HOUR_BEFORE_MS + GIVE_UP_MS; until += MINUTE) {
      await time.runUntil(until, quiet);
    }
    for (const { timer, fulfilment } of fleet) {
      timer.stop();
      fulfilment.sweep.stop();
    }
    const calls = stripe.calls;
    const during = calls.filter((call) => call.atMs >= HOUR_BEFORE_MS);
    const perSecond = new Map<number, number>();
    for (const call of calls) perSecond.set(Math.floor(call.atMs / 1000), (perSecond.get(Math.floor(call.atMs / 1000)) ?? 0) + 1);
    const peak = maxOf(perSecond.values());
    const last = smtp.received.reduce((latest, mail) => Math.max(latest, mail.atMs), HOUR_BEFORE_MS);
    const lastText =
      smtp.received.length < purchases ? `${smtp.received.length} sent in ${GIVE_UP_MS / MINUTE} min` : `${((last - HOUR_BEFORE_MS) / 1000).toFixed(0)} s`;
    const writes = during.filter((call) => call.method === 'POST').length;
    const perConnection = smtp.received.length / Math.max(1, smtp.connections - connectionsBefore);
    return [
      String(purchases).padStart(9),
      String(instances).padStart(9),
      `${during.length - writes} + ${writes}`.padStart(20),
      String(peak).padStart(9),
      String(calls.filter((call) => call.rateLimited).length).padStart(6),
      lastText.padStart(16),
      perConnection.toFixed(0).padStart(11),
    ].join('  ');
  } finally {
    await Promise.all([stripe.close(), smtp.close()]);
  }
}

try {
  console.log("A sweep with nothing due, one instance: the listing's reads, in its lane (server/stripe/pace.ts)");
  console.log(['purchases', 'reads', 'seconds'].join('  '));
  for (const purchases of SALES) console.log(await wave(purchases, 1, true));
  console.log("\nThe hour-before reminder's wave, from its moment: Stripe's live-mode limits at the stand-in, the site's own pacing");
  console.log(['purchases', 'instances', 'wave: reads + writes', 'peak /s', '429s', 'last mail after', 'mails/conn'].join('  '));
  for (const purchases of SALES) for (const instances of FLEETS) console.log(await wave(purchases, instances));
} finally {
  await unload();
}
