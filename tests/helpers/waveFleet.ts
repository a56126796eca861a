/**
 * Instances of the fulfilment alone (no pages, no HTTP), each sweeping on its own timer as the entry's does, all on one
 * clock of the test's own (scripts/lib/virtualTime.ts): minutes of a reminder wave, paced as Stripe's limits ask, run
 * in the seconds the work itself takes. Each reaches Stripe and the mail server through connections of its own, and can
 * be terminated as SIGTERM ends the process: the site's own shutdown, then the lame duck's delay, then what the drain
 * waits for, then the exit, which cuts its connections.
 */
import { Registry } from 'prom-client';
import type { SmtpStandIn } from '../../scripts/lib/smtpStandIn';
import type { StripeStandIn } from '../../scripts/lib/stripeStandIn';
import type { Quiet, VirtualTime } from '../../scripts/lib/virtualTime';
import { DEFAULTS } from '../../server/config/settings';
import { readConfig } from '../../server/config/settings';
import { type FulfilmentRoutes, fulfilmentRoutes } from '../../server/fulfilment/fulfilmentRoutes';
import { registerFulfilmentMetrics } from '../../server/fulfilment/reports/fulfilmentMetrics';
import { createLiveSale } from '../../server/sale/liveSale';
import { startSweeps } from '../../server/fulfilment/sweep/sweepTimer';
import { stripeBoundary } from '../../server/stripe/stripeBoundary';
import { type Lifeline, lifeline } from './lifeline';
import { capturedLogger, type LogLine } from './logs';
import { TEST_START_MS } from './testApp';

export interface WaveInstance {
  fulfilment: FulfilmentRoutes;
  /** A count that moves with everything passed on its connections of its own, if any. */
  activity(): number;
  logs: LogLine[];
  registry: Registry;
  /**
   * As SIGTERM ends the process (server/ops/shutdown.ts): the site winds down (server/site.ts), the lame duck's delay
   * passes, then the drain waits for it (at most SHUTDOWN_DRAIN_SECONDS), then the exit cuts every connection. The
   * test moves the clock meanwhile.
   */
  terminate(): Promise<void>;
}

const DELAY_MS = Number(DEFAULTS.SHUTDOWN_DELAY_SECONDS) * 1000;
const DRAIN_MS = Number(DEFAULTS.SHUTDOWN_DRAIN_SECONDS) * 1000;

/**
 * An instance started on `time`; with `exits`, reaching the stand-ins named in `env` through connections of its own,
 * which its exit cuts.
 */
export async function waveInstance(env: Record<string, string>, time: VirtualTime, { exits = false } = {}): Promise<WaveInstance> {
  if (!exits) return startedOn(env, time, []);
  const stripe = new URL(env.STRIPE_API_URL ?? '');
  const smtp = new URL(env.SMTP_URL ?? '');
  const lines: Lifeline[] = await Promise.all([lifeline(Number(stripe.port)), lifeline(Number(smtp.port))]);
  stripe.port = String(lines[0]?.port);
  smtp.port = String(lines[1]?.port);
  const own = { ...env, STRIPE_API_URL: stripe.origin, SMTP_URL: smtp.href };
  return startedOn(own, time, lines);
}

const after = (time: VirtualTime, ms: number): Promise<void> => new Promise((resolve) => time.scheduler.set(resolve, ms));

function startedOn(env: Record<string, string>, time: VirtualTime, connections: Lifeline[]): WaveInstance {
  const { logger, lines } = capturedLogger();
  const config = readConfig({ WORKSHOP_START: new Date(TEST_START_MS).toISOString(), ...env }, time.now());
  if (!config.fulfilment || !config.spots) throw new Error('the fulfilment needs its settings');
  const registry = new Registry();
  const fulfilment = fulfilmentRoutes({
    settings: config.fulfilment,
    config,
    // The environment's settings: a wave changes none.
    live: createLiveSale({ config, clock: time.now, logger }),
    render: { thanks: () => '', access: () => '' },
    clock: time.now,
    logger,
    metrics: registerFulfilmentMetrics(registry, config.fulfilment.sweepSeconds, time.now()),
    stripe: stripeBoundary(config.spots, { clock: time.now, scheduler: time.scheduler }, logger),
    scheduler: time.scheduler,
  });
  const timer = startSweeps({
    sweep: fulfilment.sweep,
    clock: time.now,
    scheduler: time.scheduler,
    periodMs: config.fulfilment.sweepSeconds * 1000,
    moments: fulfilment.waveMoments,
  });
  return {
    fulfilment,
    activity: () => connections.reduce((sum, connection) => sum + connection.activity(), 0),
    logs: lines,
    registry,
    async terminate() {
      timer.stop();
      // What the site does at the signal, where it does anything: the rest of the process carries on meanwhile.
      const sweep = fulfilment.sweep as Partial<FulfilmentRoutes['sweep']>;
      sweep.stop?.();
      const wound = sweep.settled?.() ?? Promise.resolve();
      await after(time, DELAY_MS);
      await Promise.race([wound, after(time, DRAIN_MS)]);
      await Promise.all(connections.map((connection) => connection.cut()));
    },
  };
}

/** The keys whose claim is a refund's mail: the refund is asked for between the claim and the mail. */
const REFUND_MAILS = ['taller_cancellation', 'taller_refund_mail'];

/**
 * Settled: nothing in flight at Stripe, and no mail claimed there still on its way to the SMTP server (a claim carried
 * out, its mail neither taken nor released). A refund's mail is on its way once its refund is made: until then its
 * claim waits on Stripe, which the clock paces.
 */
export function fleetQuiet(rig: { stripe: StripeStandIn; smtp: SmtpStandIn }, fleet: WaveInstance[] = []): Quiet {
  let counted = 0;
  let claimed = 0;
  let released = 0;
  const refunding = new Set<string>();
  const intents = new Map<string, string | undefined>();
  const intentOf = (sessionId: string): string | undefined => {
    if (!intents.has(sessionId)) intents.set(sessionId, rig.stripe.checkout.paymentIntentOf(sessionId)?.id);
    return intents.get(sessionId);
  };
  const onTheirWay = (): number => {
    for (const { session, metadata } of rig.stripe.checkout.updates.slice(counted)) {
      const values = Object.values(metadata);
      if (values.includes('sending')) claimed += 1;
      if (values.includes('failed') || values.includes('undeliverable')) released += 1;
      for (const key of REFUND_MAILS) {
        if (metadata[key] === 'sending') refunding.add(session);
        else if (metadata[key]) refunding.delete(session);
      }
    }
    counted = rig.stripe.checkout.updates.length;
    const refunded = new Set(rig.stripe.checkout.refunds.refunds.map(({ refund }) => refund.payment_intent));
    const waiting = [...refunding].filter((session) => !refunded.has(intentOf(session) ?? null)).length;
    return claimed - released - waiting - rig.smtp.received.length;
  };
  return {
    inFlight: () => rig.stripe.inFlight() + onTheirWay(),
    activity: () => rig.stripe.activity() + rig.smtp.activity() + fleet.reduce((sum, instance) => sum + instance.activity(), 0),
  };
}
