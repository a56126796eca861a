/**
 * varnishd in the foreground on a free loopback port, running deploy/varnish/taller.vcl as it is with a
 * backends.vcl written for the test's instances, and what an operator reads from it: backend health and
 * the log.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { backendHealth, type LocalInstance, prepareVarnish } from '../../scripts/lib/localVarnish';
import { accepts, freePort, waitUntil } from '../../scripts/lib/harness';

const run = promisify(execFile);
const VCL = path.resolve('deploy/varnish/taller.vcl');

export type Backend = LocalInstance;

export interface RunningVarnish {
  port: number;
  /** Backend name (without the VCL's prefix) → healthy, as the probes see it now. */
  health(): Promise<Map<string, boolean>>;
  /** Resolves once the probes see every one of `names` healthy; rejects, naming them, after 10 s. */
  untilHealthy(names: string[]): Promise<void>;
  /** The VCL_Log lines (std.log) written so far. */
  vclLog(): Promise<string[]>;
  /** The access log so far, one line a request, as varnishncsa writes it with the format in `formatFile`. */
  accessLog(formatFile: string): Promise<string[]>;
  /** What one of Varnish's log tools (varnishlog, varnishtop) prints with `args`, reading the log so far. */
  logTool(command: 'varnishlog' | 'varnishtop', args: string[]): Promise<string>;
  /** varnishstat's counters matching `fields` (its -f globs), by their full names. */
  counters(...fields: string[]): Promise<Record<string, number>>;
  stop(): Promise<void>;
}

/** `vcl`: the text to run instead of deploy/varnish/taller.vcl (a variant of it a test has made). */
export async function startVarnish(backends: Backend[], { vcl }: { vcl?: string } = {}): Promise<RunningVarnish> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'taller-varnish-'));
  const port = await freePort();
  let vclFile = VCL;
  if (vcl !== undefined) {
    vclFile = path.join(dir, 'variant.vcl');
    await writeFile(vclFile, vcl);
  }
  const { workdir, args } = await prepareVarnish({ dir, port, vclFile, instances: backends, storage: '32m' });
  const output: string[] = [];
  const child: ChildProcess = spawn('varnishd', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  let spawnError: Error | null = null;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    // Not installed: said plainly, as the rehearsal does.
    child.once('error', (error) => {
      spawnError = new Error(`varnishd could not be started (${error.message}): apt-get install varnish (.ci/run does)`);
      resolve();
    });
  });
  const stop = async () => {
    if (!spawnError && child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await waitUntil('varnishd accepting connections', async () => {
      if (spawnError) throw spawnError;
      if (child.exitCode !== null) throw new Error(`varnishd exited:\n${output.join('')}`);
      return accepts(port);
    });
  } catch (error) {
    await stop();
    throw error;
  }
  const tool = async (command: string, ...args: string[]) => (await run(command, ['-n', workdir, ...args])).stdout;
  const counters = async (...fields: string[]): Promise<Record<string, number>> => {
    const parsed = JSON.parse(await tool('varnishstat', '-1', '-j', ...fields.flatMap((field) => ['-f', field]))) as {
      counters?: Record<string, { value: unknown }>;
    } & Record<string, { value: unknown }>;
    const values: Record<string, number> = {};
    for (const [key, counter] of Object.entries(parsed.counters ?? parsed)) if (typeof counter?.value === 'number') values[key] = counter.value;
    return values;
  };
  const health = (): Promise<Map<string, boolean>> => backendHealth(workdir);
  return {
    port,
    health,
    async untilHealthy(names) {
      await waitUntil(`${names.join(', ')} healthy`, async () => {
        const now = await health();
        return names.every((name) => now.get(name) === true);
      });
    },
    async vclLog() {
      const text = await tool('varnishlog', '-d', '-g', 'raw', '-i', 'VCL_Log');
      return text
        .split('\n')
        .map((line) => /VCL_Log\s+[a-z]\s+(.*)$/.exec(line)?.[1] ?? '')
        .filter(Boolean);
    },
    async accessLog(formatFile) {
      return (await tool('varnishncsa', '-d', '-f', path.resolve(formatFile))).split('\n').filter(Boolean);
    },
    async logTool(command, args) {
      // varnishlog's -d dumps the log so far and exits; varnishtop's -1 prints its table once.
      return tool(command, ...(command === 'varnishlog' ? ['-d', ...args] : ['-d', '-1', ...args]));
    },
    counters,
    stop,
  };
}
