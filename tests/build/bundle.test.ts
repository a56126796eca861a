import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readBuildManifest } from '../../server/render/readManifest';
import { DIST } from '../helpers/testApp';

interface Metafile {
  inputs: Record<string, unknown>;
  outputs: Record<string, { entryPoint?: string; inputs: Record<string, unknown>; imports: { path: string; kind: string }[] }>;
}

const meta = JSON.parse(readFileSync(path.join(DIST, 'client-meta.json'), 'utf8')) as Metafile;
const manifest = readBuildManifest(DIST);
const inputs = Object.keys(meta.inputs);

describe('the client bundle (esbuild metafile)', () => {
  it("lists in the manifest every hashed file it wrote, chunks and photos, the next release's build to carry (none carried without --previous)", () => {
    const written = readdirSync(path.join(DIST, 'public', 'assets'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && !/\.(br|gz)$/.test(entry.name))
      .map((entry) => `/${path.relative(path.join(DIST, 'public'), path.join(entry.parentPath, entry.name))}`);
    expect(manifest.chunks).toEqual(written.sort());
    expect(manifest.chunks).toContain(manifest.hydrateScript);
    for (const url of Object.values(manifest.trainerPhoto.sources).flat()) expect(manifest.chunks).toContain(url);
    expect(manifest.carried).toEqual([]);
  });

  it('holds only the client, the islands, their content and pure logic, and React', () => {
    const allowed = [
      /^client\//,
      /^shared\/islands\//,
      /^shared\/content\/\w+\.ts$/,
      /^shared\/logic\/(timeLeft|pageClock)\.ts$/,
      /^node_modules\/(react|react-dom|scheduler)\//,
    ];
    expect(inputs.filter((input) => !allowed.some((pattern) => pattern.test(input)))).toEqual([]);
  });

  it('never includes luxon, server code or server rendering', () => {
    for (const forbidden of [
      'luxon',
      'server/',
      'react-dom/server',
      'express',
      'pino',
      'helmet',
      'shared/components/',
      'shared/logic/schedule',
      'shared/logic/calendar',
    ]) {
      expect(
        inputs.filter((input) => input.includes(forbidden)),
        forbidden,
      ).toEqual([]);
    }
  });

  it('loads React and the islands only on demand: the entry imports nothing statically, and holds neither', () => {
    const [, entry] = Object.entries(meta.outputs).find(([, output]) => output.entryPoint === 'client/main.ts') ?? [];
    expect(entry).toBeDefined();
    expect(entry?.imports.filter((imported) => imported.kind !== 'dynamic-import')).toEqual([]);
    expect(entry?.imports.map((imported) => imported.path)).toEqual([manifest.hydrateScript]);
    const eager = Object.keys(entry?.inputs ?? {});
    expect(eager.length).toBeGreaterThan(0);
    expect(eager.filter((input) => /node_modules|shared\/islands\//.test(input))).toEqual([]);
  });

  it("asks V8 to compile React's chunk while it streams in (an explicit compile hint on its first line), not on the main thread", () => {
    const chunk = readFileSync(path.join(DIST, 'public', manifest.hydrateScript), 'utf8');
    expect(chunk.split('\n', 1)[0]).toBe('//# allFunctionsCalledOnLoad');
    expect(chunk).toContain('hydrateRoot');
  });
});

describe('the inline entry (dist/manifest.json)', () => {
  const { js, hash } = manifest.entryScript;

  it('is small: every page with a script carries it in its HTML', () => {
    expect(Buffer.byteLength(js)).toBeGreaterThan(500);
    // The FAQ's one-open-at-a-time, the copy buttons and the wait for the visitor's pause live here, in place of two
    // islands' chunks and React on the prompt page.
    expect(Buffer.byteLength(js)).toBeLessThan(5 * 1024);
  });

  it('carries the sha256 of exactly its code, for the Content-Security-Policy', () => {
    expect(hash).toBe(`sha256-${createHash('sha256').update(js).digest('base64')}`);
  });

  it("is minified module code that imports the islands' chunk by its hashed URL and cannot end its <script> early", () => {
    expect(js).toContain(`import("${manifest.hydrateScript}")`);
    expect(manifest.hydrateScript).toMatch(/^\/assets\/chunks\/hydrate-[A-Z0-9]{8}\.js$/);
    expect(existsSync(path.join(DIST, 'public', manifest.hydrateScript))).toBe(true);
    expect(js.split('\n').length).toBeLessThan(3);
    expect(js).not.toMatch(/<\/script|<!--/i);
  });
});

describe.each(['landing', 'simple'] as const)('the inline stylesheet %s (dist/manifest.json)', (name) => {
  const style = manifest.inlineStyles[name];

  it('carries the sha256 of exactly its css, for the Content-Security-Policy', () => {
    expect(style.hash).toBe(`sha256-${createHash('sha256').update(style.css).digest('base64')}`);
  });

  it('is minified css that cannot end its <style> element early', () => {
    expect(style.css.split('\n').length).toBeLessThan(3);
    expect(style.css).not.toMatch(/<\/style/i);
  });

  it("holds its own pages' rules and not the other's: the landing page's sections, or the prompt page's and the toasts", () => {
    const [own, other] =
      name === 'landing'
        ? [
            ['.hero__title{', '.price-card{'],
            ['.toast{', '.page__title{'],
          ]
        : [
            ['.toast{', '.page__title{'],
            ['.hero__title{', '.price-card{'],
          ];
    for (const rule of ['.topbar{', '.footer{', '.btn{', ...own]) expect(style.css, rule).toContain(rule);
    for (const rule of other) expect(style.css, rule).not.toContain(rule);
  });

  it("loads nothing (no font, no image: the headings use the visitor's own serif), and ships no stylesheet file", () => {
    expect(style.css).not.toMatch(/url\(/);
    expect(style.css).toMatch(/src:local\("DejaVu Serif Bold"\)/);
    expect(readdirSync(path.join(DIST, 'public', 'assets'), { recursive: true }).filter((file) => /\.(css|woff2?|ttf|otf)$/.test(String(file)))).toEqual([]);
  });
});
