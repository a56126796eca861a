// Starting and stopping the servers that the benchmark, soak and Lighthouse scripts measure, on loopback only.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';

export async function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** The container's command, from the Dockerfile's exec-form CMD, without the leading `node`. */
export function imageCommand() {
  const match = /^CMD\s+(\[.*\])\s*$/m.exec(readFileSync('Dockerfile', 'utf8'));
  if (!match) throw new Error('Dockerfile has no exec-form CMD');
  const [node, ...args] = JSON.parse(match[1]);
  if (node !== 'node') throw new Error(`Dockerfile CMD runs ${node}, not node`);
  return args;
}

/**
 * Spawns `node args…`, resolves once a stdout line contains `ready`. Every stdout line goes to `onLine`.
 * `stop(signal)` resolves with { code, signal } of the exit.
 */
export async function startProcess(args, { env = {}, ready = '"event":"listening"', onLine = () => {} } = {}) {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk.toString();
  });
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${args.join(' ')} did not start in 15 s\n${stderr}`)), 15_000);
    createInterface({ input: child.stdout }).on('line', (line) => {
      onLine(line);
      if (line.includes(ready)) {
        clearTimeout(timer);
        resolve();
      }
    });
    exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`${args.join(' ')} exited (${code ?? signal}) before it was ready\n${stderr}`));
    });
  });
  return {
    pid: child.pid,
    child,
    exited,
    stderr: () => stderr,
    stop: (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Resident set size of a process in MB, from /proc (Linux). */
export function rssMb(pid) {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Math.round(Number(match[1]) / 102.4) / 10 : NaN;
}

const DAY_MS = 86_400_000;
const isoIn = (ms) => new Date(Date.now() + ms).toISOString();

/**
 * What an operator sets in production (the placeholders are refused there), and a sale in progress:
 * the Early Bird ends in 30 days, the workshop starts a week later. `env` overrides any of them.
 */
export function productionSettings(port) {
  return {
    CHECKOUT_URL: 'https://pay.example.org/taller',
    CONTACT_EMAIL: 'hola@taller.example.org',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    EARLY_BIRD_DEADLINE: isoIn(30 * DAY_MS),
    WORKSHOP_START: isoIn(37 * DAY_MS),
  };
}

/**
 * The built production server, started as the container starts it, on a free loopback port. No lame-duck
 * delay unless `env` sets one: no balancer stands in front of these measurements.
 */
export async function startBuiltServer(env = {}, { onLine } = {}) {
  const port = await freePort();
  const server = await startProcess(imageCommand(), {
    env: { NODE_ENV: 'production', SHUTDOWN_DELAY_SECONDS: '0', ...productionSettings(port), ...env, HOST: '127.0.0.1', PORT: String(port) },
    onLine,
  });
  return { ...server, url: `http://127.0.0.1:${port}`, port };
}
