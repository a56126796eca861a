// The unplanned faults, at the busy node in front of the manifests' minimum fleet (two instances), with requests that
// reach an instance every time: three in four ask for the probe route, which no cache stores, the fourth for the
// landing page, whose body is read. One instance killed, one hung for 10 s, every instance stopped, every instance
// started again. Each phase has its acceptance; the figures come from every response and from the VCL's retry log.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { SECURITY_HEADER_NAMES } from '../../../server/http/security.ts';
import { type BodyReader, isEarlyBird } from './offerReader.ts';
import type { Instance, VarnishNode } from './fleet.ts';
import { type MissRecord, missFigures, slowestRender } from './report.ts';
import { type Sent, paced, send } from './traffic.ts';

const CONNECTIONS = 16;
const RATE = 500;
const HANG_MS = 10_000;
/** Far longer than a miss takes once no instance is stuck: the requests of the phase before have all finished. */
const SETTLE_MS = 500;
/** The VCL's own bound on an instance's first byte, read from the file the nodes run. */
export function firstByteTimeoutMs(vclFile: string): number {
  const match = /set bereq\.first_byte_timeout = (\d+(?:\.\d+)?)(ms|s);/.exec(readFileSync(path.resolve(vclFile), 'utf8'));
  if (!match) throw new Error(`no first_byte_timeout in ${vclFile}`);
  return Number(match[1]) * (match[2] === 's' ? 1000 : 1);
}

/**
 * What is wrong with a response that should be the outage page: the origin's own page (`reference`, asked of
 * an instance directly) with its status, Retry-After and security headers, stored by nobody, nothing of Varnish.
 */
function outageProblem(result: Sent, reference: Sent): string | null {
  if (result.error !== undefined) return `failed (${result.error})`;
  if (result.status !== 503) return `status ${result.status}`;
  if (!reference.body || !result.body.equals(reference.body)) return 'not the outage page';
  const { headers } = result;
  if (headers['retry-after'] !== reference.headers?.['retry-after']) return `Retry-After ${headers['retry-after']}`;
  if (headers['cache-control'] !== 'no-store') return `Cache-Control ${headers['cache-control']}`;
  for (const name of SECURITY_HEADER_NAMES) if (headers[name] !== reference.headers?.[name]) return `${name} ${headers[name] ?? 'missing'}`;
  if (/varnish/i.test(JSON.stringify(headers))) return 'a header names Varnish';
  return null;
}

/**
 * Load on `port` until stopped: `CONNECTIONS` keep-alive connections sharing `RATE` requests/s. Three in four ask for
 * the probe route (passed to an instance every time: these are the requests a fault can cost), the fourth for the
 * landing page. Each carries a query naming its phase and number, which the cache keeps from the instances. Every
 * response is kept as a small record.
 */
function missLoad(port: number, readBody: BodyReader, classify: (result: Sent) => string | null) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const records: MissRecord[] = [];
  let phase = 'none';
  let done = false;
  const running = paced({
    connections: CONNECTIONS,
    ratePerSecond: RATE,
    isDone: () => done,
    async request(counter) {
      const sentIn = phase;
      const target = `${counter % 4 === 0 ? '/' : '/healthz'}?v=${sentIn}-${counter}`;
      const result = await send(port, target, { 'accept-encoding': 'br' }, agent);
      const state = result.status === 200 && target.startsWith('/?') ? readBody(result.body, result.headers['content-encoding']) : null;
      records.push({
        phase: sentIn,
        path: target,
        sent: result.sent,
        ms: result.done - result.sent,
        status: result.status ?? null,
        error: result.error ?? null,
        earlyBird: isEarlyBird(state),
        outage: classify(result),
      });
    },
  });
  return {
    records,
    phase: (): string => phase,
    enter(name: string): void {
      phase = name;
    },
    async stop() {
      done = true;
      await running;
      agent.destroy();
    },
  };
}

/**
 * Counts the VCL's retry lines (std.log "retry …") by the phase under way when each arrived: the cache keeps the
 * query from the instances, so a retried URL does not say which request it was.
 */
function retryLog(node: VarnishNode, currentPhase: () => string) {
  const perPhase = new Map<string, number>();
  const watcher = node.watchLog(['-u', '-g', 'raw', '-i', 'VCL_Log'], (line) => {
    if (!/VCL_Log\s+\S+\s+retry /.test(line)) return;
    const phase = currentPhase();
    perPhase.set(phase, (perPhase.get(phase) ?? 0) + 1);
  });
  return {
    count: (phase: string): number => perPhase.get(phase) ?? 0,
    stop: watcher.stop,
  };
}

