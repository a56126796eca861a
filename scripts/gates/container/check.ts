// `npm run container:check`: builds the real Dockerfile with buildah (no Docker engine needed) on a local
// stand-in for its base image (base-image.sh), checks what the image holds and how it is configured, then
// runs it as a container engine would (run-image.ts). Fails with one clear message on the first problem.
// Needs root, buildah, debootstrap, unshare and ip (Debian: buildah debootstrap util-linux iproute2).
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { dockerfileExecForm } from '../../lib/harness.ts';
import { buildah, CheckFailure, check, configOf, ok, sh } from './buildah.ts';

/** The host's npm registry, and its CA bundle when it names one. */
interface NpmSettings {
  registry: string;
  cafile: string | undefined;
}

const IMAGE = 'localhost/taller-marca-autoridad:check';
const DEFAULT_REGISTRY = 'https://registry.npmjs.org/';
/** Where the build steps' npm finds the host's settings: root's user config, and the CA bundle beside it. */
const NPMRC_IN_BUILD = '/root/.npmrc';
const CAFILE_IN_BUILD = '/run/host-npm/ca.pem';
const started = performance.now();
const secondsSince = (from: number): number => Math.round((performance.now() - from) / 1000);

/** The one place the Node version is written: every stage's base image is named by it (the NODE_VERSION build argument). */
const nodeVersion = readFileSync('.node-version', 'utf8').trim();
// The first stage named by an image, not by an ARG alone (the previous release's, which defaults to this same base), by
// name and tag: its digest (NODE_DIGEST) names the official image's bytes, which the stand-in cannot have.
const baseImage = (/^FROM\s+([^$\s]\S*)/m.exec(readFileSync('Dockerfile', 'utf8'))?.[1] ?? 'no FROM')
  .replace(/\$\{NODE_VERSION\}/g, nodeVersion)
  .replace(/@.*$/, '');
/** An exec-form instruction of the Dockerfile, or null when it has none (a check then says so). */
const execForm = (instruction: 'CMD' | 'HEALTHCHECK'): string[] | null => {
  try {
    return dockerfileExecForm(instruction);
  } catch {
    return null;
  }
};

const scratch = mkdtempSync(path.join(tmpdir(), 'taller-container-check-'));
let container: string | undefined;
try {
  preconditions();
  const baseSeconds = standInBase();
  const npm = npmSettings();
  const buildSeconds = await build(npm, standInDigest());
  checkConfig(npm);
  container = buildah(['from', '--quiet', '--pull=never', '--name', `taller-check-${process.pid}`, IMAGE]).trim();
  const mountPoint = buildah(['mount', container]).trim();
  checkContents(mountPoint, npm);
  const runStarted = performance.now();
  const run = spawnSync('unshare', ['--net', process.execPath, 'scripts/gates/container/run-image.ts', container, mountPoint], { stdio: 'inherit' });
  check(run.status === 0, 'the image did not run as it should (see above)');
  const size = (name: string): string | undefined => buildah(['images', '--format', '{{.Size}}', name]).split('\n')[0];
  console.log(`\ncontainer:check passed: ${IMAGE} is ${size(IMAGE)} (its base, ${baseImage}: ${size(baseImage)})`);
  console.log(`time: base stand-in ${baseSeconds} s, build ${buildSeconds} s, running checks ${secondsSince(runStarted)} s, total ${secondsSince(started)} s`);
} catch (error) {
  console.error(`\ncontainer:check FAILED: ${error instanceof CheckFailure ? error.message : error instanceof Error ? error.stack : String(error)}`);
  process.exitCode = 1;
} finally {
  if (container) spawnSync('buildah', ['rm', container], { stdio: 'ignore' });
  rmSync(scratch, { recursive: true, force: true });
}

function preconditions(): void {
  check(process.getuid?.() === 0, 'run it as root: buildah (chroot isolation) and debootstrap need root');
  for (const [tool, args] of [
    ['buildah', ['--version']],
    ['debootstrap', ['--version']],
    ['unshare', ['--version']],
    ['ip', ['-V']],
  ] as [string, string[]][]) {
    const probe = spawnSync(tool, args, { stdio: 'ignore' });
    check(!probe.error, `${tool} is missing (Debian: apt-get install -y buildah debootstrap util-linux iproute2)`);
  }
  // Working containers an interrupted check left behind.
  for (const name of buildah(['containers', '--format', '{{.ContainerName}}']).split('\n')) {
    if (name.startsWith('taller-check-')) buildah(['rm', name]);
  }
}

