/**
 * Runs a Node server as a child process on a free loopback port, as production runs it, and hands back
 * its URL, its output lines and a way to stop it with a signal and read its exit code.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { DIST } from './app';

export const SERVER_ENTRY = path.join(DIST, 'server', 'index.js');
const STARTUP_TIMEOUT_MS = 15_000;

/** A loopback port nobody listens on right now: the OS picks one, and it is released at once for the server. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** An instant `ms` from now, as EARLY_BIRD_DEADLINE accepts it (ISO 8601 with Z). */
export const isoIn = (ms: number): string => new Date(Date.now() + ms).toISOString();

const DAY_MS = 86_400_000;

/** Real-looking values for the settings whose defaults are placeholders: production refuses the defaults. */
export const REAL_SETTINGS: Record<string, string> = {
  CHECKOUT_URL: 'https://pay.example.org/taller',
  CONTACT_EMAIL: 'hola@taller.example.org',
  PUBLIC_URL: 'https://taller.example.org',
};

/** Settings for a sale in progress: the Early Bird ends `deadlineInMs` from now, the workshop starts later. */
export const sellingEnv = (deadlineInMs: number, startInMs = Math.max(deadlineInMs, 0) + 7 * DAY_MS): Record<string, string> => ({
  EARLY_BIRD_DEADLINE: isoIn(deadlineInMs),
  WORKSHOP_START: isoIn(startInMs),
});

export interface RunningServer {
  /** Origin without a trailing slash, like http://127.0.0.1:41234. */
  url: string;
  port: number;
  child: ChildProcess;
  /** Every stdout line so far (JSON log lines), in order. */
  stdout: string[];
  stderr: string[];
  /** Sends the signal (once) and resolves with the exit code; SIGKILL after 15 s. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

const isListening = (line: string): boolean => {
  try {
    return (JSON.parse(line) as { event?: unknown }).event === 'listening';
  } catch {
    return false;
  }
};

/**
 * Starts `node <args…>` in `cwd` with PORT and HOST=127.0.0.1 on top of `env` (and SHUTDOWN_DELAY_SECONDS=0
 * unless `env` sets it), and resolves once it logs
 * {"event":"listening"}; rejects with its output if it exits or stays silent instead.
 */
export async function startNodeServer({ cwd, args, env = {} }: { cwd: string; args: string[]; env?: Record<string, string> }): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(process.execPath, args, {
    cwd,
    // No lame-duck delay unless a test asks for one: there is no balancer to wait for, and stopping stays quick.
    env: { PATH: process.env.PATH ?? '', SHUTDOWN_DELAY_SECONDS: '0', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stdout: string[] = [];
  const stderr: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  createInterface({ input: child.stderr! }).on('line', (line) => stderr.push(line));
  const output = (): string => [...stdout, ...stderr].join('\n');

  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The server did not log "listening" within ${STARTUP_TIMEOUT_MS} ms:\n${output()}`));
    }, STARTUP_TIMEOUT_MS);
    createInterface({ input: child.stdout! }).on('line', (line) => {
      stdout.push(line);
      if (isListening(line)) {
        clearTimeout(timer);
        resolve();
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`The server exited (${code}) before listening:\n${output()}`));
    });
  });

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    child,
    stdout,
    stderr,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      const code = await exited;
      clearTimeout(killer);
      return code;
    },
  };
}

/** The built server (dist/, made by the global setup) from the repository's own node_modules. */
export async function startBuiltServer(env: Record<string, string> = {}): Promise<RunningServer> {
  if (!existsSync(SERVER_ENTRY)) throw new Error(`Missing ${SERVER_ENTRY}: the global setup should have built dist/`);
  return startNodeServer({ cwd: process.cwd(), args: [SERVER_ENTRY], env });
}
