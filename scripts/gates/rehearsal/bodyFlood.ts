// The rehearsal's floods of slow bodies: two instances with the confirmation on (the Stripe and SMTP stand-ins) behind
// a Varnish node running the shipped VCL. First 2,000 connections, each from an address of its own as a botnet's,
// send Stripe's webhook a POST that declares 256 KiB and trickles it over 25 s, while Stripe itself delivers a paid
// purchase's event once a second from one of its published addresses; then 2,000 more each send /gracias a GET carrying
// such a body. Meanwhile visitors ask /, /prompt1 and /healthz through the node, four times a second each, and a
// kubelet's probes ask each instance directly every second. Acceptance, for each flood, from its first connection to
// its last one's close: every visitor's request answered 200 within 1 s, in every second; both instances healthy in
// Varnish's eyes, none of its probes missed; every kubelet probe answered 200 within its timeout; no instance dropped a
// connection; Varnish always found room in Transient for what it passes (a buyer's page, a probe, Stripe's answer);
// and every one of Stripe's deliveries was taken whole and answered 200 by an instance. Every load runs at a fixed
// rate. Its processes are the caller's to stop.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../../lib/harness.ts';
import { startSmtpStandIn } from '../../lib/smtpStandIn.ts';
import { sessionEvent, signedEvent } from '../../lib/stripeCheckoutStandIn.ts';
import { startStripeStandIn } from '../../lib/stripeStandIn.ts';
import { createInstance, type Instance, standInSaleEnv, startVarnish, type VarnishNode } from './fleet.ts';
import { floodConnections, floodSeconds, fmt, type PhaseContext, type PhaseResult, table, type VisitRecord } from './report.ts';
import { slowBodies } from './slowBodies.ts';
import { paced, send } from './traffic.ts';

const CONNECTIONS = 2_000;
const OPEN_PER_SECOND = 1_000;
/** As large as a webhook's body may be (256 KiB): 64 of them take all of the storage `webhook`. */
const DECLARED_BYTES = 256 * 1024;
const TRICKLE_SECONDS = 25;
/** A flood's connection that has sent its whole body waits this long for its answer. */
const ANSWER_WAIT_MS = 10_000;
const VISITOR_PATHS = ['/', '/prompt1', '/healthz'] as const;
/** Four a second for each path, each on a new connection, as new visitors come. */
const VISITS_PER_SECOND = 4 * VISITOR_PATHS.length;
const VISITOR_BOUND_MS = 1_000;
/** The manifests' probes: timeoutSeconds 2 (deploy/kubernetes/deployment.yaml). */
const KUBELET_PATHS = ['/livez', '/healthz'] as const;
const KUBELET_TIMEOUT_MS = 2_000;
const QUIET_MS = 2_000;
/** What Varnish counts of sessions and threads, to see where a flood pressed. */
const VARNISH_COUNTERS = [
  'sess_conn',
  'sess_dropped',
  'sess_fail',
  'req_dropped',
  'sess_queued',
  'threads_limited',
  'threads_created',
  'backend_busy',
  'backend_fail',
];

interface Flood {
  name: string;
  head: (index: number) => string[];
  /** Stripe delivers its own events meanwhile, once a second. */
  stripeDelivers?: boolean;
}

/** Each of the flood's connections from an address of its own, as a botnet's: the edge's limit per client refuses none. */
const botnetAddress = (index: number): string => `198.18.${Math.floor(index / 250)}.${(index % 250) + 1}`;

