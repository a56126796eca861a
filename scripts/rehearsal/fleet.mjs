// The fleet on loopback: instances of the built server as the image runs them, Varnish nodes running the
// shipped VCL with a generated backends.vcl, and nginx serving one file as the floor.
import { execFile } from 'node:child_process';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort, imageCommand } from '../lib/servers.mjs';
import { startChild } from './children.mjs';
import { backendsVcl } from '../lib/backendsVcl.ts';

const run = promisify(execFile);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitUntil(what, check, timeoutMs) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`${what} within ${timeoutMs / 1000} s`);
    await sleep(100);
  }
}

const accepts = (port) =>
  new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/**
 * One instance of the built server on a fixed loopback port, which it keeps across restarts (Varnish's
 * backends name it). Each start is a `life`: its log events with their times, the times of the requests
 * it logged (the health probes only counted) and its exit.
 */
export function createInstance(name, port, env) {
  const lives = [];
  let current = null;
  const instance = {
    name,
    port,
    lives,
    async start() {
      const life = { startedAt: Date.now(), events: {}, requests: [], probes: 0, stderr: [], exit: null };
      const { child, exited } = startChild(process.execPath, imageCommand(), {
        env: { ...env, PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: String(port) },
        onLine(line, stream) {
          if (stream === 'stderr') return void life.stderr.push(line);
          let entry;
          try {
            entry = JSON.parse(line);
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
      life.pid = child.pid;
      life.child = child;
      life.exited = exited.then((exit) => (life.exit = exit));
      lives.push(life);
      current = life;
      await waitUntil(
        `${name} did not log "listening"`,
        () => {
          if (life.exit) throw new Error(`${name} exited (${life.exit.code ?? life.exit.signal}) before listening:\n${life.stderr.join('\n')}`);
          return Boolean(life.events.listening);
        },
        15_000,
      );
      return life;
    },
    /** Sends `signal` and resolves with the life that ended, once the process has exited. */
    async stop(signal = 'SIGTERM') {
      const life = current;
      life.signalledAt = Date.now();
      life.signal = signal;
      life.child.kill(signal);
      await life.exited;
      return life;
    },
    /** Sends `signal` to the running process and returns at once (SIGSTOP, SIGCONT). */
    signal(signal) {
      current.child.kill(signal);
    },
    requestCount: () => lives.reduce((sum, life) => sum + life.requests.length, 0),
  };
  return instance;
}

/**
 * varnishd in the foreground (a child of ours), with its own work folder, on a free port, running `vclFile`
 * as it is: only backends.vcl, which it includes, is written here. `http_gzip_support=off` lets the
 * origin's brotli through (the VCL explains why).
 */
export async function startVarnish(name, dir, vclFile, instances) {
  await mkdir(dir, { recursive: true });
  // varnishd drops its privileges when started as root: its worker must be able to read what is here.
  await chmod(dir, 0o755);
  const port = await freePort();
  await writeFile(path.join(dir, 'backends.vcl'), backendsVcl(instances, port));
  const workdir = path.join(dir, 'work');
  const output = [];
  const { exited } = startChild(
    'varnishd',
    [
      '-F',
      '-n',
      workdir,
      '-a',
      `127.0.0.1:${port}`,
      '-T',
      '127.0.0.1:0',
      '-f',
      path.resolve(vclFile),
      '-p',
      `vcl_path=${dir}:/etc/varnish:/usr/share/varnish/vcl`,
      '-p',
      'http_gzip_support=off',
      '-s',
      'malloc,256m',
    ],
    { onLine: (line) => output.push(line) },
  );
  let exit = null;
  void exited.then((result) => (exit = result));
  await waitUntil(
    `Varnish ${name} did not accept connections`,
    async () => {
      if (exit) throw new Error(`varnishd (${name}) exited (${exit.error?.message ?? exit.code ?? exit.signal}):\n${output.join('\n')}`);
      return accepts(port);
    },
    60_000,
  );
  const adm = async (...args) => (await run('varnishadm', ['-n', workdir, ...args])).stdout;
  return {
    name,
    port,
    output,
    /** Backend name → healthy, as Varnish's probes see it now. */
    async health() {
      const health = new Map();
      for (const line of (await adm('backend.list')).split('\n').slice(1)) {
        const [backend, , , state] = line.trim().split(/\s+/);
        if (backend) health.set(backend.replace(/^[^.]*\./, ''), state === 'healthy');
      }
      return health;
    },
    async waitHealthy(backendNames, timeoutMs) {
      await waitUntil(
        `Varnish ${name} did not see ${backendNames.join(', ')} healthy`,
        async () => {
          const health = await this.health();
          return backendNames.every((backend) => health.get(backend) === true);
        },
        timeoutMs,
      );
    },
    /** varnishlog with `args`, each line to `onLine`, until stop(). */
    watchLog(args, onLine) {
      const { child } = startChild('varnishlog', ['-n', workdir, ...args], { onLine });
      return { stop: () => void child.kill('SIGTERM') };
    },
    /**
     * The retries varnishstat has counted at the instances' <name>_retry twins: each is a request sent, a connection
     * that failed (fail_*), or one not attempted because the address was held down after a refusal.
     */
    async retriesCounted() {
      const fields = ['req', 'fail_*', 'helddown'].flatMap((field) => ['-f', `VBE.*_retry.${field}`]);
      const { stdout } = await run('varnishstat', ['-n', workdir, '-1', '-j', ...fields]);
      const parsed = JSON.parse(stdout);
      return Object.values(parsed.counters ?? parsed).reduce((sum, counter) => sum + (typeof counter?.value === 'number' ? counter.value : 0), 0);
    },
    /** The counters of varnishstat, by name without the MAIN. prefix. */
    async counters() {
      const { stdout } = await run('varnishstat', ['-n', workdir, '-1', '-j']);
      const parsed = JSON.parse(stdout);
      const counters = parsed.counters ?? parsed;
      const values = {};
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
export async function startNginx(dir, body, headers) {
  await mkdir(path.join(dir, 'www'), { recursive: true });
  await mkdir(path.join(dir, 'temp'), { recursive: true });
  // Started as root, nginx's workers run as nobody, and read the file from here.
  await chmod(dir, 0o755);
  await chmod(path.join(dir, 'www'), 0o755);
  await writeFile(path.join(dir, 'www', 'index.html'), body);
  const port = await freePort();
  const temp = (kind) => `${kind}_temp_path ${path.join(dir, 'temp', kind)};`;
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
  const output = [];
  const { exited } = startChild('nginx', ['-p', dir, '-e', 'stderr', '-c', path.join(dir, 'nginx.conf')], { onLine: (line) => output.push(line) });
  let exit = null;
  void exited.then((result) => (exit = result));
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
