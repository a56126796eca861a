/**
 * One name, one file: no two source files of the site and its scripts share a base name, case ignored, so a name
 * met in an import, a stack trace or a doc leads to one file, and the editor's "go to file" offers one.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const FOLDERS = ['server', 'shared', 'client', 'scripts'];
const SOURCE = /\.(ts|tsx|mjs|js|css|sh)$/;

const sources = FOLDERS.flatMap((folder) =>
  readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .map((file) => path.join(folder, file).split(path.sep).join('/'))
    .filter((file) => SOURCE.test(file) && !file.includes('/node_modules/')),
);

/** A file's name without its folder and its extension, lower case: `Countdown.tsx` and `countdown.ts` meet. */
const baseName = (file: string): string =>
  path
    .basename(file)
    .replace(/\.[^.]+$/, '')
    .toLowerCase();

/** Each base name two or more files carry, with those files. */
function sharedNames(files: string[]): string[][] {
  const byName = new Map<string, string[]>();
  for (const file of files) byName.set(baseName(file), [...(byName.get(baseName(file)) ?? []), file]);
  return [...byName.values()].filter((group) => group.length > 1).map((group) => group.sort());
}

describe('source file names', () => {
  it('are one file each in server/, shared/, client/ and scripts/, case ignored', () => {
    expect(sources.length).toBeGreaterThan(100);
    expect(sharedNames(sources)).toEqual([]);
  });

  it('meet across folders and across case', () => {
    expect(sharedNames(['shared/islands/Countdown.tsx', 'shared/logic/countdown.ts', 'client/main.ts'])).toEqual([
      ['shared/islands/Countdown.tsx', 'shared/logic/countdown.ts'],
    ]);
  });
});
