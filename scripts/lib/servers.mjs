// Starting and stopping the servers that the benchmark and soak scripts measure, on loopback only.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

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

/** Spawns `node args…`, resolves once a stdout line contains `ready`, with its pid and a stop(). */
export async function startProcess(args, { env = {}, ready = 'listening' } = {}) {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${args.join(' ')} did not start`)), 15_000);
    child.stdout.on('data', (chunk) => {
      if (chunk.toString().includes(ready)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}`)));
  });
  child.stdout.resume();
  return {
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/** Resident set size of a process in MB, from /proc (Linux). */
export function rssMb(pid) {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Math.round(Number(match[1]) / 102.4) / 10 : NaN;
}

/** Starts the built production server on a free loopback port; resolves with its base URL. */
export async function startBuiltServer(env = {}) {
  const port = await freePort();
  const server = await startProcess(['dist/server/index.js'], {
    env: { NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), ...env },
  });
  return { ...server, url: `http://127.0.0.1:${port}`, port };
}
