// Every process the rehearsal starts goes through here, so that all of them are stopped when it ends:
// normally, on a failure, or on Ctrl-C.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const running = new Set();

/**
 * Spawns `command args…`; each stdout and stderr line goes to `onLine(line, stream)`. `exited` resolves with
 * { code, signal, at } once the process has ended.
 */
export function startChild(command, args, { env, cwd, onLine = () => {} } = {}) {
  const child = spawn(command, args, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  const exited = new Promise((resolve) => {
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
export async function stopAll(graceMs = 3_000) {
  const children = [...running];
  const gone = children.map(
    (child) => new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', resolve))),
  );
  for (const child of children) child.kill('SIGTERM');
  const timer = setTimeout(() => {
    for (const child of running) child.kill('SIGKILL');
  }, graceMs);
  await Promise.all(gone);
  clearTimeout(timer);
}

/** Runs `cleanup` once, however the script ends; Ctrl-C and SIGTERM exit 130 and 143 after it. */
export function cleanUpOnExit(cleanup) {
  let done = null;
  const once = () => (done ??= cleanup());
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ]) {
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
