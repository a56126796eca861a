// `npm run bench`: requests/s and latency of the built server against a reference (the same bytes of `/`
// served by express.static + compression()), interleaved A B A B on loopback, then each page's weight.
// Run by `npm run bench`, which builds first. BENCH_SECONDS sets each round's length (default 10).
import { EventEmitter } from 'node:events';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import * as esbuild from 'esbuild';
import type { Request, Response } from 'express';
import { readBuildManifest } from '../../server/render/readManifest.ts';
import { freePort, type RunningServer, startProductionServer, startServer } from '../lib/harness.ts';
import { cpuMs, rssMb } from '../lib/processUsage.ts';

/** esbuild's metafile of the client bundle: each output's entry point and static imports. */
interface ClientMeta {
  outputs: Record<string, { entryPoint?: string; imports: { path: string; kind: string }[] }>;
}
type Summary = { rps: number; p50: number; p99: number };
/** What the timing calls of server/ops/metrics.ts, bundled: Node cannot run the server's sources as they are. */
interface MetricsModule {
  createMetrics(options: { clock: () => number; sale: { earlyBirdDeadlineMs: number; workshopStartMs: number; soldOut: boolean; cancelled: boolean } }): {
    middleware(request: Request, response: Response, next: () => void): void;
    pageFromMemory(page: string, state: string): void;
  };
}

const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const ROUNDS = 2;
const CONNECTIONS = 50;
const HEADERS = { 'accept-encoding': 'br, gzip' };

const manifest = readBuildManifest('dist');
// The Early Bird phase is the expensive one: the countdown makes the page change every second.
// The request lines go unread: only the figures count.
const quiet = { keepLines: false } as const;
const ours = await startProductionServer({}, quiet);

const referenceDir = await mkdtemp(path.join(os.tmpdir(), 'bench-reference-'));
await writeFile(path.join(referenceDir, 'index.html'), Buffer.from(await (await fetch(`${ours.url}/`)).arrayBuffer()));
const reference = await startServer({ args: ['scripts/reports/reference-server.ts', referenceDir] });

const targets: [label: string, url: string, status: number][] = [
  ['reference: index.html via express.static + compression()', `${reference.url}/`, 200],
  ['ours: /', `${ours.url}/`, 200],
  ['ours: /prompt1', `${ours.url}/prompt1`, 200],
  ['ours: unknown path (404)', `${ours.url}/no-existe`, 404],
  ['ours: hashed script', `${ours.url}${manifest.hydrateScript}`, 200],
];

function run(url: string): Promise<autocannon.Result> {
  return autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers: HEADERS });
}

const results = new Map(targets.map(([name]) => [name, [] as autocannon.Result[]]));
const [referenceTarget] = targets as [(typeof targets)[number]];
for (let round = 1; round <= ROUNDS; round += 1) {
  // A B A B: the reference runs between each of ours, so the machine's drift hits both alike.
  for (const ourTarget of targets.slice(1)) {
    for (const [label, target, expected] of [referenceTarget, ourTarget]) {
      const result = await run(target);
      const unexpected = expected === 404 ? result.non2xx - result.requests.total : result.non2xx;
      if (result.errors > 0 || (Math.abs(unexpected) > 0 && expected !== 404)) {
        console.error(`${label}: ${result.errors} errors, ${result.non2xx} non-2xx`);
      }
      results.get(label)?.push(result);
      process.stdout.write('.');
    }
  }
}
process.stdout.write('\n');
await Promise.all([ours.stop(), reference.stop()]);

const mean = (values: number[]): number => values.reduce((a, b) => a + b, 0) / values.length;
const summary = (label: string): Summary => {
  const runs = results.get(label) ?? [];
  return {
    rps: mean(runs.map((r) => r.requests.average)),
    p50: mean(runs.map((r) => r.latency.p50)),
    p99: mean(runs.map((r) => r.latency.p99)),
  };
};
const ref = summary(referenceTarget[0]);
console.log(`\nThroughput, ${CONNECTIONS} connections, Accept-Encoding: br, gzip, ${ROUNDS} x ${SECONDS} s rounds interleaved with the reference`);
console.log(
  `${'target'.padEnd(58)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'req/s ratio'.padStart(12)} ${'p99 ratio'.padStart(10)}`,
);
for (const [label] of targets) {
  const s = summary(label);
  console.log(
    `${label.padEnd(58)} ${s.rps.toFixed(0).padStart(8)} ${s.p50.toFixed(1).padStart(7)} ${s.p99.toFixed(1).padStart(7)} ${(s.rps / ref.rps).toFixed(2).padStart(12)} ${(s.p99 / ref.p99).toFixed(2).padStart(10)}`,
  );
}

