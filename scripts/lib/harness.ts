/**
 * The site run for a test or a measurement, one way for both: a free loopback port, the built server started as
 * the container starts it (the Dockerfile's CMD) and stopped, the settings production insists on, a sale in
 * progress, and Debian's Chromium with the flags that keep it off the network.
 * Node runs this file as it is (type stripping), so it uses erasable TypeScript only.
 */
import { type ChildProcess, type SpawnSyncReturns, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import net, { type AddressInfo, createServer } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Browser } from 'playwright-core';

/** The built server's entry, made by `npm run build`. */
export const SERVER_ENTRY = path.resolve('dist/server/index.js');
const STARTUP_TIMEOUT_MS = 15_000;
const STOP_TIMEOUT_MS = 15_000;
const DAY_MS = 86_400_000;

/** An exec-form instruction of the Dockerfile (CMD, or HEALTHCHECK's CMD) as the array it runs. */
export function dockerfileExecForm(instruction: 'CMD' | 'HEALTHCHECK'): string[] {
  const match = new RegExp(`^${instruction}\\s.*?(\\[.*\\])\\s*$`, 'm').exec(readFileSync('Dockerfile', 'utf8'));
  if (!match?.[1]) throw new Error(`Dockerfile has no exec-form ${instruction}`);
  return JSON.parse(match[1]) as string[];
}

/** The container's command without the leading `node`: the V8 flags and the entry the image runs. */
export function imageCommand(): string[] {
  const [node, ...args] = dockerfileExecForm('CMD');
  if (node !== 'node') throw new Error(`Dockerfile CMD runs ${node}, not node`);
  return args;
}

