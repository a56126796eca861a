import autocannon from 'autocannon';
import { readBuildManifest } from '../../server/render/readManifest.ts';
import { startProductionServer } from '../lib/harness.ts';
import { rssMb } from '../lib/processUsage.ts';

const seconds = Number(process.env.SOAK_SECONDS ?? 60);
if (!Number.isFinite(seconds) || seconds <= 0) {
  console.error(`SOAK_SECONDS must be a positive number, got ${JSON.stringify(process.env.SOAK_SECONDS)}`);
  process.exit(2);
}
const CONNECTIONS = 50;

const asset = readBuildManifest('dist').hydrateScript;

/** Each route of the mix with the one status it may answer. */
const ROUTES: { method: 'GET' | 'HEAD'; path: string; expect: number }[] = [
  { method: 'GET', path: '/', expect: 200 },
  { method: 'GET', path: '/prompt1', expect: 200 },
  { method: 'GET', path: asset, expect: 200 },
  { method: 'GET', path: '/soak-no-such-page', expect: 404 },
  { method: 'HEAD', path: '/', expect: 200 },
];

const mb = (value: number | null): string => (Number.isNaN(value) || value === null ? 'n/a' : `${value.toFixed(1)} MB`);

/** The parts of an autocannon client that its own typings leave out: its HTTP parser and the requests in flight. */
interface ClientInternals {
  parser: { constructor: { kOnHeadersComplete: number } } & Record<number, (info: unknown) => unknown>;
  pipelinedRequests: { peek(): { req?: { method?: string } } | undefined };
}

/**
 * autocannon's response parser does not know which request a response answers, so a HEAD answer's
 * Content-Length would make it wait for a body that never comes: tell the parser to skip it.
 */
function skipBodiesOfHead(client: autocannon.Client): void {
  queueMicrotask(() => {
    const { parser, pipelinedRequests } = client as unknown as ClientInternals;
    const kOnHeadersComplete = parser.constructor.kOnHeadersComplete;
    const original = parser[kOnHeadersComplete];
    parser[kOnHeadersComplete] = (info) => {
      original?.(info);
      return pipelinedRequests.peek()?.req?.method === 'HEAD';
    };
  });
}

const stats = { lines: 0, faults: [] as string[] };
const server = await startProductionServer(
  { LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' },
  {
    keepLines: false,
    onLine: (line) => {
      stats.lines += 1;
      // Only error and fatal lines are kept: the request lines are many and only counted.
      if (/"level":(50|60)/.test(line)) stats.faults.push(line);
    },
  },
);
const { url, pid } = server;
const memory: Record<'start' | 'middle' | 'end', number | null> = { start: rssMb(pid), middle: null, end: null };
console.log(`soak: ${url} (pid ${pid}), ${CONNECTIONS} connections for ${seconds} s`);
console.log(`mix: ${ROUTES.map((route) => `${route.method} ${route.path} → ${route.expect}`).join(', ')}`);

const tallies = ROUTES.map((route) => ({ ...route, count: 0, unexpected: 0, statuses: {} as Record<number, number> }));
const middle = setTimeout(
  () => {
    memory.middle = rssMb(pid);
  },
  (seconds * 1000) / 2,
);

const result = await autocannon({
  url,
  connections: CONNECTIONS,
  duration: seconds,
  timeout: 10,
  setupClient: skipBodiesOfHead,
  requests: tallies.map((tally) => ({
    method: tally.method,
    path: tally.path,
    headers: { 'accept-encoding': 'br, gzip' },
    onResponse: (status: number) => {
      tally.count += 1;
      tally.statuses[status] = (tally.statuses[status] ?? 0) + 1;
      if (status !== tally.expect) tally.unexpected += 1;
    },
  })),
});
clearTimeout(middle);
memory.end = rssMb(pid);
const aliveAtEnd = server.child.exitCode === null && server.child.signalCode === null;

// A server that has not exited 15 s after SIGTERM is killed, and shows as SIGKILL.
await server.stop('SIGTERM');
const exit = await server.exited;

const unexpected = tallies.reduce((sum, tally) => sum + tally.unexpected, 0);
const errors = result.errors + result.timeouts;
console.log('');
console.log(
  `requests served:      ${result.requests.total} (${Math.round(result.requests.average)}/s average, latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms)`,
);
console.log(`bytes read:           ${(result.throughput.total / 1024 / 1024).toFixed(1)} MB`);
for (const tally of tallies) {
  console.log(
    `  ${`${tally.method} ${tally.path}`.padEnd(36)} ${String(tally.count).padStart(8)}  statuses ${JSON.stringify(tally.statuses)}  unexpected ${tally.unexpected}`,
  );
}
console.log(`errors:               ${errors} (connection errors ${result.errors}, timeouts ${result.timeouts})`);
console.log(`unexpected statuses:  ${unexpected}`);
console.log(`resident memory:      start ${mb(memory.start)}, middle ${mb(memory.middle)}, end ${mb(memory.end)}`);
console.log(
  `server log:           ${stats.lines} lines, ${stats.faults.length} at error level or above${server.stderr.length ? `, stderr: ${server.stderr.join('\n')}` : ''}`,
);
for (const line of stats.faults.slice(0, 5)) console.log(`  ${line}`);
console.log(`server after load:    ${aliveAtEnd ? 'running' : 'DEAD'}; on SIGTERM exited with ${exit.code ?? exit.signal}`);

const failed = errors > 0 || unexpected > 0 || result.requests.total === 0 || !aliveAtEnd || exit.code !== 0 || stats.faults.length > 0;
console.log(failed ? 'SOAK FAILED' : 'SOAK PASSED');
process.exit(failed ? 1 : 0);
