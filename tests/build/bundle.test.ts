import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
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
