import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

/** A loopback port nobody is using right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  url: string;
  port: number;
  child: ChildProcess;
  stdout: string[];
  stderr: string[];
  /** Sends the signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Starts `node <entry>` in `cwd` on a free loopback port and resolves once it logs that it listens.
 * `env` is the whole environment of the child on top of PATH, so the test controls every setting.
 */
export async function startNodeServer({ cwd, entry, env = {} }: { cwd: string; entry: string; env?: Record<string, string> }): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [entry], {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stdout: string[] = [];
  const stderr: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 10 s: ${stderr.join('')}`)), 10_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        stdout.push(line);
        if (line.includes('"event":"listening"')) {
          clearTimeout(timer);
          resolve();
        }
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening: ${stderr.join('')}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    child,
    stdout,
    stderr,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}
