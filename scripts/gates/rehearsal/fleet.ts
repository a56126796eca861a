// The fleet on loopback: instances of the built server as the image runs them, Varnish nodes running the
// shipped VCL with a generated backends.vcl, and nginx serving one file as the floor.
import { type ChildProcess, execFile } from 'node:child_process';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { backendHealth, prepareVarnish, TWIN_ATTEMPT_FIELDS } from '../../lib/localVarnish.ts';
import { accepts, type Env, freePort, imageCommand, PRODUCTION_SETTINGS, sellingEnv, startServer, waitUntil } from '../../lib/harness.ts';
import { type ChildExit, startChild, track } from './children.ts';

const run = promisify(execFile);

const DAY_MS = 86_400_000;

/**
 * The settings of a fleet that reads the Stripe stand-in at `url` (with `key`, for the Payment Link `linkId`), its sale
 * open for a day more. NODE_ENV=production reads only Stripe itself: the same build and command, without it, read the
 * stand-in.
 */
export const standInSaleEnv = ({ key, linkId, url }: { key: string; linkId: string; url: string }): Record<string, string> => ({
  ...PRODUCTION_SETTINGS,
  ...sellingEnv(DAY_MS, 2 * DAY_MS),
  STRIPE_SECRET_KEY: key,
  STRIPE_PAYMENT_LINK: linkId,
  STRIPE_API_URL: url,
});

/** A log line of the server, as far as the rehearsal reads it. */
interface LogEntry {
  time: string;
  event?: string;
  path?: string;
  drainMs?: number;
}

/** One start of an instance, to its exit. */
export interface Life {
  startedAt: number;
  /** The first line of each event, with its time. */
  events: Record<string, LogEntry & { at: number }>;
  /** When each request it logged arrived (the health probes only counted). */
  requests: number[];
  probes: number;
  stderr: string[];
  exit: ChildExit | null;
  /** The signal that ended it, and when it was sent, once stop() has. */
  signal?: NodeJS.Signals;
  signalledAt?: number;
}

export type StoppedLife = Life & { signal: NodeJS.Signals; signalledAt: number; exit: ChildExit };

export interface Instance {
  name: string;
  port: number;
  lives: Life[];
  /** Starts the build in `dist` (the release; dist/ by default) on the instance's port. */
  start(dist?: string): Promise<Life>;
  /** Sends `signal` and resolves with the life that ended, once the process has exited. */
  stop(signal?: NodeJS.Signals): Promise<StoppedLife>;
}

/**
 * One instance of the built server (started by the harness, as the image starts it) on a fixed loopback port,
 * which it keeps across restarts: Varnish's backends name it. Each start is a `life`: its log events with their
 * times, the times of the requests it logged and its exit.
 */
export function createInstance(name: string, port: number, env: Env): Instance {
  const lives: Life[] = [];
  let current: { life: Life; child: ChildProcess; exited: Promise<ChildExit> } | null = null;
  const running = () => {
    if (!current) throw new Error(`${name} was never started`);
    return current;
  };
  return {
    name,
    port,
    lives,
    async start(dist = 'dist') {
      const life: Life = { startedAt: Date.now(), events: {}, requests: [], probes: 0, stderr: [], exit: null };
      lives.push(life);
      // The image's command, with the entry of the release asked for.
      const command = imageCommand();
      const server = await startServer({
        args: [...command.slice(0, -1), path.join(dist, 'server', 'index.js')],
        port,
        env,
        // Thousands of request lines: each is read here as it comes, and none is kept.
        keepLines: false,
        onLine(line, stream) {
          if (stream === 'stderr') return void life.stderr.push(line);
          let entry: LogEntry;
          try {
            entry = JSON.parse(line) as LogEntry;
          } catch {
            return void life.stderr.push(line);
          }
          const at = Date.parse(entry.time);
          if (entry.event === 'request') {
            if (entry.path === '/healthz') life.probes += 1;
            else life.requests.push(at);
          } else if (entry.event) {
            life.events[entry.event] ??= { at, ...entry };
          }
        },
      });
      track(server.child);
      const exited = server.exited.then((exit) => {
        life.exit = { ...exit, at: Date.now() };
        return life.exit;
      });
      current = { life, child: server.child, exited };
      return life;
    },
    async stop(signal = 'SIGTERM') {
      const { life, child, exited } = running();
      const signalledAt = Date.now();
      Object.assign(life, { signal, signalledAt });
      child.kill(signal);
      return Object.assign(life, { signal, signalledAt, exit: await exited });
    },
  };
}

