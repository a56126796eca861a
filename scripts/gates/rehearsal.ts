// `npm run rehearsal`: the caching and shutdown promises, checked with a real shared cache in front.
// On loopback: 2 instances of the built server (the manifests' minimum fleet; the image's command,
// NODE_ENV=production), two Varnish nodes running deploy/varnish/taller.vcl as it is (a busy one under steady
// load, a quiet one with one visitor at a time) and nginx serving the same bytes of / as a file.
// EARLY_BIRD_DEADLINE falls in the middle of the run and WORKSHOP_START later; in between each instance in turn
// gets SIGTERM and is started again while traffic flows. Every response is recorded. Then the Early Bird's last spots
// (rehearsal/spotsSale.ts) and a rolling deploy to a build with other chunk names (rehearsal/deploy.ts). Every load
// runs at a fixed rate. It stops by itself, within a watchdog's time, stops every process it started, and exits 1 when
// an acceptance fails. It installs nothing: varnishd (with Debian's varnish-modules) and nginx must be on PATH
// (.ci/run installs them). What the shipped VCL does when an instance is killed, hangs or every one is gone, and
// under floods of slow bodies, the tests prove (tests/deploy/varnish.test.ts, varnish-hang, varnish-abuse,
// varnish-doors), each behaviour once.
// SHUTDOWN_DELAY_SECONDS, if set, is passed to the instances.
import { execFileSync } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { once } from 'node:events';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { createBodyReader } from './rehearsal/offerReader.ts';
import { cleanUpOnExit, stopAll } from './rehearsal/children.ts';
import { createInstance, type Instance, startNginx, startVarnish } from './rehearsal/fleet.ts';
import { confirmations, fmt, type RestartRow, restarts, seconds, staleBodies, steadyFigures, table } from './rehearsal/report.ts';
import { rehearseDeploy } from './rehearsal/deploy.ts';
import { rehearseSale } from './rehearsal/spotsSale.ts';
import { compareWithFloor } from './rehearsal/throughput.ts';
import { createRecorder, quietVisitors, revalidatingBrowsers, send, staleConnectionRetries, steadyLoad } from './rehearsal/traffic.ts';
import { readBuildManifest } from '../../server/render/readManifest.ts';
import { freePort, PRODUCTION_SETTINGS } from '../lib/harness.ts';
import { maxOf } from '../lib/stats.ts';

const VCL = 'deploy/varnish/taller.vcl';
const INSTANCES = 2;
/** The steady load on the busy node: keep-alive connections, and the requests/s they share. */
const CONNECTIONS = 16;
const RATE = 600;
/** From the start of the script: the deadline, and the workshop's start after it. */
const DEADLINE_AFTER_MS = 45_000;
const START_AFTER_DEADLINE_MS = 30_000;
/** The steady load runs at least this long before the deadline, and after the start. */
const BEFORE_DEADLINE_MS = 22_000;
const AFTER_START_MS = 8_000;
/** The run is stopped, and fails, if it takes longer than this. */
const WATCHDOG_MS = 360_000;

const startedAt = Date.now();

/** One JSON line per record, streamed: one string of every record could pass V8's bound on a string's length. */
async function writeNdjson(file: string, records: readonly object[]): Promise<void> {
  const out = createWriteStream(file);
  for (const record of records) if (!out.write(`${JSON.stringify(record)}\n`)) await once(out, 'drain');
  out.end();
  await finished(out);
}
const sleepUntil = (at: number): Promise<void> => sleep(Math.max(0, at - Date.now()));
const log = (message: string): void => console.log(`[${((Date.now() - startedAt) / 1000).toFixed(1).padStart(5)} s] ${message}`);

for (const [command, hint] of [
  ['varnishd', 'varnish varnish-modules'],
  ['nginx', 'nginx-light'],
]) {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
  } catch {
    console.error(`The rehearsal needs ${command} on PATH: apt-get install ${hint} (.ci/run does).`);
    process.exit(2);
  }
}
if (!existsSync('dist/server/index.js')) {
  console.error('No build in dist/: run npm run rehearsal, which builds first.');
  process.exit(2);
}

