// The rehearsal's sale: two instances counting the Early Bird's spots at the Stripe stand-in (through the real
// SDK) behind two Varnish nodes running the shipped VCL, while load runs through both and the stand-in's count
// climbs to its limit. Acceptance: no Early Bird body is received more than a poll + 2 s after the count
// reached the limit, on either node. Its processes are the caller's to stop (children.ts).
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort, PRODUCTION_SETTINGS } from '../../lib/harness.ts';
import { startStripeStandIn } from '../../lib/stripeStandIn.ts';
import { type BodyReader, createBodyReader, isEarlyBird } from './offerReader.ts';
import { createInstance, standInSaleEnv, startVarnish, type VarnishNode } from './fleet.ts';
import { busiestWindow, type SaleRecord, saleFigures, type PhaseContext, type PhaseResult } from './report.ts';
import { paced, send } from './traffic.ts';

const POLL_SECONDS = 2;
const LIMIT = 30;
/** Load before the first sale, then one sale every SALE_EVERY_MS, then load until well past the acceptance's bound. */
const LOAD_BEFORE_SALES_MS = 3_000;
const SALE_EVERY_MS = 200;
const BOUND_MS = POLL_SECONDS * 1000 + 2_000;
const LOAD_AFTER_BOUND_MS = 3_000;
const CONNECTIONS_PER_NODE = 4;
/** Requests/s through each node: a fixed rate, so that a run records as many on any machine. */
const RATE_PER_NODE = 200;

/**
 * Requests / through one node on keep-alive connections at a fixed rate until `isDone()`, recording when each body
 * arrived and whether it offered the Early Bird.
 */
async function load(node: VarnishNode, readBody: BodyReader, records: SaleRecord[], isDone: () => boolean): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS_PER_NODE });
  await paced({
    connections: CONNECTIONS_PER_NODE,
    ratePerSecond: RATE_PER_NODE,
    isDone,
    async request() {
      const result = await send(node.port, '/', { 'accept-encoding': 'gzip, deflate, br' }, agent);
      records.push({
        node: node.name,
        at: result.done,
        status: result.status ?? result.error,
        earlyBird: result.body ? isEarlyBird(readBody(result.body, result.headers['content-encoding'])) : false,
      });
    },
  });
  agent.destroy();
}

/** Runs the sale; resolves with its report (text) and the acceptance's problems (none: it passed). */
export async function rehearseSale({ workDir, vcl, log }: PhaseContext): Promise<PhaseResult> {
  const key = `rk_test_rehearsal${randomBytes(12).toString('hex')}`;
  const linkId = 'plink_1RehearsalEarlyBird';
  const standIn = await startStripeStandIn({ key, linkId, limit: LIMIT });
  try {
    const env = { ...standInSaleEnv({ key, linkId, url: standIn.url }), SPOTS_POLL_SECONDS: String(POLL_SECONDS) };
    const instances = [createInstance('sale_1', await freePort(), env), createInstance('sale_2', await freePort(), env)];
    await Promise.all(instances.map((instance) => instance.start()));
    const nodes = await Promise.all(['busy', 'quiet'].map((name) => startVarnish(`sale-${name}`, path.join(workDir, `sale-${name}`), vcl, instances)));
    await Promise.all(
      nodes.map((node) =>
        node.waitHealthy(
          instances.map((instance) => instance.name),
          15_000,
        ),
      ),
    );
    log(`sale: 2 instances reading the Stripe stand-in every ${POLL_SECONDS} s, behind 2 Varnish nodes; ${LIMIT} spots, one sold every ${SALE_EVERY_MS} ms`);

    const readBody = createBodyReader(PRODUCTION_SETTINGS.CHECKOUT_URL);
    const records: SaleRecord[] = [];
    let done = false;
    const loadFrom = Date.now();
    const traffic = Promise.all(nodes.map((node) => load(node, readBody, records, () => done)));
    await sleep(LOAD_BEFORE_SALES_MS);
    while (standIn.link().active) {
      standIn.sell();
      if (standIn.link().active) await sleep(SALE_EVERY_MS);
    }
    const limitAt = Date.now();
    log(`sale: the ${LIMIT}th spot sold`);
    await sleep(BOUND_MS + LOAD_AFTER_BOUND_MS);
    done = true;
    await traffic;

    const problems = [];
    const rows = nodes.map((node) => {
      const { count, lastEarlyBird, late, failed, failures } = saleFigures(records, node.name, limitAt, BOUND_MS);
      if (!Number.isFinite(lastEarlyBird)) problems.push(`${node.name}: no Early Bird body at all before the limit: the sale tested nothing`);
      if (late > 0)
        problems.push(
          `${node.name}: ${late} Early Bird bodies received more than ${BOUND_MS} ms after the limit (the last ${lastEarlyBird - limitAt} ms after)`,
        );
      if (failed > 0)
        problems.push(`${node.name}: ${failed} responses other than 200 (${[...failures].map(([what, times]) => `${times} x ${what}`).join(', ')})`);
      return `${node.name}: ${count} responses, the last Early Bird body ${lastEarlyBird - limitAt} ms after the limit`;
    });
    // At most one read per instance per interval, whatever the load.
    const reads = standIn.calls.filter((call) => call.atMs >= loadFrom).map((call) => call.atMs);
    const busiest = busiestWindow(reads, POLL_SECONDS * 1000);
    if (busiest > instances.length) problems.push(`${busiest} reads of the Payment Link in one ${POLL_SECONDS} s interval, from ${instances.length} instances`);
    const text = [
      `Sale: the count reached its limit at +${((limitAt - loadFrom) / 1000).toFixed(1)} s of load; acceptance bound ${BOUND_MS} ms (a poll + 2 s)`,
      ...rows.map((row) => `  ${row}`),
      `  ${reads.length} reads of the Payment Link during ${((Date.now() - loadFrom) / 1000).toFixed(1)} s, at most ${busiest} per interval`,
    ].join('\n');
    return { text, problems, records: records.length };
  } finally {
    await standIn.close();
  }
}