/**
 * varnishd in the foreground (a child of ours), with its own work folder, on a free port, running `vclFile`
 * as it is: only backends.vcl, which it includes, is written here. `http_gzip_support=off` lets the
 * origin's brotli through (the VCL explains why).
 */
export interface VarnishNode {
  name: string;
  port: number;
  output: string[];
  /** Backend name → healthy, as Varnish's probes see it now. */
  health(): Promise<Map<string, boolean>>;
  waitHealthy(backendNames: string[], timeoutMs: number): Promise<void>;
  /** varnishlog with `args`, each line to `onLine`, until stop(). */
  watchLog(args: string[], onLine: (line: string) => void): { stop(): void };
  /**
   * The retries varnishstat has counted at the instances' <name>_retry twins: each is a request sent, a connection
   * that failed (fail_*), or one not attempted because the address was held down after a refusal.
   */
  retriesCounted(): Promise<number>;
  /** Requests this node has sent each instance, its retry twin's included (varnishstat's VBE.*.req; probes aside). */
  requestsTo(instance: string): Promise<number>;
  /** The counters of varnishstat, by name without the MAIN. prefix. */
  counters(): Promise<Record<string, number>>;
  /**
   * The last probes of `instance`, newest in bit 0, 1 for each that succeeded (varnishstat's VBE.*.happy, 64 of them):
   * read from its text, since a bitmap of 64 bits is more than a JSON number holds.
   */
  probeHistory(instance: string): Promise<bigint>;
  /** How often the storage `name` (Transient, say) had no room for what was asked of it (varnishstat's SMA.<name>.c_fail). */
  storageFailures(name: string): Promise<number>;
}

/** varnishstat -j's counters, at the top level or (newer versions) under `counters`. */
async function varnishstat(workdir: string, ...fields: string[]): Promise<Record<string, { value?: unknown }>> {
  const { stdout } = await run('varnishstat', ['-n', workdir, '-1', '-j', ...fields]);
  const parsed = JSON.parse(stdout) as { counters?: Record<string, { value?: unknown }> } & Record<string, { value?: unknown }>;
  return parsed.counters ?? parsed;
}