/** An instance's counter from its /metrics (0 when it has not counted any yet). */
async function metric(port: number, series: string): Promise<number> {
  const answer = await send(port, '/metrics', {}, false);
  if (answer.status !== 200) throw new Error(`/metrics on ${port} answered ${answer.status ?? answer.error}`);
  const line = answer.body
    .toString('utf8')
    .split('\n')
    .find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

/** Every `everyMs` until `isDone()`, `act()`; waits for each before the next (a tick that overruns delays the next). */
async function every(everyMs: number, isDone: () => boolean, act: () => Promise<void>): Promise<void> {
  for (let next = Date.now(); !isDone(); next += everyMs) {
    await act();
    await sleep(Math.max(0, next + everyMs - Date.now()));
  }
}

/** Runs both floods; resolves with the report (text), the acceptance's problems, and its record count. */
export async function rehearseBodyFlood({ workDir, vcl, log }: PhaseContext): Promise<PhaseResult> {
  const key = `rk_test_rehearsal${randomBytes(12).toString('hex')}`;
  const linkId = 'plink_1RehearsalBodyFlood';
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const [stripe, smtp] = await Promise.all([startStripeStandIn({ key, linkId }), startSmtpStandIn()]);
  try {
    // The SMTP stand-in is refused in production too.
    const env = {
      ...standInSaleEnv({ key, linkId, url: stripe.url }),
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      SMTP_URL: smtp.url(),
      MAIL_FROM: 'Taller <taller@taller.example.org>',
      MEETING_URL: 'https://meet.example.org/rehearsal',
      ACCESS_SECRET: randomBytes(24).toString('hex'),
    };
    const instances: { instance: Instance; metricsPort: number }[] = [];
    for (const name of ['flood_1', 'flood_2']) {
      const metricsPort = await freePort();
      instances.push({ instance: createInstance(name, await freePort(), { ...env, METRICS_PORT: String(metricsPort) }), metricsPort });
    }
    await Promise.all(instances.map(({ instance }) => instance.start()));
    const names = instances.map(({ instance }) => instance.name);
    const node: VarnishNode = await startVarnish(
      'flood',
      path.join(workDir, 'flood'),
      vcl,
      instances.map(({ instance }) => instance),
    );
    await node.waitHealthy(names, 15_000);
    log(`floods: 2 instances with the confirmation on behind a Varnish node; ${VISITS_PER_SECOND} visits/s through it, the kubelet's probes at each instance`);

    // What runs through both floods: visitors, the kubelet's probes, and Varnish's view of the instances.
    const visits: VisitRecord[] = [];
    const kubelet: VisitRecord[] = [];
    const health: { at: number; healthy: boolean }[] = [];
    let done = false;
    const isDone = () => done;
    const background = Promise.all([
      paced({
        connections: VISITOR_PATHS.length,
        ratePerSecond: VISITS_PER_SECOND,
        isDone,
        async request(counter) {
          const visited = VISITOR_PATHS[counter % VISITOR_PATHS.length] ?? '/';
          const result = await send(node.port, visited, { 'accept-encoding': 'gzip, deflate, br' }, false);
          visits.push({ path: visited, sent: result.sent, ms: result.done - result.sent, status: result.status ?? null, error: result.error });
        },
      }),
      every(1_000, isDone, async () => {
        await Promise.all(
          instances.flatMap(({ instance }) =>
            KUBELET_PATHS.map(async (probe) => {
              const result = await send(instance.port, probe, {}, false);
              kubelet.push({
                path: `${instance.name} ${probe}`,
                sent: result.sent,
                ms: result.done - result.sent,
                status: result.status ?? null,
                error: result.error,
              });
            }),
          ),
        );
      }),
      every(1_000, isDone, async () => {
        const now = await node.health();
        health.push({ at: Date.now(), healthy: names.every((name) => now.get(name) === true) });
      }),
    ]);

    const floods: Flood[] = [
      {
        name: 'webhook POSTs',
        head: (index) => [
          'POST /webhooks/stripe HTTP/1.1',
          'Host: taller.example.org',
          'Content-Type: application/json',
          `Stripe-Signature: t=${Math.floor(Date.now() / 1000)},v1=${randomBytes(32).toString('hex')}`,
          `X-Forwarded-For: ${botnetAddress(index)}`,
          `Content-Length: ${DECLARED_BYTES}`,
        ],
        stripeDelivers: true,
      },
      {
        name: 'GETs of /gracias with bodies',
        head: (index) => [
          `GET /gracias?session_id=cs_test_${randomBytes(12).toString('hex')} HTTP/1.1`,
          'Host: taller.example.org',
          `X-Forwarded-For: ${botnetAddress(index)}`,
          `Content-Length: ${DECLARED_BYTES}`,
        ],
      },
    ];
    // Stripe's own delivery of a paid purchase's event, from the first of its addresses the VCL lists.
    const stripeAddress = /acl stripe_addresses \{\s*"([\d.]+)";/.exec(await readFile(vcl, 'utf8'))?.[1];
    if (!stripeAddress) throw new Error(`${vcl} lists no address of Stripe's`);
    const deliverAsStripe = async (): Promise<{ status: number | string; ms: number }> => {
      const session = stripe.checkout.session(stripe.checkout.createSession('paid'));
      if (!session) throw new Error('the stand-in lost a session');
      const { payload, signature } = signedEvent(sessionEvent('checkout.session.completed', session), webhookSecret);
      const started = Date.now();
      try {
        const response = await fetch(`http://127.0.0.1:${node.port}/webhooks/stripe`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature, 'X-Forwarded-For': stripeAddress },
          body: payload,
          signal: AbortSignal.timeout(30_000),
        });
        await response.arrayBuffer();
        return { status: response.status, ms: Date.now() - started };
      } catch (error) {
        return { status: error instanceof Error ? error.message : 'failed', ms: Date.now() - started };
      }
    };
    const sections: string[] = [];
    const problems: string[] = [];
    let connections = 0;
    await sleep(QUIET_MS);
    try {
      for (const flood of floods) {
        const droppedBefore = await Promise.all(instances.map(({ metricsPort }) => metric(metricsPort, 'taller_connections_dropped_total')));
        const countersBefore = await node.counters();
        const transientBefore = await node.storageFailures('Transient');
        log(`floods: ${CONNECTIONS} connections, ${OPEN_PER_SECOND}/s, each ${flood.name} declaring ${DECLARED_BYTES} bytes over ${TRICKLE_SECONDS} s`);
        const from = Date.now();
        const deliveries: { status: number | string; ms: number }[] = [];
        let flooding = true;
        const stripeDelivering = flood.stripeDelivers
          ? every(
              1_000,
              () => !flooding,
              async () => {
                deliveries.push(await deliverAsStripe());
              },
            )
          : Promise.resolve();
        const { records, done: flooded } = slowBodies({
          port: node.port,
          connections: CONNECTIONS,
          openPerSecond: OPEN_PER_SECOND,
          declaredBytes: DECLARED_BYTES,
          trickleSeconds: TRICKLE_SECONDS,
          head: flood.head,
          answerWaitMs: ANSWER_WAIT_MS,
        });
        await flooded;
        flooding = false;
        await stripeDelivering;
        const figures = floodConnections(records);
        // The whole seconds from the first connection to the last one's close.
        const seconds = Math.max(1, Math.ceil((figures.lastClosed - from) / 1000));
        const to = from + seconds * 1000;
        await sleep(Math.max(0, to + KUBELET_TIMEOUT_MS - Date.now()));
        const dropped = (await Promise.all(instances.map(({ metricsPort }) => metric(metricsPort, 'taller_connections_dropped_total')))).map(
          (value, index) => value - (droppedBefore[index] ?? 0),
        );
        const histories = await Promise.all(names.map((name) => node.probeHistory(name)));
        const countersAfter = await node.counters();
        // What Varnish passes (probes, private pages, Stripe's answers) lives in Transient: it must always find room.
        const transientFailed = (await node.storageFailures('Transient')) - transientBefore;
        const counted = VARNISH_COUNTERS.map((name) => `${name} ${fmt((countersAfter[name] ?? 0) - (countersBefore[name] ?? 0))}`).join(', ');
        connections += figures.count;

        const visitors = floodSeconds(visits, VISITOR_PATHS, from, seconds, VISITOR_BOUND_MS);
        const probes = floodSeconds(
          kubelet,
          names.flatMap((name) => KUBELET_PATHS.map((probe) => `${name} ${probe}`)),
          from,
          seconds,
          KUBELET_TIMEOUT_MS,
        );
        const samples = health.filter((sample) => sample.at >= from && sample.at < to);
        // Varnish probes every second: the newest `seconds` bits (at most its 64) cover the flood.
        const window = (1n << BigInt(Math.min(64, seconds))) - 1n;
        const missed = histories.map((history, index) => ({ name: names[index], missed: (window & ~history).toString(2).replaceAll('0', '').length }));
        const rows = visitors.rows.map((row) => [
          `${row.second}`,
          fmt(figures.openAt(from + row.second * 1000 + 999)),
          ...VISITOR_PATHS.map((visited) => {
            const cell = row.answered.get(visited);
            return `${cell?.ok ?? 0}/${cell?.sent ?? 0}`;
          }),
          fmt(row.slowestMs),
          samples.some((sample) => Math.floor((sample.at - from) / 1000) === row.second && !sample.healthy) ? 'no' : 'yes',
          (() => {
            const probeRow = probes.rows[row.second];
            if (!probeRow) return 'n/a';
            let ok = 0;
            let sent = 0;
            for (const cell of probeRow.answered.values()) {
              ok += cell.ok;
              sent += cell.sent;
            }
            return `${ok}/${sent}`;
          })(),
        ]);
        const answered = [...figures.answers].map(([answer, count]) => `${fmt(count)} x ${answer}`).join(', ');
        const stripeLine = flood.stripeDelivers
          ? [
              `  Stripe's deliveries from ${stripeAddress} meanwhile: ${deliveries.filter((delivery) => delivery.status === 200).length} of ${deliveries.length} answered 200 by an instance, slowest ${fmt(Math.max(0, ...deliveries.map((delivery) => delivery.ms)))} ms`,
            ]
          : [];
        sections.push(
          [
            `${flood.name}: ${fmt(figures.count)} connections in ${seconds} s (${answered})`,
            ...stripeLine,
            `  ${table(['second', 'flood open', '/ ok/sent', '/prompt1', '/healthz', 'slowest ms', 'both healthy', 'kubelet ok'], rows)}`.replaceAll(
              '\n',
              '\n  ',
            ),
            `  Varnish's probes missed in those seconds: ${missed.map((entry) => `${entry.name} ${entry.missed}`).join(', ')}; ` +
              `connections dropped at the instances: ${dropped.join(', ')}; no room in Transient ${fmt(transientFailed)} times; Varnish counted ${counted}`,
          ].join('\n'),
        );
        const mine = (list: string[]): string[] =>
          [...list.slice(0, 5), ...(list.length > 5 ? [`and ${list.length - 5} more`] : [])].map((text) => `${flood.name}: ${text}`);
        problems.push(
          ...mine(visitors.problems),
          ...mine(probes.problems.map((text) => `the kubelet's probe, ${text}`)),
          ...mine(
            samples
              .filter((sample) => !sample.healthy)
              .map((sample) => `an instance sick in Varnish's eyes at second ${Math.floor((sample.at - from) / 1000)}`),
          ),
          ...mine(missed.filter((entry) => entry.missed > 0).map((entry) => `${entry.missed} of Varnish's probes of ${entry.name} failed`)),
          ...mine(dropped.flatMap((count, index) => (count > 0 ? [`${names[index]} dropped ${count} connections`] : []))),
          ...mine(transientFailed > 0 ? [`Transient, where what is passed lives, had no room ${transientFailed} times`] : []),
          ...mine(flood.stripeDelivers && deliveries.length === 0 ? ["Stripe's deliveries were never sent"] : []),
          ...mine(deliveries.filter((delivery) => delivery.status !== 200).map((delivery) => `Stripe's delivery answered ${delivery.status}`)),
        );
        await sleep(QUIET_MS);
      }
    } finally {
      done = true;
      await background;
    }
    const reached = await Promise.all(
      instances.map(({ metricsPort }) => metric(metricsPort, 'taller_webhook_events_total{type="unverified",outcome="bad_signature"}')),
    );
    const text = [
      `Floods of slow bodies: 2 instances behind a Varnish node, visitors asking ${VISITOR_PATHS.join(', ')} ${VISITS_PER_SECOND / VISITOR_PATHS.length} times a second each (bound ${VISITOR_BOUND_MS} ms), the kubelet's probes every second (bound ${KUBELET_TIMEOUT_MS} ms)`,
      ...sections,
      `  Webhook bodies that reached an instance, whole, and were refused there for their signature: ${reached.join(' + ')}`,
    ].join('\n');
    return { text, problems, records: visits.length + kubelet.length + connections };
  } finally {
    await Promise.all([stripe.close(), smtp.close()]);
  }
}
