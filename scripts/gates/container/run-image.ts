// Runs a working container of the built image as a container engine would: its own ENTRYPOINT and CMD, ENV,
// USER and WORKDIR, plus `-e` settings. Started by check.ts under `unshare --net`, so the container listens on
// its own 0.0.0.0:3000 in a private network (chroot isolation shares the caller's) and collides with nothing.
//
//   unshare --net node scripts/gates/container/run-image.ts <working container> <its mount point>
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { routeList } from '../../../shared/routes.ts';
import { PRODUCTION_SETTINGS } from '../../lib/harness.ts';
import { buildah, CheckFailure, check, configOf, defaultCommand, envFlags, type ImageConfig, ok, sh } from './buildah.ts';

const [container = '', mountPoint = ''] = process.argv.slice(2);
const RUN = ['run', '--isolation', 'chroot'];
// As deploy/kubernetes sets them, with the lame-duck delay (SHUTDOWN_DELAY_SECONDS, default 5) made short.
const METRICS_PORT = 9464;
const SETTINGS = { ...PRODUCTION_SETTINGS, METRICS_PORT: String(METRICS_PORT), SHUTDOWN_DELAY_SECONDS: '2' };
/** What buildah itself adds to stderr when the command exits non-zero; the rest is the container's own. */
const BUILDAH_EXIT_REPORT = /^(subprocess exited with status \d+|Error: exit status \d+)$/;

try {
  sh('ip', ['link', 'set', 'lo', 'up']);
  await main();
} catch (error) {
  console.error(error instanceof CheckFailure ? error.message : error);
  process.exit(1);
}

async function main(): Promise<void> {
  const config = configOf('container', container);
  const origin = `http://127.0.0.1:${envOf(config).PORT ?? 3000}`;
  // buildah's first run writes its stubs (/etc/hosts): done before the marker, so only the server's writes count.
  buildah([...RUN, container, '--', 'true']);
  const scratch = mkdtempSync(path.join(tmpdir(), 'taller-run-'));
  const marker = path.join(scratch, 'marker');
  writeFileSync(marker, '');

  const server = await startContainer(config);
  try {
    const listening = JSON.parse(server.lines.find((line) => line.includes('"listening"')) ?? '{}') as { url?: string };
    check(listening.url === 'http://0.0.0.0:3000', `the server listens at ${listening.url}, not the image's HOST and PORT (0.0.0.0:3000)`);
    ok(`its own CMD starts: ${defaultCommand(config).join(' ')}, listening at ${listening.url}`);

    const uid = /^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${server.nodePid}/status`, 'utf8'))?.[1];
    check(uid !== undefined && uid !== '0', `the server runs as uid ${uid}, expected the image's non-root USER`);
    ok(`the server process runs as uid ${uid} (USER ${config.User})`);

    await servesPages(origin);
    await servesMetrics(origin);

    const [kind, ...healthcheck] = config.Healthcheck?.Test ?? [];
    const probe = kind === 'CMD-SHELL' ? ['/bin/sh', '-c', healthcheck.join(' ')] : healthcheck;
    const health = spawnSync('buildah', [...RUN, container, '--', ...probe], { encoding: 'utf8' });
    check(health.status === 0, `the HEALTHCHECK (${probe.join(' ')}) exited ${health.status} while the server runs:\n${health.stderr}`);
    ok(`the HEALTHCHECK (${probe.join(' ')}) exits 0 while the server runs`);

    // Everything the container changed is newer than the marker. /run itself is buildah's: each run creates and
    // removes its /run/.containerenv there (a file left in /run would still show).
    const written = sh('find', [mountPoint, '-newer', marker])
      .split('\n')
      .filter((file) => file && file !== path.join(mountPoint, 'run'));
    check(written.length === 0, `the server wrote to the image's file system, which must stay read-only:\n${written.join('\n')}`);
    ok('the server wrote nothing to the file system while serving (a read-only root file system is safe)');

    process.kill(server.nodePid, 'SIGTERM');
    const timeout = setTimeout(() => server.kill(), 30_000);
    // The signal reaches the server's event loop on its own schedule: a request sent at once may be answered
    // first. /healthz must turn 503 within a second (the lame duck lasts two), while / is still served.
    let unready = 0;
    for (const started = Date.now(); unready !== 503 && Date.now() - started < 1000; ) {
      const res = await fetch(`${origin}/healthz`);
      await res.text();
      unready = res.status;
      if (unready !== 503) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const stillServed = await fetch(`${origin}/`);
    await stillServed.text();
    check(
      unready === 503 && stillServed.status === 200,
      `within a second of SIGTERM /healthz answered ${unready} (expected 503), and then / ${stillServed.status} (expected 200)`,
    );
    const code = await server.exited;
    clearTimeout(timeout);
    check(code === 0, `after SIGTERM the container exited ${code ?? 'only when killed after 30 s'}, expected 0:\n${server.stderr.join('\n')}`);
    ok('SIGTERM to the server: /healthz answers 503 while / is still served (the lame duck), then the container exits 0');
  } finally {
    server.kill();
    rmSync(scratch, { recursive: true, force: true });
  }

  const bad = spawnSync('buildah', [...RUN, ...envFlags({ ...SETTINGS, PORT: 'http' }), container, '--', ...defaultCommand(config)], {
    encoding: 'utf8',
  });
  const lines = bad.stderr.split('\n').filter((line) => line && !BUILDAH_EXIT_REPORT.test(line));
  check(
    bad.status === 1 && lines.length === 1,
    `with PORT=http the container exited ${bad.status} with stderr:\n${lines.join('\n')}\n(expected 1 and one line)`,
  );
  ok(`a bad setting (PORT=http): exit 1 and one line: ${lines[0]}`);
}

function envOf(config: ImageConfig): Record<string, string> {
  return Object.fromEntries((config.Env ?? []).map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]));
}