export async function startVarnish(name: string, dir: string, vclFile: string, instances: readonly Instance[]): Promise<VarnishNode> {
  await mkdir(dir, { recursive: true });
  const port = await freePort();
  const { workdir, args } = await prepareVarnish({ dir, port, vclFile, instances, storage: '256m' });
  const output: string[] = [];
  const { exited } = startChild('varnishd', args, { onLine: (line) => output.push(line) });
  let exit: ChildExit | null = null;
  void exited.then((result) => {
    exit = result;
  });
  await waitUntil(
    `Varnish ${name} did not accept connections`,
    async () => {
      if (exit) throw new Error(`varnishd (${name}) exited (${exit.error?.message ?? exit.code ?? exit.signal}):\n${output.join('\n')}`);
      return accepts(port);
    },
    60_000,
  );
  const health = (): Promise<Map<string, boolean>> => backendHealth(workdir);
  return {
    name,
    port,
    output,
    health,
    async waitHealthy(backendNames, timeoutMs) {
      await waitUntil(
        `Varnish ${name} did not see ${backendNames.join(', ')} healthy`,
        async () => {
          const now = await health();
          return backendNames.every((backend) => now.get(backend) === true);
        },
        timeoutMs,
      );
    },
    watchLog(args, onLine) {
      const { child } = startChild('varnishlog', ['-n', workdir, ...args], { onLine });
      return { stop: () => void child.kill('SIGTERM') };
    },
    async retriesCounted() {
      const fields = TWIN_ATTEMPT_FIELDS.flatMap((field) => ['-f', `VBE.*_retry.${field}`]);
      const counters = await varnishstat(workdir, ...fields);
      return Object.values(counters).reduce((sum, counter) => sum + (typeof counter?.value === 'number' ? counter.value : 0), 0);
    },
    async requestsTo(instance) {
      const counters = await varnishstat(workdir, '-f', `VBE.*.${instance}.req`, '-f', `VBE.*.${instance}_retry.req`);
      return Object.values(counters).reduce((sum, counter) => sum + (typeof counter?.value === 'number' ? counter.value : 0), 0);
    },
    async probeHistory(instance) {
      const { stdout } = await run('varnishstat', ['-n', workdir, '-1', '-f', `VBE.*.${instance}.happy`]);
      const value = /^VBE\.\S+\.happy\s+(\d+)/m.exec(stdout)?.[1];
      if (value === undefined) throw new Error(`varnishstat has no probe history for ${instance}`);
      return BigInt(value);
    },
    async storageFailures(storage) {
      const counters = await varnishstat(workdir, '-f', `SMA.${storage}.c_fail`);
      const value = counters[`SMA.${storage}.c_fail`]?.value;
      if (typeof value !== 'number') throw new Error(`varnishstat counts no storage ${storage}`);
      return value;
    },
    async counters() {
      const counters = await varnishstat(workdir);
      const values: Record<string, number> = {};
      for (const [key, counter] of Object.entries(counters)) {
        if (key.startsWith('MAIN.') && typeof counter?.value === 'number') values[key.slice(5)] = counter.value;
      }
      return values;
    },
  };
}

/**
 * nginx serving `body` as `/` with the given headers, from a file, with the worker count of the machine:
 * the floor for what serving those bytes can cost here.
 */
export async function startNginx(dir: string, body: Buffer, headers: Record<string, string | undefined>): Promise<{ port: number; output: string[] }> {
  await mkdir(path.join(dir, 'www'), { recursive: true });
  await mkdir(path.join(dir, 'temp'), { recursive: true });
  // Started as root, nginx's workers run as nobody, and read the file from here.
  await chmod(dir, 0o755);
  await chmod(path.join(dir, 'www'), 0o755);
  await writeFile(path.join(dir, 'www', 'index.html'), body);
  const port = await freePort();
  const temp = (kind: string): string => `${kind}_temp_path ${path.join(dir, 'temp', kind)};`;
  const conf = `daemon off;
worker_processes auto;
pid ${path.join(dir, 'nginx.pid')};
error_log stderr warn;
events { worker_connections 1024; }
http {
  access_log off;
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
  server {
    listen 127.0.0.1:${port};
    root ${path.join(dir, 'www')};
    location = / {
      types { }
      default_type "text/html; charset=utf-8";
      ${Object.entries(headers)
        .map(([name, value]) => `add_header ${name} "${value}";`)
        .join('\n      ')}
      try_files /index.html =404;
    }
  }
}
`;
  await writeFile(path.join(dir, 'nginx.conf'), conf);
  const output: string[] = [];
  const { exited } = startChild('nginx', ['-p', dir, '-e', 'stderr', '-c', path.join(dir, 'nginx.conf')], { onLine: (line) => output.push(line) });
  let exit: ChildExit | null = null;
  void exited.then((result) => {
    exit = result;
  });
  await waitUntil(
    'nginx did not accept connections',
    async () => {
      if (exit) throw new Error(`nginx exited (${exit.error?.message ?? exit.code ?? exit.signal}):\n${output.join('\n')}`);
      return accepts(port);
    },
    15_000,
  );
  return { port, output };
}
