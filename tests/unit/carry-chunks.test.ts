/**
 * Each release serves the previous release's chunks too (docs/decisions/0010-previous-release-chunks.md): the build
 * copies the chunks the previous build made, with their compressed files, beside its own.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readBuildManifest } from '../../server/render/readManifest';
import { BuildRefused, buildSite, carryPreviousChunks } from '../../scripts/lib/siteBuild';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function write(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}
/** A build folder whose manifest lists `chunks` as its own and `carried` as carried, each file holding its own name. */
function build(chunks: string[], carried: string[] = []): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'taller-carry-'));
  dirs.push(dist);
  write(path.join(dist, 'manifest.json'), JSON.stringify({ chunks, carried }));
  for (const url of [...chunks, ...carried]) {
    write(path.join(dist, 'public', url), url);
    write(path.join(dist, 'public', `${url}.br`), `br ${url}`);
  }
  return dist;
}

describe('carryPreviousChunks', () => {
  it("copies the previous release's own chunks and their compressed files, and leaves alone a chunk both made", async () => {
    const previous = build(['/assets/chunks/hydrate-AAAAAAAA.js', '/assets/chunks/chunk-SAMESAME.js'], ['/assets/chunks/hydrate-OLDOLDOL.js']);
    const next = build(['/assets/chunks/hydrate-BBBBBBBB.js', '/assets/chunks/chunk-SAMESAME.js']);
    const publicDir = path.join(next, 'public');
    write(path.join(publicDir, 'assets/chunks/chunk-SAMESAME.js'), 'this build');

    expect(await carryPreviousChunks(previous, publicDir)).toEqual(['/assets/chunks/hydrate-AAAAAAAA.js']);
    expect(readFileSync(path.join(publicDir, 'assets/chunks/hydrate-AAAAAAAA.js'), 'utf8')).toBe('/assets/chunks/hydrate-AAAAAAAA.js');
    expect(readFileSync(path.join(publicDir, 'assets/chunks/hydrate-AAAAAAAA.js.br'), 'utf8')).toBe('br /assets/chunks/hydrate-AAAAAAAA.js');
    expect(readFileSync(path.join(publicDir, 'assets/chunks/chunk-SAMESAME.js'), 'utf8')).toBe('this build');
    // One release back: what the previous release carried in turn stays behind.
    expect(existsSync(path.join(publicDir, 'assets/chunks/hydrate-OLDOLDOL.js'))).toBe(false);
  });

  it.each([
    '../outside.js',
    '/assets/chunks/../../../outside.js',
    '/assets/chunks/hydrate-AAAAAAAA.js/../../../../outside.js',
    '/assets/..%2F..%2Foutside-AAAAAAAA.js',
    '/etc/cron.d/outside',
    '/assets/chunks/hydrate-AAAAAAAA.js\n/outside',
  ])('refuses a previous manifest naming %j in one line, and copies nothing, within the public folder or outside it', async (evil) => {
    const previous = build(['/assets/chunks/hydrate-AAAAAAAA.js']);
    write(path.join(previous, 'manifest.json'), JSON.stringify({ chunks: ['/assets/chunks/hydrate-AAAAAAAA.js', evil], carried: [] }));
    // Where the first three point, beside the previous release's public folder.
    write(path.join(previous, 'outside.js'), 'not a chunk');
    const next = build(['/assets/chunks/hydrate-BBBBBBBB.js']);
    const publicDir = path.join(next, 'public');
    const refusal = await carryPreviousChunks(previous, publicDir).then(
      () => null,
      (error: unknown) => error,
    );
    expect(existsSync(path.join(next, 'outside.js')), 'written beside the public folder').toBe(false);
    expect(existsSync(path.join(publicDir, 'assets/chunks/hydrate-AAAAAAAA.js'))).toBe(false);
    expect(refusal).toBeInstanceOf(BuildRefused);
    expect((refusal as Error).message).toMatch(/^[^\n]+ not a hashed file of the build: nothing carried, build stopped\.$/);
  });

  it('stops the whole build on such a list before it builds or removes anything', async () => {
    const previous = build([]);
    write(path.join(previous, 'manifest.json'), JSON.stringify({ chunks: '../../etc' }));
    const dist = mkdtempSync(path.join(tmpdir(), 'taller-build-'));
    dirs.push(dist);
    write(path.join(dist, 'kept.txt'), 'the last build');
    await expect(buildSite(dist, { previous })).rejects.toThrow(/^[^\n]+: "chunks" is not a list: nothing carried, build stopped\.$/);
    expect(readFileSync(path.join(dist, 'kept.txt'), 'utf8')).toBe('the last build');
  });

  it('carries nothing when there is no previous build (a first release)', async () => {
    const next = build(['/assets/chunks/hydrate-BBBBBBBB.js']);
    expect(await carryPreviousChunks(path.join(next, 'no-such-release'), path.join(next, 'public'))).toEqual([]);
  });

  it('lists as its own only the files this build made: the carried ones apart, so the next release carries them no further', async () => {
    const previous = build(['/assets/chunks/hydrate-OLDOLDOL.js', '/assets/trainer-220-0123456789.jpg']);
    const dist = mkdtempSync(path.join(tmpdir(), 'taller-build-'));
    dirs.push(dist);
    await buildSite(dist, { previous });
    const manifest = readBuildManifest(dist);
    expect(manifest.carried).toEqual(['/assets/chunks/hydrate-OLDOLDOL.js', '/assets/trainer-220-0123456789.jpg']);
    expect(manifest.chunks).toContain(manifest.hydrateScript);
    expect(manifest.chunks.filter((url) => manifest.carried.includes(url))).toEqual([]);
  });
});