await printMetricsCost();
await printStartup();
await printMemory();
await printWeights();

/**
 * What counting costs: `/` on a server with METRICS_PORT set against one without, interleaved off on on off,
 * each round as long as the others, with the server's own CPU time per request beside the throughput. On two
 * shared cores both swing by more than the cost itself from round to round, so the verdict comes from the
 * counting measured alone: server/ops/metrics.ts's middleware and page counter, run in this process on the
 * requests' path (the `finish` event, the route, the status), against the CPU a request costs with metrics off.
 */
async function printMetricsCost() {
  const off = await startProductionServer({}, quiet);
  const on = await startProductionServer({ METRICS_PORT: String(await freePort()) }, quiet);
  type Label = 'off' | 'on';
  const rounds: Record<Label, autocannon.Result[]> = { off: [], on: [] };
  const cpu = { off: { ms: 0, requests: 0 }, on: { ms: 0, requests: 0 } };
  // A first round each, not counted: the JIT warms up on whichever server runs first.
  for (const server of [off, on]) await run(`${server.url}/`);
  for (let round = 1; round <= ROUNDS * 2; round += 1) {
    const pair: [Label, RunningServer][] = [
      ['off', off],
      ['on', on],
    ];
    for (const [label, server] of round % 2 ? pair : pair.reverse()) {
      const before = cpuMs(server.pid);
      const result = await run(`${server.url}/`);
      cpu[label].ms += cpuMs(server.pid) - before;
      cpu[label].requests += result.requests.total;
      rounds[label].push(result);
      process.stdout.write('.');
    }
  }
  await Promise.all([off.stop(), on.stop()]);
  const rps = (label: Label): number => mean(rounds[label].map((r) => r.requests.average));
  const p99 = (label: Label): number => mean(rounds[label].map((r) => r.latency.p99));
  const cpuPerRequest = (label: Label): number => (cpu[label].ms * 1000) / cpu[label].requests;
  console.log(`\nMetrics (METRICS_PORT), ours: /, ${ROUNDS * 2} x ${SECONDS} s rounds each, interleaved off on on off …`);
  console.log(`${'metrics'.padEnd(10)} ${'req/s'.padStart(8)} ${'p99 ms'.padStart(7)} ${'server CPU µs/request'.padStart(22)}`);
  for (const label of ['off', 'on'] as const) {
    console.log(
      `${label.padEnd(10)} ${rps(label).toFixed(0).padStart(8)} ${p99(label).toFixed(1).padStart(7)} ${cpuPerRequest(label).toFixed(1).padStart(22)}`,
    );
  }
  const cost = 1 - rps('on') / rps('off');
  const cpuCost = cpuPerRequest('on') / cpuPerRequest('off') - 1;
  console.log(`Side by side: ${(cost * 100).toFixed(1)} % less throughput, ${(cpuCost * 100).toFixed(1)} % more server CPU per request`);
  const counting = await countingMicroseconds();
  const share = counting / cpuPerRequest('off');
  console.log(
    `Counting alone: ${counting.toFixed(2)} µs per request, ${(share * 100).toFixed(1)} % of a request's ${cpuPerRequest('off').toFixed(1)} µs ` +
      `(${share < 0.05 ? 'under' : 'NOT under'} 5 %)`,
  );
}

/** server/ops/metrics.ts's work for one request to `/` (middleware, `finish`, page counter), timed over many. */
async function countingMicroseconds(): Promise<number> {
  const bundle = await esbuild.build({
    entryPoints: ['server/ops/metrics.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    write: false,
  });
  // Inside the project, so prom-client (left external) resolves from its node_modules.
  const file = path.resolve('dist', 'bench-metrics.mjs');
  await writeFile(file, bundle.outputFiles[0]?.contents ?? '');
  try {
    const { createMetrics } = (await import(file)) as MetricsModule;
    const metrics = createMetrics({
      clock: Date.now,
      sale: { earlyBirdDeadlineMs: Date.now() + 86_400_000, workshopStartMs: Date.now() + 3 * 86_400_000, soldOut: false, cancelled: false },
    });
    // Only what the middleware reads of a request and a response.
    const request = { method: 'GET', route: { path: '/' } } as unknown as Request;
    const once = (): void => {
      const response = Object.assign(new EventEmitter(), { statusCode: 200 }) as unknown as Response;
      metrics.middleware(request, response, () => metrics.pageFromMemory('landing', 'early-bird'));
      response.emit('finish');
    };
    for (let i = 0; i < 100_000; i += 1) once();
    const count = 1_000_000;
    const started = performance.now();
    for (let i = 0; i < count; i += 1) once();
    return ((performance.now() - started) * 1000) / count;
  } finally {
    await rm(file, { force: true });
  }
}

/** From spawning the container's command to the first 200 on `/`, asked once it logs that it listens; median of 5. */
async function printStartup(): Promise<void> {
  const times: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    const started = performance.now();
    const server = await startProductionServer({}, quiet);
    const response = await fetch(`${server.url}/`);
    await response.arrayBuffer();
    if (response.status !== 200) console.error(`start ${i + 1}: / answered ${response.status}`);
    times.push(performance.now() - started);
    await server.stop();
  }
  const [min, , middle, , max] = times.sort((a, b) => a - b).map((ms) => ms.toFixed(0));
  console.log(`\nStart: process spawn to first answered request, median of 5: ${middle} ms (min ${min}, max ${max})`);
}