/** A loopback port nobody listens on right now: the OS picks one, and it is released at once for the caller. */
/** Whether something on this machine accepts connections on `port` now. */
export const accepts = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** Polls `check` until it holds; past `timeoutMs`, throws "`what` within N ms". A `check` that throws ends it. */
export async function waitUntil(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number, everyMs = 50): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`${what} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** What an operator sets in production, where the placeholder defaults are refused: the seed's edition's name and dates among them. */
export const PRODUCTION_SETTINGS = {
  EDITION: '2025-09',
  WORKSHOP_START: '2025-09-03T20:00:00-06:00',
  EARLY_BIRD_DEADLINE: '2025-09-30T23:59:59-06:00',
  CHECKOUT_URL: 'https://pay.example.org/taller',
  CONTACT_EMAIL: 'hola@taller.example.org',
  PUBLIC_URL: 'https://taller.example.org',
  SELLER_NAME: 'Ana Torres Ejemplo',
  SELLER_ADDRESS: 'Av. Ejemplo 123, Col. Roma Norte, 06700 Ciudad de México, México',
  SELLER_PHONE: '+52 55 1234 5678',
  TRAINER_NAME: 'Lucía Ramírez Ejemplo',
};

/** An instant `ms` from now, as EARLY_BIRD_DEADLINE and WORKSHOP_START take it. */
export const isoIn = (ms: number): string => new Date(Date.now() + ms).toISOString();

/** A sale in progress: the Early Bird ends `deadlineInMs` from now, and the workshop starts a week after it. */
export const sellingEnv = (deadlineInMs = 30 * DAY_MS, startInMs = Math.max(deadlineInMs, 0) + 7 * DAY_MS): Record<string, string> => ({
  EARLY_BIRD_DEADLINE: isoIn(deadlineInMs),
  WORKSHOP_START: isoIn(startInMs),
});

export type Env = Readonly<Record<string, string | undefined>>;

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerOptions {
  /** Node's arguments; by default the image's command. */
  args?: string[];
  cwd?: string;
  /** The server's settings, on top of PATH and no lame-duck delay; HOST and PORT are the harness's. */
  env?: Env;
  /** A port of the caller's choosing (a fleet's instance keeps its port across restarts); by default a free one. */
  port?: number;
  /** Ready once it logs "listening" (the default), or once /healthz answers 200, for a LOG_LEVEL that hides that line. */
  ready?: 'listening' | 'healthz';
  /** Every line of the server's output, as it comes. */
  onLine?: (line: string, stream: 'stdout' | 'stderr') => void;
  /** false: `stdout` keeps only the lines up to ready, for a long run whose request lines go to `onLine`. */
  keepLines?: boolean;
}

export interface RunningServer {
  /** Origin without a trailing slash, like http://127.0.0.1:41234. */
  url: string;
  port: number;
  pid: number;
  child: ChildProcess;
  /** Every stdout line so far (JSON log lines), in order. */
  stdout: string[];
  stderr: string[];
  exited: Promise<Exit>;
  /** Sends the signal (if it still runs) and resolves with the exit code; SIGKILL if it has not exited in 15 s. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

const isListening = (line: string): boolean => {
  try {
    return (JSON.parse(line) as { event?: unknown }).event === 'listening';
  } catch {
    return false;
  }
};

/** Resolves once GET `url` answers 200, asking every 50 ms until `gaveUp()`. */
async function answers(url: string, gaveUp: () => boolean): Promise<void> {
  while (!gaveUp()) {
    const ok = await fetch(url).then(
      async (response) => {
        await response.arrayBuffer();
        return response.status === 200;
      },
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Starts `node <args…>` on 127.0.0.1 and resolves once it is ready; rejects with its output if it exits or is not
 * ready within 15 s. The server sees PATH and `env` only, never the rest of the caller's environment: a variable
 * exported in a shell cannot change what a test or a measurement runs.
 */
export async function startServer({
  args = imageCommand(),
  cwd,
  env = {},
  port,
  ready = 'listening',
  onLine,
  keepLines = true,
}: ServerOptions = {}): Promise<RunningServer> {
  const bound = port ?? (await freePort());
  const url = `http://127.0.0.1:${bound}`;
  const child = spawn(process.execPath, args, {
    cwd,
    // No lame-duck delay unless asked for: no balancer stands in front to wait for, and stopping stays quick.
    env: { PATH: process.env.PATH ?? '', SHUTDOWN_DELAY_SECONDS: '0', ...env, HOST: '127.0.0.1', PORT: String(bound) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const { pid } = child;
  if (pid === undefined) throw new Error(`node ${args.join(' ')} could not be started`);
  const exited = new Promise<Exit>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const stdout: string[] = [];
  const stderr: string[] = [];
  let isReady = false;
  let settled = false;
  let logged: () => void = () => {};
  const listening = new Promise<void>((resolve) => {
    logged = resolve;
  });
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (keepLines || !isReady) stdout.push(line);
    onLine?.(line, 'stdout');
    if (isListening(line)) logged();
  });
  createInterface({ input: child.stderr }).on('line', (line) => {
    stderr.push(line);
    onLine?.(line, 'stderr');
  });
  const output = (): string => [...stdout, ...stderr].join('\n');

  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error(`node ${args.join(' ')} was not ready (${ready}) within ${STARTUP_TIMEOUT_MS / 1000} s:\n${output()}`));
      }, STARTUP_TIMEOUT_MS);
      const readiness = ready === 'listening' ? listening : answers(`${url}/healthz`, () => settled);
      void readiness.then(() => {
        clearTimeout(timer);
        resolve();
      });
      void exited.then(({ code, signal }) => {
        clearTimeout(timer);
        reject(new Error(`node ${args.join(' ')} exited (${code ?? signal}) before it was ready:\n${output()}`));
      });
    });
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  } finally {
    settled = true;
  }
  isReady = true;

  return {
    url,
    port: bound,
    pid,
    child,
    stdout,
    stderr,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const killer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      const { code } = await exited;
      clearTimeout(killer);
      return code;
    },
  };
}

/** The built server with the settings of the caller's choosing (none: the defaults, placeholders and all). */
export const startBuiltServer = (env: Env = {}): Promise<RunningServer> => startServer({ env });

/**
 * The built server as an operator runs it: NODE_ENV=production with real settings and a sale in progress, and
 * PUBLIC_URL its own host, so that the page's canonical link points where it is measured; over https, which production
 * requires (a TLS front end would serve it so). `env` overrides any of them.
 */
export async function startProductionServer(env: Env = {}, options: Omit<ServerOptions, 'env' | 'port'> = {}): Promise<RunningServer> {
  const port = await freePort();
  return startServer({
    ...options,
    port,
    env: { NODE_ENV: 'production', ...PRODUCTION_SETTINGS, PUBLIC_URL: `https://127.0.0.1:${port}`, ...sellingEnv(), ...env },
  });
}

/** Runs the built server to its end, for a start that must fail: its status and its whole output, within 10 s. */
export function runToExit(env: Env = {}): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, imageCommand(), {
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', ...env },
    encoding: 'utf8',
    timeout: 10_000,
  });
}

/** Debian's Chromium, or the one CHROMIUM_PATH names. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Flags that keep Chromium from reaching the network on its own, and let it run as root in a container. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Fails (never skips) when Chromium is missing: the browser tests run on every machine. */
export function assertChromium(): void {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`No Chromium at ${CHROMIUM_PATH}: install Debian's package (apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium binary`);
  }
}

/** Chromium through playwright-core, headless, with the flags above. */
export async function launchChromium(): Promise<Browser> {
  assertChromium();
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}