/** The four phases. `log(message)` narrates; resolves with one row of figures and the problems per phase. */
export async function runFaults({
  node,
  instances,
  vclFile,
  readBody,
  log,
}: {
  node: VarnishNode;
  instances: Instance[];
  vclFile: string;
  readBody: BodyReader;
  log: (message: string) => void;
}) {
  const [killed, hung] = instances;
  if (!killed || !hung) throw new Error('the faults need two instances at least');
  const boundMs = firstByteTimeoutMs(vclFile);
  const names = instances.map((instance) => instance.name);
  const reference = await send(killed.port, '/_outage', {}, false);
  if (reference.status !== 503) throw new Error(`the instances answer /_outage with ${reference.status ?? reference.error}, not 503`);
  const uptime = async (): Promise<number> => (await node.counters()).uptime ?? NaN;
  const uptimeBefore = await uptime();
  const startedAt = Date.now();
  const load = missLoad(node.port, readBody, (result) => outageProblem(result, reference));
  const retries = retryLog(node, load.phase);
  // Each phase starts with varnishstat's retry count, so that a phase's retries are counted there as well as logged.
  const marks: { name: string; counted: number }[] = [];
  const phase = async (name: string): Promise<void> => {
    marks.push({ name, counted: await node.retriesCounted() });
    load.enter(name);
  };
  let servedAfterBack = 0;
  let backAfterMs = NaN;
  try {
    await phases(killed, hung);
  } finally {
    // Stopped however the phases end, so that a failure cannot leave the load running.
    await load.stop();
    await sleep(500);
    retries.stop();
    marks.push({ name: 'end', counted: await node.retriesCounted() });
  }

  async function phases(killed: Instance, hung: Instance): Promise<void> {
    // With every instance well: the misses' times on this machine now.
    await phase('baseline');
    await sleep(3_000);

    await phase('kill');
    await sleep(1_000);
    log(`kill -9 ${killed.name}`);
    await killed.stop('SIGKILL');
    await sleep(4_000);
    await phase('between');
    await killed.start();
    await node.waitHealthy([killed.name], 20_000);

    await phase('hang');
    await sleep(1_000);
    log(`SIGSTOP ${hung.name} for ${HANG_MS / 1000} s`);
    hung.signal('SIGSTOP');
    await sleep(HANG_MS);
    hung.signal('SIGCONT');
    const continuedAt = Date.now();
    await node.waitHealthy([hung.name], 20_000);
    const backAt = Date.now();
    backAfterMs = backAt - continuedAt;
    log(`SIGCONT ${hung.name}: back in rotation after ${(backAfterMs / 1000).toFixed(1)} s`);
    // What the cache sent it since (its own log cannot tell the load's probe-route requests from Varnish's probes).
    const sentBefore = await node.requestsTo(hung.name);
    await sleep(2_000);
    servedAfterBack = (await node.requestsTo(hung.name)) - sentBefore;

    // The hang phase's last requests finish before every instance stops: one still in flight then would be judged
    // as the hung instance's failure.
    await phase('between');
    await sleep(SETTLE_MS);
    log('every instance stopped');
    await Promise.all(instances.map((instance) => instance.stop('SIGINT')));
    await phase('outage');
    await sleep(4_000);

    await phase('starting');
    log('every instance started again');
    await Promise.all(instances.map((instance) => instance.start()));
    await node.waitHealthy(names, 20_000);
    await phase('recovered');
    await sleep(3_000);
  }
  const uptimeAfter = await uptime();

  const of = (name: string): MissRecord[] => load.records.filter((record) => record.phase === name);
  // One render, on this machine in this run, with every instance well, one killed (a refused connection costs
  // nothing, then the retry renders), one hung, or all just started (their first, cold renders).
  const renderMs = slowestRender(load.records, ['baseline', 'kill', 'hang', 'recovered'], boundMs);
  const figures = (name: string, isFailed: (record: MissRecord) => boolean) => ({
    name,
    ...missFigures(load.records, name, isFailed),
    retries: retries.count(name),
    counted: marks.reduce((sum, mark, index) => (mark.name === name ? sum + (marks[index + 1]?.counted ?? mark.counted) - mark.counted : sum), 0),
  });
  const notOk = (record: MissRecord): boolean => record.status !== 200;
  /** A failed request as an operator would chase it: what it got, and when. */
  const failures = (name: string, isFailed: (record: MissRecord) => boolean): string[] =>
    of(name)
      .filter(isFailed)
      .slice(0, 3)
      .map(
        (record) =>
          `${record.path}: ${record.status ?? record.error} after ${record.ms} ms, ${((record.sent - startedAt) / 1000).toFixed(1)} s into the faults`,
      );
  // With no instance up, a page still fresh in the cache is served as it is (it offers what it offered a moment
  // ago, and it is no Early Bird: the acceptance below); anything that needs an instance gets the outage page.
  const notOutage = (record: MissRecord): boolean => record.outage !== null && !(record.path.startsWith('/?') && record.status === 200);
  const [kill, hang, outage, recovered] = [figures('kill', notOk), figures('hang', notOk), figures('outage', notOutage), figures('recovered', notOk)];
  const rows = [figures('baseline', notOk), kill, hang, outage, recovered];
  const earlyBirds = load.records.filter((record) => record.earlyBird).length;
  const firstOutageProblem = of('outage').find(notOutage)?.outage;
  const problems = {
    kill: kill.failed ? [`${kill.failed} failed requests`, ...failures('kill', notOk)] : [],
    hang: [
      ...(hang.failed ? [`${hang.failed} failed requests`, ...failures('hang', notOk)] : []),
      // A request that met the hung instance waits out the bound, then its retry renders; and the timeout's own
      // wake-up waits for a CPU as a render does (one fresh-clone run was 2 ms past the bound and one render).
      ...((hang.slowest ?? 0) > boundMs + 2 * renderMs ? [`slowest request ${hang.slowest} ms, over ${boundMs} ms + two renders (${renderMs} ms each)`] : []),
      ...(servedAfterBack === 0 ? [`${hung.name} served nothing after SIGCONT`] : []),
    ],
    outage: [
      ...(outage.requests === 0 ? ['no request during the outage'] : []),
      ...(outage.failed ? [`${outage.failed} responses were neither the outage page nor a page fresh in the cache (first: ${firstOutageProblem})`] : []),
    ],
    recovered: [
      ...(recovered.requests === 0 || recovered.failed ? [`${recovered.failed} of ${recovered.requests} requests failed after the restart`] : []),
      ...(uptimeAfter < uptimeBefore ? ['the cache restarted'] : []),
    ],
    earlyBird: earlyBirds ? [`${earlyBirds} Early Bird bodies after it ended`] : [],
  };
  return { boundMs, renderMs, rows, servedAfterBack, backAfterMs, starting: of('starting').length, problems };
}