function standInBase(): number {
  const from = performance.now();
  const result = spawnSync('bash', ['scripts/gates/container/base-image.sh'], { stdio: 'inherit' });
  check(result.status === 0, `no stand-in for ${baseImage} (see above)`);
  return secondsSince(from);
}

/**
 * The stand-in's own digest, which the build takes as NODE_DIGEST: every FROM names its base by digest, as the
 * Dockerfile has it, and finds the stand-in by it.
 */
function standInDigest(): string {
  const digest = buildah(['inspect', '--type', 'image', '--format', '{{.FromImageDigest}}', baseImage]).trim();
  check(/^sha256:[0-9a-f]{64}$/.test(digest), `the stand-in for ${baseImage} has no digest (${digest})`);
  return digest;
}

/**
 * The host's npm registry and CA bundle, for the build steps' `npm ci` ("null" is npm's word for unset). A Node
 * fetched by use-node.sh reads no /etc/npmrc (its prefix is elsewhere), so npm may then trust the host's chain
 * through NODE_EXTRA_CA_CERTS instead: that bundle serves as the cafile.
 */
function npmSettings(): NpmSettings {
  const get = (key: string): string | undefined => {
    const value = sh('npm', ['config', 'get', key]).trim();
    return ['', 'null', 'undefined'].includes(value) ? undefined : value;
  };
  return { registry: get('registry') ?? DEFAULT_REGISTRY, cafile: get('cafile') ?? (process.env.NODE_EXTRA_CA_CERTS || undefined) };
}

/**
 * `buildah bud` of the real Dockerfile, on the stand-in named by its digest. The npm settings reach the RUN steps as
 * read-only bind mounts, so they are in neither the Dockerfile nor any layer. --layers keeps unchanged steps cached
 * between runs.
 */
