// `npm run dev`'s loop, measured: a save of a source file, to the moment the runner says the new site is ready (and the
// open page reloads). Each kind of file is saved SAVES times, a comment added, then put back as it was.
//   node scripts/reports/dev-loop.ts
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { freePort } from '../lib/harness.ts';
import { median } from '../lib/stats.ts';

const SAVES = 5;
/** One file of each kind a save can touch: the content, a server module, the client's entry, an island, a stylesheet. */
const FILES = ['shared/content/landingPageWords.ts', 'server/app.ts', 'client/main.ts', 'shared/islands/Countdown.tsx', 'shared/styles/landing.css'];
/** The runner's line once a build's server is ready: a first start, or a save's. */
const READY = /^\s+(Ready|Reloaded)\b/;
const TIMEOUT_MS = 60_000;

const port = await freePort();
const runner = spawn(process.execPath, ['scripts/dev.ts'], { env: { PATH: process.env.PATH ?? '', PORT: String(port) }, stdio: ['ignore', 'pipe', 'inherit'] });
let waiting: (() => void) | undefined;
createInterface({ input: runner.stdout }).on('line', (line) => {
  if (READY.test(line)) waiting?.();
});
const nextReady = (): Promise<void> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ready line within ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
    waiting = () => {
      clearTimeout(timer);
      waiting = undefined;
      resolve();
    };
  });

const originals = new Map(FILES.map((file) => [file, readFileSync(file, 'utf8')]));
const comment = (file: string, n: number): string => (file.endsWith('.css') ? `\n/* dev-loop ${n} */\n` : `\n// dev-loop ${n}\n`);
try {
  const firstStarted = performance.now();
  await nextReady();
  console.log(`first build and start: ${Math.round(performance.now() - firstStarted)} ms`);
  for (const file of FILES) {
    const times: number[] = [];
    for (let n = 0; n < SAVES; n += 1) {
      const ready = nextReady();
      const saved = performance.now();
      writeFileSync(file, `${originals.get(file)}${comment(file, n)}`);
      await ready;
      times.push(performance.now() - saved);
      const restored = nextReady();
      writeFileSync(file, originals.get(file) ?? '');
      await restored;
    }
    console.log(`${file.padEnd(32)} save to ready: median ${Math.round(median(times))} ms (${times.map(Math.round).join(', ')})`);
  }
} finally {
  for (const [file, text] of originals) writeFileSync(file, text);
  runner.kill('SIGINT');
}