const workDir = await mkdtemp(path.join(os.tmpdir(), 'taller-rehearsal-'));
// Started as root, varnishd compiles the VCL and nginx serves files as unprivileged users.
await chmod(workDir, 0o755);
const cleanUp = cleanUpOnExit(async () => {
  await stopAll();
  await rm(workDir, { recursive: true, force: true });
});
setTimeout(() => {
  console.error(`The rehearsal took longer than ${WATCHDOG_MS / 1000} s: stopping.`);
  void cleanUp().finally(() => process.exit(1));
}, WATCHDOG_MS).unref();

const deadlineMs = startedAt + DEADLINE_AFTER_MS;
const startMs = deadlineMs + START_AFTER_DEADLINE_MS;
const at = (ms: number): string => `+${((ms - startedAt) / 1000).toFixed(1)} s`;

try {
  // The fleet.
  const env = {
    NODE_ENV: 'production',
    ...PRODUCTION_SETTINGS,
    EARLY_BIRD_DEADLINE: new Date(deadlineMs).toISOString(),
    WORKSHOP_START: new Date(startMs).toISOString(),
    SHUTDOWN_DELAY_SECONDS: process.env.SHUTDOWN_DELAY_SECONDS ?? '',
  };
  const instances: Instance[] = [];
  for (let index = 1; index <= INSTANCES; index += 1) instances.push(createInstance(`instance_${index}`, await freePort(), env));
  await Promise.all(instances.map((instance) => instance.start()));
  const names = instances.map((instance) => instance.name);
  const [busy, quiet] = await Promise.all([
    startVarnish('busy', path.join(workDir, 'busy'), VCL, instances),
    startVarnish('quiet', path.join(workDir, 'quiet'), VCL, instances),
  ]);
  await Promise.all([busy, quiet].map((node) => node.waitHealthy(names, 15_000)));
  log(`${INSTANCES} instances, Varnish busy node :${busy.port} and quiet node :${quiet.port}, all healthy`);
  log(`EARLY_BIRD_DEADLINE at ${at(deadlineMs)}, WORKSHOP_START at ${at(startMs)}`);

  // Acceptance 3: the cache against nginx serving the very bytes the cache serves for /.
  const sample = await send(busy.port, '/', { 'accept-encoding': 'gzip, deflate, br' }, false);
  if (sample.error !== undefined) throw new Error(`the busy node did not answer /: ${sample.error}`);
  const nginx = await startNginx(path.join(workDir, 'nginx'), sample.body, {
    'Content-Encoding': sample.headers['content-encoding'],
    Vary: 'Accept-Encoding',
    'Cache-Control': sample.headers['cache-control'],
  });
  // Four rounds each, as long as they fit before the steady phase must start.
  const roundSeconds = Math.max(1, Math.min(3, Math.floor((deadlineMs - BEFORE_DEADLINE_MS - Date.now()) / 8_000)));
  log(`throughput: nginx and the cache, 4 rounds of ${roundSeconds} s each, ${sample.body.length} bytes of / (${sample.headers['content-encoding']})`);
  const countersBefore = await busy.counters();
  const throughput = await compareWithFloor({ cachePort: busy.port, floorPort: nginx.port, rounds: 4, seconds: roundSeconds });
  const countersAfter = await busy.counters();

  // The steady phase: load, browsers and the quiet node's visitors across both boundaries and the restarts.
  const readBody = createBodyReader(PRODUCTION_SETTINGS.CHECKOUT_URL);
  const recorder = createRecorder(readBody);
  let done = false;
  const isDone = () => done;
  const steadyFrom = Date.now();
  log(`steady load: ${CONNECTIONS} keep-alive connections, ${RATE} requests/s on the busy node`);
  const traffic = Promise.all([
    steadyLoad({
      recorder,
      port: busy.port,
      connections: CONNECTIONS,
      ratePerSecond: RATE,
      isDone,
      asset: readBuildManifest('dist').hydrateScript,
    }),
    revalidatingBrowsers({ recorder, port: busy.port, everyMs: 300, isDone }),
    quietVisitors({ recorder, port: quiet.port, deadlineMs, isDone }),
  ]);

  // Acceptance 2: after the deadline, each instance in turn stops and starts again.
  await sleepUntil(deadlineMs + 6_000);
  const restartRows: RestartRow[] = [];
  for (const instance of instances) {
    log(`SIGTERM to ${instance.name}`);
    const life = await instance.stop('SIGTERM');
    const { shutdown, stop_accepting: stopped, closed } = life.events;
    const servedAfterSignal = life.requests.filter((time) => time >= life.signalledAt);
    const restartedAt = Date.now();
    await instance.start();
    await Promise.all([busy, quiet].map((node) => node.waitHealthy([instance.name], 20_000)));
    const row = {
      name: instance.name,
      exit: life.exit.code ?? life.exit.signal,
      servedDuringDelay: servedAfterSignal.filter((time) => !stopped || time < stopped.at).length,
      lastServedAfterSignalMs: servedAfterSignal.length ? maxOf(servedAfterSignal) - life.signalledAt : null,
      delayMs: shutdown && stopped ? stopped.at - shutdown.at : NaN,
      drainMs: closed?.drainMs ?? NaN,
      servedAfterStop: stopped ? servedAfterSignal.filter((time) => time >= stopped.at).length : 0,
      healthyAfterMs: Date.now() - restartedAt,
    };
    restartRows.push(row);
    log(
      `${instance.name} exited ${row.exit} after a ${seconds(row.delayMs)} delay and a ${fmt(row.drainMs)} ms drain; healthy again after ${seconds(row.healthyAfterMs)}`,
    );
  }

  await sleepUntil(Math.max(startMs + AFTER_START_MS, Date.now() + 2_000));
  done = true;
  await traffic;
  const steadyTo = Date.now();
  const counters = { busy: await busy.counters(), quiet: await quiet.counters() };
  // Nothing stands in front any more: Ctrl-C's signal, which skips the lame-duck delay.
  await Promise.all(instances.map((instance) => instance.stop('SIGINT')));
  await stopAll();
  // Every instance exits 0.
  const instanceExits = instances.flatMap((instance) => instance.lives.map((life) => life.exit?.code ?? life.exit?.signal));

  // The records, for whoever wants to look closer: times are epoch milliseconds, like the boundaries.
  const records = recorder.records;
  await mkdir('.artifacts/rehearsal', { recursive: true });
  await writeNdjson('.artifacts/rehearsal/responses.ndjson', records);
  await writeFile('.artifacts/rehearsal/run.json', JSON.stringify({ startedAt, deadlineMs, startMs, restarts: restartRows, throughput, counters }, null, 2));

  // Figures.
  const boundaries = { deadlineMs, startMs };
  const one = staleBodies(records, boundaries);
  const two = restarts(records, restartRows);
  const four = confirmations(records, boundaries);
  const steady = steadyFigures(records, boundaries);
  const reachedInWindows = (windows: [from: number, to: number][]): number =>
    instances.reduce(
      (sum, instance) =>
        sum +
        instance.lives.reduce((count, life) => count + life.requests.filter((time) => windows.some(([from, to]) => time >= from && time <= to)).length, 0),
      0,
    );
  const delta = (name: string): number => (countersAfter[name] ?? 0) - (countersBefore[name] ?? 0);
  const phaseHitRatio = delta('cache_hit') / (delta('cache_hit') + delta('cache_miss') + delta('s_pass'));

  console.log(`\nRecorded ${fmt(records.length)} responses from ${at(steadyFrom)} to ${at(steadyTo)} (.artifacts/rehearsal/responses.ndjson)\n`);
  console.log(one.text);
  console.log('');
  console.log(two.text);
  console.log(`failed requests: ${two.failed} (${two.reusedFailed} on reused keep-alive connections), of ${fmt(records.length)}\n`);
  console.log(
    table(
      ['Acceptance 3', 'offered req/s', 'answered req/s', 'p50 ms', 'p99 ms', 'p50 vs nginx', 'p99 vs nginx'],
      [
        ['nginx, / as a file', fmt(throughput.rate), fmt(throughput.floor.rps), fmt(throughput.floor.p50, 1), fmt(throughput.floor.p99, 1), '1.00', '1.00'],
        [
          'Varnish, shipped VCL',
          fmt(throughput.rate),
          fmt(throughput.cache.rps),
          fmt(throughput.cache.p50, 1),
          fmt(throughput.cache.p99, 1),
          fmt(throughput.cache.p50 / throughput.floor.p50, 2),
          fmt(throughput.cache.p99 / throughput.floor.p99, 2),
        ],
      ],
    ),
  );
  console.log(
    `(${throughput.connections} connections sharing a fixed ${fmt(throughput.rate)} requests/s, Accept-Encoding: gzip, deflate, br, 1 in 4 a shared link with its own utm_campaign; ` +
      `${throughput.cache.errors + throughput.floor.errors} errors or non-2xx) cache hits ${fmt(phaseHitRatio * 100, 1)} %, ` +
      `${fmt(reachedInWindows(throughput.windows))} of ${fmt(throughput.cache.requests)} requests reached the instances`,
  );
  console.log(
    `steady load: ${fmt(steady.count)} responses, cache hits ${fmt((steady.hitRatio ?? NaN) * 100, 1)} % ` +
      `(hits p50 ${fmt(steady.hitP50)} ms, p99 ${fmt(steady.hitP99)} ms; misses p50 ${fmt(steady.missP50)} ms, p99 ${fmt(steady.missP99)} ms), ` +
      `${fmt(reachedInWindows([[steadyFrom, steadyTo]]))} requests reached the instances (their request logs, probes not counted); ` +
      `in the no-store seconds before the deadline ${fmt(steady.noStoreMisses)} of ${fmt(steady.noStore)} landing requests missed, p99 ${fmt(steady.noStoreP99)} ms\n`,
  );
  console.log(four.text);
  console.log('');
  const counterNames = ['cache_hit', 'cache_hit_grace', 'cache_miss', 'cache_hitmiss', 's_pass', 'backend_retry', 'backend_fail', 'fetch_failed'];
  console.log(
    table(
      ['Varnish counters', ...counterNames],
      Object.entries(counters).map(([node, values]) => [`${node} node`, ...counterNames.map((name) => fmt(values[name] ?? 0))]),
    ),
  );

  const sale = await rehearseSale({ workDir, vcl: VCL, log });
  console.log(`\n${sale.text}`);
  const deploy = await rehearseDeploy({ workDir, vcl: VCL, log });
  console.log(`\n${deploy.text}`);

  console.log(
    `\nRecords per phase (each load at a fixed rate): throughput ${fmt(throughput.floor.requests)} nginx + ${fmt(throughput.cache.requests)} cache, ` +
      `steady ${fmt(records.length)}, sale ${fmt(sale.records)}, deploy ${fmt(deploy.records)} visits; ` +
      `${fmt(staleConnectionRetries())} sent again after meeting a keep-alive connection the cache had closed as idle, as a browser does`,
  );

  const verdicts: [name: string, problems: string[]][] = [
    ['1. no Early Bird body after the deadline, no selling body after the start, on either node', one.problems],
    [
      '2. rolling restart: no failed request, every stopped instance exits 0',
      [...two.problems, ...(instanceExits.every((code) => code === 0) ? [] : [`instance exits at the end: ${instanceExits.join(', ')}`])],
    ],
    ['4. no 304 confirms an offer past its end', four.problems],
    ['5. the sale: no Early Bird body more than a poll + 2 s after the last spot sold, on either node', sale.problems],
    ['6. rolling deploy to other chunk names: no page served during or after it names a chunk that answers other than 200', deploy.problems],
  ];
  console.log('');
  for (const [name, problems] of verdicts) {
    console.log(`${problems.length === 0 ? 'PASS' : 'FAIL'}  ${name}`);
    for (const problem of problems) console.log(`      ${problem}`);
  }
  console.log(`\nWall time: ${seconds(Date.now() - startedAt)}`);
  process.exitCode = verdicts.some(([, problems]) => problems.length > 0) ? 1 : 0;
} catch (error) {
  console.error(`The rehearsal could not run: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 2;
} finally {
  await cleanUp();
}
