/**
 * The README and docs/ only send a reader to what is there: every relative link reaches a file (and a heading,
 * when it names one), and every repository path they mention exists. Nothing in the repository cites an issue
 * number: a reader of the code has no tracker, only the code and its docs.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SKIPPED = new Set(['node_modules', 'dist', '.git', '.artifacts']);
const TEXT = /\.(ts|tsx|mjs|js|json|css|md|yaml|yml|vcl|sh|jsonc)$|^(Dockerfile|run)$/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : filesUnder(file);
    return TEXT.test(entry.name) && entry.name !== 'package-lock.json' ? [file] : [];
  });
}

const markdown = ['README.md', ...filesUnder('docs').filter((file) => file.endsWith('.md'))];

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
const slug = (heading: string): string =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replaceAll(' ', '-');
const anchorsOf = (file: string): string[] => [...readFileSync(file, 'utf8').matchAll(/^#+ (.+)$/gm)].map((match) => slug(match[1] as string));

describe.each(markdown)('%s', (file) => {
  const text = readFileSync(file, 'utf8');

  it('links only to files and headings that exist', () => {
    const broken = [...text.matchAll(/\]\(([^)\s]+)\)/g)]
      .map((match) => match[1] as string)
      .filter((target) => !/^[a-z]+:/.test(target))
      .filter((target) => {
        const [relative = '', anchor] = target.split('#');
        const linked = relative ? path.join(path.dirname(file), relative) : file;
        if (!existsSync(linked)) return true;
        return anchor !== undefined && !anchorsOf(linked).includes(anchor);
      });
    expect(broken).toEqual([]);
  });

  it('names only repository paths that exist', () => {
    const paths = [...text.matchAll(/(?<![\w./:-])(?:\.ci|client|deploy|docs|public|scripts|server|shared|tests)\/[\w./-]*[\w/]/g)].map((match) => match[0]);
    expect(paths.filter((cited) => !existsSync(cited))).toEqual([]);
  });
});

/** A doc's "In the code": from its heading to the next heading of its level or above, or the end. */
const inTheCode = (text: string): string | null => /^## In the code\n([\s\S]*?)(?=^#{1,2} |(?![\s\S]))/m.exec(text)?.[1] ?? null;
/** A file's path, with its extension, under one of these folders. */
const filesIn = (section: string, folders: string): string[] =>
  [...section.matchAll(new RegExp(`(?<![\\w./-])(?:${folders})/[\\w./-]*\\.\\w+`, 'g'))].map((match) => match[0]);

describe.each(filesUnder('docs').filter((file) => file.endsWith('.md') && !file.includes(`${path.sep}decisions${path.sep}`)))(
  '%s, for a reader of the code',
  (file) => {
    const section = inTheCode(readFileSync(file, 'utf8'));

    it('has an "In the code" section naming the files a request passes through, and the tests that guard them', () => {
      expect(section, 'no "## In the code" heading').not.toBeNull();
      expect(filesIn(section ?? '', 'server|shared|client|deploy|scripts')).not.toEqual([]);
      expect(filesIn(section ?? '', 'tests')).not.toEqual([]);
    });
  },
);

describe('an "In the code" section', () => {
  it('ends at the next heading of its level, and counts only paths with an extension', () => {
    const doc = '# A\n\n## In the code\n\n`server/app.ts`, `tests/`\n\n### More\n\n`tests/unit/x.test.ts`\n\n## After\n\n`scripts/lib/y.ts`\n';
    const section = inTheCode(doc) ?? '';
    expect(filesIn(section, 'server|shared|client|deploy|scripts')).toEqual(['server/app.ts']);
    expect(filesIn(section, 'tests')).toEqual(['tests/unit/x.test.ts']);
    expect(inTheCode('# A\n\n## Other\n')).toBeNull();
  });
});

describe('the repository', () => {
  it('cites no issue number and no file of the tracker', () => {
    const self = path.join('tests', 'unit', 'docs-references.test.ts');
    const citing = filesUnder('.')
      .filter((file) => file !== self)
      .filter((file) => /\bissues? #?\d+|(?<![\w&/])#\d+\b(?!-)|\bdecisions\.md\b/i.test(readFileSync(file, 'utf8')));
    expect(citing).toEqual([]);
  });
});

const decisions = readdirSync(path.join('docs', 'decisions')).filter((file) => file.endsWith('.md'));

describe.each(decisions)('docs/decisions/%s', (file) => {
  const text = readFileSync(path.join('docs', 'decisions', file), 'utf8');
  const [, number] = /^(\d{4})-[a-z0-9-]+\.md$/.exec(file) ?? [];

  it('is named NNNN-title.md and titled with its number', () => {
    expect(number).toBeDefined();
    expect(text).toMatch(new RegExp(`^# ${number}: \\S`));
  });

  it('carries its date, and a status that is accepted or names the record that superseded it', () => {
    expect(text).toMatch(/^- Date: \d{4}-\d{2}-\d{2}$/m);
    const status = /^- Status: (.+)$/m.exec(text)?.[1] ?? '';
    expect(status).toMatch(/^accepted$|^superseded by \[(\d{4})\]\(\1-[a-z0-9-]+\.md\)$/);
  });
});

/**
 * The README's map: every folder a newcomer may look for, each under its top folder. Server rooms and test tiers come
 * and go with the code, so the tree itself says what must be on the map.
 */
describe("the README's layout", () => {
  const readme = readFileSync('README.md', 'utf8');
  const block = /^## Layout\n[\s\S]*?```\n([\s\S]*?)```/m.exec(readme)?.[1] ?? '';
  /** Each top folder's part of the map: its line at the margin and the indented lines below it. */
  const sections = new Map<string, string>();
  let current = '';
  for (const line of block.split('\n')) {
    const top = /^([a-z]+)\//.exec(line)?.[1];
    if (top) current = top;
    sections.set(current, `${sections.get(current) ?? ''}${line}\n`);
  }
  const folders = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !SKIPPED.has(entry.name) && entry.name !== 'node_modules')
      .map((entry) => entry.name);
  const TOPS = ['server', 'shared', 'client', 'public', 'tests', 'scripts', 'deploy', 'docs'];

  it('has every top folder at the margin', () => {
    expect(TOPS.filter((top) => !sections.has(top))).toEqual([]);
  });

  it.each(TOPS)('names every folder of %s/ and of its folders in its part', (top) => {
    const section = sections.get(top) ?? '';
    const missing = folders(top).flatMap((folder) => [
      ...(new RegExp(`(^|[\\s(,])${folder}/`).test(section) ? [] : [`${top}/${folder}/`]),
      ...folders(path.join(top, folder))
        .filter((inner) => !new RegExp(`(^|[\\s(,])${inner}/`).test(section))
        .map((inner) => `${top}/${folder}/${inner}/`),
    ]);
    expect(missing).toEqual([]);
  });
});