/** `buildah run` with the image's default command; resolves once the server logs "listening". */
async function startContainer(config: ImageConfig) {
  const child = spawn('buildah', [...RUN, ...envFlags(SETTINGS), container, '--', ...defaultCommand(config)], { stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const stderr: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  createInterface({ input: child.stderr }).on('line', (line) => stderr.push(line));
  // A SIGKILL to buildah run alone would leave what it started running: the whole tree goes, children first.
  const kill = (): void => {
    if (child.exitCode !== null || child.pid === undefined) return;
    for (const pid of [...descendants(child.pid).reverse(), child.pid]) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // It ended meanwhile.
      }
    }
  };
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      kill();
      reject(new CheckFailure(`the container did not log "listening" within 30 s:\n${[...lines, ...stderr].join('\n')}`));
    }, 30_000);
    createInterface({ input: child.stdout }).on('line', (line) => {
      lines.push(line);
      if (line.includes('"event":"listening"')) {
        clearTimeout(timer);
        resolve();
      }
    });
    exited.then((code) => {
      clearTimeout(timer);
      reject(new CheckFailure(`the container exited ${code} before listening:\n${[...lines, ...stderr].join('\n')}`));
    });
  });
  const nodePid = descendants(child.pid ?? -1).find((pid) => commandOf(pid) === 'node');
  check(nodePid !== undefined, 'no node process found under buildah run');
  return { lines, stderr, exited, nodePid, kill };
}

function commandOf(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0];
  } catch {
    return undefined; // It ended while we looked.
  }
}

/** Every process below `root`, parents first, from /proc. */
function descendants(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // The process ended while we looked.
    }
  }
  const found: number[] = [];
  for (let queue = [root]; queue.length > 0; ) {
    const next = children.get(queue.shift() ?? -1) ?? [];
    for (const pid of next) {
      found.push(pid);
      queue.push(pid);
    }
  }
  return found;
}

/** What a visitor and a balancer reach: every page and file of the route table, the islands' chunk the landing page's entry imports, a 404, /healthz. */
async function servesPages(origin: string): Promise<void> {
  const get = async (pathname: string) => {
    const response = await fetch(`${origin}${pathname}`, { signal: AbortSignal.timeout(10_000) });
    return { status: response.status, type: response.headers.get('content-type') ?? '', body: await response.text() };
  };
  const home = await get('/');
  check(home.status === 200 && home.type.startsWith('text/html') && home.body.includes('<html lang="es"'), `/ answered ${home.status} ${home.type}`);
  const chunk = /import\("(\/assets\/chunks\/hydrate-[\w-]+\.js)"\)/.exec(home.body)?.[1];
  check(chunk !== undefined && (await get(chunk)).status === 200, `the islands' chunk ${chunk} that /'s entry imports is not served`);
  const served = routeList.filter((route) => route.kind === 'page' || route.kind === 'file').map((route) => route.path);
  for (const pathname of served) {
    const { status } = await get(pathname);
    check(status === 200, `${pathname} answered ${status}`);
  }
  const missing = await get('/no-existe');
  check(missing.status === 404 && missing.body.includes('Oops! Page not found'), `/no-existe answered ${missing.status}, expected the 404 page`);
  const health = await get('/healthz');
  check(health.status === 200 && (JSON.parse(health.body) as { status?: string }).status === 'ok', `/healthz answered ${health.status} ${health.body}`);
  ok(`serves ${served.join(', ')} (and ${chunk}), the 404 and /healthz`);
}

/** Prometheus metrics on METRICS_PORT, counting the requests above, and never on the public port. */
async function servesMetrics(origin: string): Promise<void> {
  const metrics = await fetch(`http://127.0.0.1:${METRICS_PORT}/metrics`, { signal: AbortSignal.timeout(10_000) });
  const body = await metrics.text();
  check(metrics.status === 200 && body.includes('http_requests_total{'), `METRICS_PORT ${METRICS_PORT}/metrics answered ${metrics.status}`);
  const onPublicPort = await fetch(`${origin}/metrics`, { signal: AbortSignal.timeout(10_000) });
  await onPublicPort.body?.cancel();
  check(onPublicPort.status === 404, `the public port answers /metrics with ${onPublicPort.status}, expected 404`);
  ok(`serves /metrics on METRICS_PORT ${METRICS_PORT}, and not on the public port`);
}
