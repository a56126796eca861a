// Every process the rehearsal starts goes through here, so that all of them are stopped when it ends:
// normally, on a failure, or on Ctrl-C.
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface ChildExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  at: number;
  /** Set when the command could not be started at all (not installed). */
  error?: Error;
}

const running = new Set<ChildProcess>();

/** Counts `child` among the processes stopAll stops (the instances, which the harness starts). */
export function track(child: ChildProcess): void {
  running.add(child);
  child.once('exit', () => running.delete(child));
}

/**
 * Spawns `command args…`; each stdout and stderr line goes to `onLine(line, stream)`. `exited` resolves with
 * { code, signal, at } once the process has ended.
 */
export function startChild(
  command: string,
  args: string[],
  { env, cwd, onLine = () => {} }: { env?: NodeJS.ProcessEnv; cwd?: string; onLine?: (line: string, stream: 'stdout' | 'stderr') => void } = {},
): { child: ChildProcess; exited: Promise<ChildExit> } {
  const child = spawn(command, args, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  const exited = new Promise<ChildExit>((resolve) => {
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve({ code, signal, at: Date.now() });
    });
    // A command that cannot be started at all (not installed) ends here, not with an exit.
    child.once('error', (error) => {
      running.delete(child);
      resolve({ code: null, signal: null, at: Date.now(), error });
    });
  });
  createInterface({ input: child.stdout }).on('line', (line) => onLine(line, 'stdout'));
  createInterface({ input: child.stderr }).on('line', (line) => onLine(line, 'stderr'));
  return { child, exited };
}

/** SIGTERM to every process still running, SIGKILL to any still there after `graceMs`. */
export async function stopAll(graceMs = 3_000): Promise<void> {
  const children = [...running];
  const gone = children.map(
    (child) => new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve()))),
  );
  for (const child of children) child.kill('SIGTERM');
  const timer = setTimeout(() => {
    for (const child of running) child.kill('SIGKILL');
  }, graceMs);
  await Promise.all(gone);
  clearTimeout(timer);
}

/** Runs `cleanup` once, however the script ends; Ctrl-C and SIGTERM exit 130 and 143 after it. */
export function cleanUpOnExit(cleanup: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | null = null;
  const once = (): Promise<void> => (done ??= cleanup());
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping every process the rehearsal started`);
      void once().finally(() => process.exit(code));
    });
  }
  process.once('uncaughtException', (error) => {
    console.error(error);
    void once().finally(() => process.exit(1));
  });
  return once;
}
