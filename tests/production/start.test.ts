import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dockerfileExecForm, freePort, PRODUCTION_SETTINGS, type RunningServer, runToExit, sellingEnv, startServer } from '../../scripts/lib/harness';

/**
 * What the Dockerfile's runtime stage runs, outside Docker: a clean folder with package.json, the lockfile,
 * a production-only install and dist/, started with the image's ENV and CMD and probed with its HEALTHCHECK.
 */
const dockerfile = readFileSync('Dockerfile', 'utf8');
const imageEnv = Object.fromEntries([...dockerfile.matchAll(/^ENV (\w+)=(\S+)$/gm)].map((m) => [m[1], m[2]]));
const runtimeStage = dockerfile.slice(dockerfile.lastIndexOf('FROM '));

describe('the Dockerfile', () => {
  it('builds in stages and runs node directly, as a non-root user, with a health check', () => {
    expect(dockerfile.match(/^FROM /gm)?.length).toBeGreaterThanOrEqual(2);
    expect(dockerfile).toMatch(/^RUN npm ci --omit=dev --ignore-scripts\b/m);
    expect(runtimeStage).toMatch(/^USER node$/m);
    expect(runtimeStage).toMatch(/^EXPOSE 3000$/m);
    expect(runtimeStage).not.toMatch(/npm (ci|install)(?! --omit=dev)/);
    expect(imageEnv).toMatchObject({ NODE_ENV: 'production', HOST: '0.0.0.0' });
    const [command, ...args] = dockerfileExecForm('CMD');
    expect(command).toBe('node');
    expect(args.at(-1)).toBe('dist/server/index.js');
    expect(args.slice(0, -1).every((flag) => flag.startsWith('--'))).toBe(true);
    expect(dockerfileExecForm('HEALTHCHECK')[0]).toBe('node');
  });

  it('runs the Node major that these tests run on, in every stage', () => {
    // Every stage runs .node-version's Node (tests/unit/node-version.test.ts), so this file, run on the Node CI
    // installed from it, tests the runtime the image ships.
    expect(readFileSync('.node-version', 'utf8').trim().split('.')[0]).toBe(process.versions.node.split('.')[0]);
  });
});

describe('the production build from a clean copy', () => {
  let dir: string;
  let server: RunningServer;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'taller-prod-'));
    for (const file of ['package.json', 'package-lock.json']) cpSync(file, path.join(dir, file));
    execFileSync('npm', ['ci', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'pipe' });
    cpSync('dist', path.join(dir, 'dist'), { recursive: true });
    // The image's command (startServer's default) in the clean copy. Loopback only in tests (startServer sets
    // HOST): the image's 0.0.0.0 is checked above. The image refuses placeholders (NODE_ENV=production): an
    // operator passes these with -e.
    server = await startServer({ cwd: dir, env: { ...imageEnv, ...PRODUCTION_SETTINGS, ...sellingEnv(86_400_000) } });
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('has no development dependency installed', () => {
    for (const devOnly of ['esbuild', 'vitest', 'typescript', 'happy-dom', 'supertest', 'playwright-core']) {
      expect(spawnSync('test', ['-e', path.join(dir, 'node_modules', devOnly)]).status).toBe(1);
    }
  });

  it('ships no source map: nothing reads one, and they would carry the TypeScript source', () => {
    const maps = readdirSync(path.join(dir, 'dist'), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.map'));
    expect(maps).toEqual([]);
  });

  it('serves the pages, the assets and the 404', async () => {
    const home = await fetch(`${server.url}/`);
    expect(home.status).toBe(200);
    const html = await home.text();
    expect(html).toContain('Reserva tu lugar');
    const chunk = /import\("(\/assets\/chunks\/hydrate-[\w-]+\.js)"\)/.exec(html)?.[1];
    expect(chunk).toBeDefined();
    expect((await fetch(`${server.url}${chunk}`)).status).toBe(200);
    expect((await fetch(`${server.url}/prompt1`)).status).toBe(200);
    expect((await fetch(`${server.url}/no-existe`)).status).toBe(404);
  });

  it('logs one JSON line saying where it listens', () => {
    // The build's warning for a placeholder photo aside (tests/hardening/start-lines.test.ts).
    const [line] = server.stdout.map((text) => JSON.parse(text) as { event?: string; url?: string }).filter((entry) => entry.event !== 'build_warning');
    expect(line).toMatchObject({ event: 'listening', url: server.url });
  });

  it('passes the HEALTHCHECK', () => {
    const [command, ...args] = dockerfileExecForm('HEALTHCHECK');
    const result = spawnSync(command === 'node' ? process.execPath : (command ?? ''), args, { cwd: dir, env: { PORT: String(server.port) } });
    expect(result.status).toBe(0);
  });

  it('stops with exit code 0 on SIGTERM', async () => {
    expect(await server.stop('SIGTERM')).toBe(0);
  });
});

describe('a bad setting', () => {
  it('stops the start with one line naming the variable', async () => {
    const result = await runToExit({ PORT: 'http' });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual(['Cannot start: Invalid PORT: expected an integer from 1 to 65535, got "http"']);
    expect(result.stdout).toBe('');
  });

  it('fails the health check when nothing answers', async () => {
    const port = await freePort();
    const result = spawnSync(process.execPath, ['dist/server/healthcheck.js'], { env: { PORT: String(port) } });
    expect(result.status).toBe(1);
  });
});