async function build({ registry, cafile }: NpmSettings, baseDigest: string): Promise<number> {
  const npmrc = path.join(scratch, 'npmrc');
  writeFileSync(npmrc, `registry=${registry}\n${cafile ? `cafile=${CAFILE_IN_BUILD}\n` : ''}`);
  const volumes = ['--volume', `${npmrc}:${NPMRC_IN_BUILD}:ro`, ...(cafile ? ['--volume', `${cafile}:${CAFILE_IN_BUILD}:ro`] : [])];
  const args = [
    'bud',
    '--isolation',
    'chroot',
    '--format',
    'docker',
    '--pull=never',
    '--layers',
    '--force-rm',
    '--build-arg',
    `NODE_VERSION=${nodeVersion}`,
    '--build-arg',
    `NODE_DIGEST=${baseDigest}`,
    ...volumes,
    '--tag',
    IMAGE,
    '--file',
    'Dockerfile',
    '.',
  ];
  console.log(`Building ${IMAGE}: buildah ${args.join(' ')}`);
  const log = path.join(scratch, 'build.log');
  const from = performance.now();
  const output = createWriteStream(log);
  const child = spawn('buildah', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.pipe(output);
  child.stderr.pipe(output);
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  const lines = readFileSync(log, 'utf8').trimEnd().split('\n');
  check(code === 0, `buildah bud exited ${code}; the end of its output:\n${lines.slice(-40).join('\n')}`);
  const seconds = secondsSince(from);
  ok(`built the Dockerfile in ${seconds} s (${lines.filter((line) => line.startsWith('--> Using cache')).length} steps from cache)`);
  return seconds;
}

function checkConfig({ registry, cafile }: NpmSettings): void {
  const config = configOf('image', IMAGE);
  check(config.User && !['root', '0'].includes(config.User.split(':')[0] ?? ''), `the image runs as "${config.User || 'root'}", not as a non-root user`);
  const cmd = execForm('CMD');
  check(cmd !== null && isDeepStrictEqual(config.Cmd, cmd), `the image's CMD ${JSON.stringify(config.Cmd)} is not the Dockerfile's exec-form CMD`);
  const healthcheck = execForm('HEALTHCHECK');
  check(
    healthcheck !== null && isDeepStrictEqual(config.Healthcheck?.Test, ['CMD', ...healthcheck]),
    `the image's HEALTHCHECK is ${JSON.stringify(config.Healthcheck)} (buildah keeps it only with --format docker)`,
  );
  const env = config.Env ?? [];
  check(env.includes('NODE_ENV=production') && env.includes('HOST=0.0.0.0'), `the image's ENV lacks NODE_ENV=production or HOST=0.0.0.0: ${env.join(' ')}`);
  ok(`config: USER ${config.User}, exec-form CMD ${JSON.stringify(config.Cmd)}, HEALTHCHECK ${JSON.stringify(config.Healthcheck?.Test)}`);

  const everything = buildah(['inspect', '--type', 'image', IMAGE]);
  const traces = [NPMRC_IN_BUILD, CAFILE_IN_BUILD, cafile, registry === DEFAULT_REGISTRY ? undefined : registry].filter((trace): trace is string =>
    Boolean(trace),
  );
  const found = traces.filter((trace) => everything.includes(trace));
  check(found.length === 0, `the image's config or history mentions the build's npm settings: ${found.join(', ')}`);
}

function checkContents(root: string, { registry, cafile }: NpmSettings): void {
  const app = path.join(root, 'app');
  const top = readdirSync(app).sort();
  check(isDeepStrictEqual(top, ['dist', 'node_modules', 'package.json']), `/app holds ${top.join(', ')}; expected only dist, node_modules and package.json`);

  const entries = readdirSync(app, { recursive: true, withFileTypes: true }).map((entry) => ({
    rel: path.relative(app, path.join(entry.parentPath, entry.name)),
    name: entry.name,
    dir: entry.isDirectory(),
  }));
  const devDependencies = Object.keys((JSON.parse(readFileSync('package.json', 'utf8')) as { devDependencies: Record<string, string> }).devDependencies);
  const problems = [
    ...entries.filter((e) => e.dir && devDependencies.some((name) => e.rel.endsWith(`node_modules/${name}`))).map((e) => `dev dependency ${e.rel}`),
    ...entries.filter((e) => !e.dir && e.name.endsWith('.map')).map((e) => `source map ${e.rel}`),
    ...entries.filter((e) => !e.dir && /\.(ts|tsx|mts|cts)$/.test(e.name) && !/\.d\.(ts|mts|cts)$/.test(e.name)).map((e) => `TypeScript ${e.rel}`),
    ...entries
      .filter((e) => (e.dir && ['test', 'tests', '__tests__'].includes(e.name)) || /\.(test|spec)\.[cm]?[jt]sx?$/.test(e.name))
      .map((e) => `test ${e.rel}`),
  ];
  check(
    problems.length === 0,
    `/app holds what production never runs:\n${problems.slice(0, 20).join('\n')}${problems.length > 20 ? `\n… ${problems.length - 20} more` : ''}`,
  );
  ok(
    `/app holds dist/, package.json and ${new Set(entries.filter((e) => e.dir && /^node_modules\/(@[^/]+\/)?[^/@]+$/.test(e.rel)).map((e) => e.rel)).size} production packages: no dev dependency, test, TypeScript source or source map`,
  );

  // No npm configuration anywhere in the image, and no copy of the host's CA bundle.
  const caBytes = cafile ? readFileSync(cafile) : undefined;
  const leaks: string[] = [];
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (!entry.isFile()) continue;
    if (entry.name === '.npmrc' || entry.name === 'npmrc') leaks.push(file);
    else if (caBytes && statSync(file).size === caBytes.length && readFileSync(file).equals(caBytes)) leaks.push(file);
  }
  check(leaks.length === 0, `the image holds npm settings or the host's CA bundle:\n${leaks.join('\n')}`);
  ok(`no npm configuration or CA bundle in the image (registry ${registry}${cafile ? `, cafile ${cafile}` : ''} reached the build as read-only mounts)`);
}
