/**
 * `npm run dev` as a developer uses it, in a copy of the sources: a save rebuilds only the builds that read the saved
 * file (never the photo's encodes or the public files), and the page open in Chromium reloads by itself and shows the
 * change, its one added script allowed by the policy. The production build never holds that script.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, launchChromium, waitUntil, within } from '../../scripts/lib/harness';
import { RELOAD_PATH, RELOAD_SCRIPT } from '../../scripts/lib/devReload';
import { hero, pricing } from '../../shared/content/landingPageWords';
import { WAIT_BOUND_MS } from '../../scripts/lib/testBudget';
import { cspViolationsOf, openWatchedPage, unexpectedProblems } from '../helpers/browser';

/** What the dev runner reads: the site's sources, and the scripts and settings its build takes. */
const COPIED = ['client', 'server', 'shared', 'public', 'scripts/dev.ts', 'scripts/lib', 'package.json', 'tsconfig.json', '.node-version'];
const CHANGED_TITLE = 'Un título que el desarrollador acaba de guardar';
/** A text the countdown island renders too: its chunk, and so the entry that names it, change with it. */
const CHANGED_COUNTDOWN = 'La cuenta que el desarrollador acaba de guardar';

let dir: string;
let runner: ChildProcess;
let browser: Browser;
let url: string;
const lines: string[] = [];
/** The runner's lines saying the site is ready, first or after a save: what it rebuilt is in each. */
const readyLines = (): string[] => lines.filter((line) => /^\s+(Ready:|Reloaded)/.test(line));

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'taller-dev-'));
  for (const entry of COPIED) cpSync(entry, path.join(dir, entry), { recursive: true });
  symlinkSync(path.resolve('node_modules'), path.join(dir, 'node_modules'));
  const port = await freePort();
  url = `http://127.0.0.1:${port}/`;
  const browserStarting = launchChromium();
  runner = spawn(process.execPath, ['scripts/dev.ts'], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? '', PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [runner.stdout, runner.stderr]) if (stream) createInterface({ input: stream }).on('line', (line) => lines.push(line));
  browser = await browserStarting;
  await waitUntil("the dev runner's first ready line", () => readyLines().length > 0).catch((error: Error) => {
    throw new Error(`${error.message}; it printed:\n${lines.join('\n')}`);
  });
});

afterAll(async () => {
  await browser?.close();
  if (runner?.exitCode === null) {
    const exited = new Promise((resolve) => runner.once('exit', resolve));
    runner.kill('SIGINT');
    await exited;
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/**
 * Saves `file` of the copy as `change` makes it, and waits for the runner's next ready line; resolves with that line.
 * The new text replaces the file whole, as an editor's safe write does: written in place, a save whose writer is
 * paused between emptying the file and filling it reaches the runner as two changes, and is built twice.
 */
async function save(file: string, change: (text: string) => string): Promise<string> {
  const before = readyLines().length;
  const target = path.join(dir, file);
  // Beside the watched folders, on the same file system: the rename is the one change the runner sees.
  const written = path.join(dir, `.saving-${path.basename(file)}`);
  writeFileSync(written, change(readFileSync(target, 'utf8')));
  renameSync(written, target);
  await waitUntil(`a ready line after saving ${file}`, () => readyLines().length > before).catch((error: Error) => {
    throw new Error(`${error.message}; the runner's last lines:\n${lines.slice(-10).join('\n')}`);
  });
  return readyLines().at(-1) ?? '';
}

describe('npm run dev', () => {
  it('reloads the open page by itself after a save, with the change, and rebuilds only what reads the saved file', async () => {
    const photos = readdirSync(path.join(dir, '.artifacts/dev/dist/public/assets')).filter((file) => file.startsWith('trainer-'));
    const { page, problems } = await openWatchedPage(browser);
    await page.goto(url);
    expect(await page.locator('h1').textContent()).toBe(hero.title);

    // The page's own reload, with nothing asked of the browser: its next load event.
    const [saved] = await Promise.all([
      save('shared/content/landingPageWords.ts', (text) =>
        text
          .replace(`title: '${hero.title}'`, `title: '${CHANGED_TITLE}'`)
          .replace(`countdownTitle: '${pricing.countdownTitle}'`, `countdownTitle: '${CHANGED_COUNTDOWN}'`),
      ),
      page.waitForEvent('load', { timeout: WAIT_BOUND_MS }),
    ]);
    expect(await page.locator('h1').textContent()).toBe(CHANGED_TITLE);
    expect(await page.locator('.countdown').getAttribute('aria-label')).toBe(CHANGED_COUNTDOWN);
    // The content is read by the server and the islands (whose new chunk is a new URL for the entry); not by the stylesheets.
    expect(saved).toMatch(/Reloaded .* after the save \(islands, entry, server built in \d+ ms/);
    expect(await cspViolationsOf(page)).toEqual([]);
    expect(unexpectedProblems(problems)).toEqual([]);

    // A file no build reads rebuilds nothing, and a stylesheet saved after it is read by the styles' build alone: one
    // more ready line, naming the styles and nothing else, whether the runner took the two saves together or apart.
    writeFileSync(path.join(dir, 'shared/notes.md'), 'read by no build');
    expect(await save('shared/styles/landing.css', (text) => `${text}\n.dev-loop-probe { color: inherit; }\n`)).toMatch(/\(styles built in \d+ ms/);
    expect(readyLines()).toHaveLength(3);
    // That line was the stylesheet's: the page now inlines it.
    expect(await (await fetch(url)).text()).toContain('.dev-loop-probe');
    // No photo encoded again: the same files, and the runner never named the photo or the public files after the first build.
    expect(readdirSync(path.join(dir, '.artifacts/dev/dist/public/assets')).filter((file) => file.startsWith('trainer-'))).toEqual(photos);
    expect(readyLines().slice(1).join('\n')).not.toMatch(/photo|public/);
  });

  it('adds the reload script to the pages it serves, and the production build holds it nowhere', async () => {
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(RELOAD_SCRIPT);
    // The events never end: their headers are all there is to read.
    const events = new AbortController();
    const stream = await within('the reload events to answer', fetch(new URL(RELOAD_PATH, url), { signal: events.signal }));
    events.abort();
    expect(stream.headers.get('content-type')).toBe('text/event-stream');
    const built = readdirSync('dist', { recursive: true, encoding: 'utf8' }).filter((file) => /\.(js|json|html)$/.test(file));
    expect(built.filter((file) => readFileSync(path.join('dist', file), 'utf8').includes(RELOAD_PATH))).toEqual([]);
  });
});
