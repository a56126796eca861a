import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PageAssets } from '../../shared/components/Document';
import { DIST } from '../helpers/app';

interface Metafile {
  inputs: Record<string, unknown>;
  outputs: Record<string, { entryPoint?: string; inputs: Record<string, unknown>; imports: { path: string; kind: string }[] }>;
}

const meta = JSON.parse(readFileSync(path.join(DIST, 'client-meta.json'), 'utf8')) as Metafile;
const inputs = Object.keys(meta.inputs);

describe('the client bundle (esbuild metafile)', () => {
  it('holds only the client, the islands, their content and pure logic, and React', () => {
    const allowed = [/^client\//, /^shared\/islands\//, /^shared\/content\.ts$/, /^shared\/logic\/(countdown|pageClock)\.ts$/, /^node_modules\/(react|react-dom|scheduler)\//];
    expect(inputs.filter((input) => !allowed.some((pattern) => pattern.test(input)))).toEqual([]);
  });

  it('never includes luxon, server code or server rendering', () => {
    for (const forbidden of ['luxon', 'server/', 'react-dom/server', 'express', 'pino', 'helmet', 'shared/components/', 'shared/logic/schedule', 'shared/logic/calendar']) {
      expect(inputs.filter((input) => input.includes(forbidden)), forbidden).toEqual([]);
    }
  });

  it('loads React and the islands only on demand: nothing the entry imports statically contains them', () => {
    const entry = Object.keys(meta.outputs).find((file) => meta.outputs[file]?.entryPoint === 'client/main.ts') ?? '';
    const closure = new Set<string>();
    const visit = (file: string): void => {
      if (closure.has(file)) return;
      closure.add(file);
      for (const imported of meta.outputs[file]?.imports ?? []) if (imported.kind === 'import-statement') visit(imported.path);
    };
    visit(entry);
    const eager = [...closure].flatMap((file) => Object.keys(meta.outputs[file]?.inputs ?? {}));
    expect(eager.length).toBeGreaterThan(0);
    expect(eager.filter((input) => /node_modules|shared\/islands\//.test(input))).toEqual([]);
    const eagerBytes = [...closure].reduce((sum, file) => sum + readFileSync(file).length, 0);
    expect(eagerBytes).toBeLessThan(3 * 1024);
  });

  it('is an ES module that is minified and content-hashed', () => {
    const entryFile = Object.keys(meta.outputs).find((file) => meta.outputs[file]?.entryPoint === 'client/main.ts') ?? '';
    expect(path.basename(entryFile)).toMatch(/^client-[A-Z0-9]{8}\.js$/);
    const code = readFileSync(entryFile, 'utf8');
    expect(code).toMatch(/\bimport\(/);
    expect(code.split('\n').length).toBeLessThan(5);
  });
});

describe('the inline stylesheet (dist/manifest.json)', () => {
  const { inlineStyle, fonts } = JSON.parse(readFileSync(path.join(DIST, 'manifest.json'), 'utf8')) as PageAssets;

  it('carries the sha256 of exactly its css, for the Content-Security-Policy', () => {
    expect(inlineStyle.hash).toBe(`sha256-${createHash('sha256').update(inlineStyle.css).digest('base64')}`);
  });

  it('is minified css that cannot end its <style> element early', () => {
    expect(inlineStyle.css).toContain('.hero__title{');
    expect(inlineStyle.css.split('\n').length).toBeLessThan(3);
    expect(inlineStyle.css).not.toMatch(/<\/style/i);
  });

  it('names its font by an absolute URL of a file the build wrote, and ships no stylesheet file', () => {
    const urls = [...inlineStyle.css.matchAll(/url\("?([^")]+)"?\)/g)].map((match) => match[1]);
    expect(urls).toEqual(fonts);
    for (const url of fonts) expect(existsSync(path.join(DIST, 'public', url)), url).toBe(true);
    expect(readdirSync(path.join(DIST, 'public', 'assets')).filter((file) => file.endsWith('.css'))).toEqual([]);
  });
});