/** Resident memory after 20,000 requests over the pages, and after a second 20,000. */
async function printMemory(): Promise<void> {
  const server = await startProductionServer({}, quiet);
  const batch = () =>
    autocannon({
      url: server.url,
      connections: CONNECTIONS,
      amount: 20_000,
      headers: HEADERS,
      requests: [{ path: '/' }, { path: '/prompt1' }, { path: '/no-existe' }, { path: manifest.hydrateScript }],
    });
  const idle = rssMb(server.pid);
  await batch();
  const first = rssMb(server.pid);
  await batch();
  const second = rssMb(server.pid);
  await server.stop();
  console.log(`Memory (resident): at start ${idle} MB, after 20,000 requests ${first} MB, after 40,000 ${second} MB`);
}

/** Raw, gzip and brotli bytes of each file a page loads, and which of them the first paint waits for. */
async function printWeights(): Promise<void> {
  const server = await startProductionServer({}, quiet);
  const meta = JSON.parse(await readFile('dist/client-meta.json', 'utf8')) as ClientMeta;
  const publicDir = path.join('dist', 'public');
  const urlOf = (file: string): string => `/${path.relative(publicDir, file).split(path.sep).join('/')}`;
  const fileOf = (entryPoint: string): string | undefined => Object.keys(meta.outputs).find((file) => meta.outputs[file]?.entryPoint === entryPoint);
  // Everything an output pulls in by static import, itself included.
  const closure = (file: string | undefined, seen = new Set<string>()): Set<string> => {
    if (!file || seen.has(file)) return seen;
    seen.add(file);
    for (const imported of meta.outputs[file]?.imports ?? []) if (imported.kind === 'import-statement') closure(imported.path, seen);
    return seen;
  };
  type Sizes = { raw: number; gzip: number; br: number };
  const sizes = (bytes: Buffer): Sizes => ({
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    br: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  });
  const kb = (n: number): string => `${(n / 1024).toFixed(1)} KB`;

  console.log('\nPage weight (KB: raw / gzip / brotli); "first paint" marks what the first paint waits for');
  for (const route of ['/', '/prompt1', '/no-existe']) {
    const html = Buffer.from(await (await fetch(server.url + route, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer());
    const text = html.toString();
    const islands = [...text.matchAll(/data-island="([^"]+)"/g)].map((m) => m[1] ?? '');
    const rows: [kind: string, name: string, bytes: Buffer, blocking: boolean][] = [['HTML', route, html, true]];
    // The entry is inline in the HTML; React and the islands come after the first paint.
    if (/<script type="module"/.test(text)) {
      const files = new Set<string>();
      for (const file of closure(fileOf('client/hydrate.tsx'))) files.add(file);
      for (const island of islands) {
        const source = ({ countdown: 'Countdown' } as Record<string, string>)[island];
        for (const file of closure(fileOf(`shared/islands/${source}.tsx`))) files.add(file);
      }
      for (const file of files) rows.push(['JS', urlOf(file), await readFile(file), false]);
    }
    console.log(`\n${route}  (islands: ${islands.join(', ') || 'none'})`);
    const totals: Record<string, Sizes> = {};
    for (const [kind, name, bytes, blocking] of rows) {
      const s = sizes(bytes);
      const total = totals[kind] ?? { raw: 0, gzip: 0, br: 0 };
      totals[kind] = total;
      for (const key of ['raw', 'gzip', 'br'] as const) total[key] += s[key];
      console.log(
        `  ${kind.padEnd(5)} ${name.padEnd(56)} ${kb(s.raw).padStart(9)} ${kb(s.gzip).padStart(9)} ${kb(s.br).padStart(9)}  ${blocking ? 'first paint' : 'after'}`,
      );
    }
    for (const [kind, t] of Object.entries(totals))
      console.log(`  total ${kind.padEnd(54)} ${kb(t.raw).padStart(9)} ${kb(t.gzip).padStart(9)} ${kb(t.br).padStart(9)}`);
  }
  await server.stop();
}
