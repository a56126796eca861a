// `npm run taps`: how fast the site answers a visitor's taps, against the same page with every script removed (the
// floor). Real touch taps in Debian's Chromium, on a phone's screen (390 CSS px) with the CPU slowed down 4 ×, each
// in a fresh browser context: the top bar's link to the prices, the hero's call to action, the third FAQ question
// and the copy button on /prompt1, each once the page has settled and once as early as a visitor can tap it (right
// after the first paint; the copy button, as soon as it shows). Each figure is the interaction's Event Timing
// duration, what INP is made of; the copy button has no twin without scripts (it is hidden there), so it is held
// to the FAQ question's floor. Runs are interleaved so that the machine's drift hits page and floor alike.
// It measures and reports; it never fails. TAPS_RUNS sets the runs (default 7); TAPS_TRACE=1 also records a trace
// of each tap and prints, for the run of median duration, the main thread's tasks until the tap's frame (the
// trace itself slows the page: its durations are not the figures to quote); TAPS_ONLY=FAQ measures only the taps whose
// name holds it, with the floor each is held to. Every run's figures go to .artifacts/taps/.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import * as chromeLauncher from 'chrome-launcher';
import { devSaleSettings } from '../lib/devSale.ts';
import { assertChromium, CHROMIUM_ARGS, CHROMIUM_PATH, startProductionServer } from '../lib/harness.ts';
import { median, ratioInterval } from '../lib/stats.ts';
import { connectCdp } from './lib/cdp.ts';
import { CPU_SLOWDOWN } from './lib/mainThread.ts';
import { type TapFigures, type TapMoment, type TapTarget, tapRun } from './lib/tapRun.ts';
import { startScriptlessProxy } from './lib/withoutScripts.ts';

const RUNS = Number(process.env.TAPS_RUNS || 7);
if (!Number.isInteger(RUNS) || RUNS < 1) {
  console.error(`TAPS_RUNS: expected a whole number of runs from 1 up, got "${process.env.TAPS_RUNS}"`);
  process.exit(1);
}
const TRACE = process.env.TAPS_TRACE === '1';
/** Only the taps whose name contains this (say "FAQ"), to look at one closely. */
const ONLY = process.env.TAPS_ONLY ?? '';
assertChromium();

/** The target of every tap: its median at most the floor's. */
const LIMIT = 1;

const FAQ_ITEM = 'details.faq-item:nth-of-type(3)';
const COPY = '.prompt__toolbar:not(.prompt__toolbar--end) .copy-button';
const LAID_OUT = "document.documentElement.classList.contains('laid-out')";

interface Tap {
  name: string;
  target: TapTarget;
  /** The tap whose floor this one is held to, when it has no twin without scripts. */
  heldTo?: string;
}

const TAPS: Tap[] = [
  {
    name: 'nav link (Precios)',
    target: { path: '/', selector: '.topbar__links a[href="#precios"]', scroll: false, effect: "location.hash === '#precios'" },
  },
  {
    name: 'hero call to action',
    target: { path: '/', selector: '.hero__actions .btn--primary', scroll: false, effect: "location.hash === '#precios'" },
  },
  {
    name: 'third FAQ question',
    target: {
      path: '/',
      selector: `${FAQ_ITEM} > summary`,
      scroll: true,
      doneWhen: LAID_OUT,
      effect: `document.querySelector('${FAQ_ITEM}').open`,
    },
  },
  {
    name: 'copy button (/prompt1)',
    target: {
      path: '/prompt1',
      selector: COPY,
      scroll: false,
      shown: `document.querySelector('${COPY}')?.dataset.ready === 'true'`,
      effect: "document.querySelector('.toast') !== null",
    },
    heldTo: 'third FAQ question',
  },
];
const MOMENTS: TapMoment[] = ['settled', 'early'];

/** The page without scripts: nothing to wait for that a script would do. */
const scriptless = ({ shown: _shown, doneWhen: _doneWhen, ...target }: TapTarget): TapTarget => target;

const load = async (): Promise<string> => (await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ');
const ms = (value: number): string => (Number.isFinite(value) ? `${value.toFixed(0)}` : '-');
const key = (tap: string, moment: TapMoment, variant: 'page' | 'floor'): string => `${tap} | ${moment} | ${variant}`;

const site = await startProductionServer(devSaleSettings('early-bird', Date.now()));
const floor = await startScriptlessProxy(site.url);
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
const cdp = await connectCdp(chrome.port);
const runs = new Map<string, TapFigures[]>();
const failures: string[] = [];
try {
  const { product } = await cdp.send<{ product: string }>('Browser.getVersion');
  const loads = [await load()];
  for (let run = 1; run <= RUNS; run += 1) {
    for (const tap of TAPS.filter((each) => each.name.includes(ONLY) || each.name === TAPS.find((other) => other.name.includes(ONLY))?.heldTo)) {
      for (const moment of MOMENTS) {
        for (const variant of tap.heldTo ? (['page'] as const) : (['page', 'floor'] as const)) {
          if (process.stderr.isTTY) process.stderr.write(`\rrun ${run} of ${RUNS}: ${tap.name}, ${moment}, ${variant}`.padEnd(70));
          const name = key(tap.name, moment, variant);
          try {
            const origin = variant === 'page' ? site.url : floor.url;
            const figures = await tapRun(cdp, origin, variant === 'page' ? tap.target : scriptless(tap.target), moment, { trace: TRACE });
            runs.set(name, [...(runs.get(name) ?? []), figures]);
          } catch (error) {
            failures.push(`${name}, run ${run}: ${(error as Error).message}`);
          }
        }
      }
    }
  }
  loads.push(await load());
  if (process.stderr.isTTY) process.stderr.write(`\r${''.padEnd(70)}\r`);

  const of = (name: string): TapFigures[] => runs.get(name) ?? [];
  const durations = (name: string): number[] => of(name).map((figures) => figures.duration);
  console.log(
    `Taps: ${product}, ${CPU_SLOWDOWN} × CPU, 390 px touch, a fresh context per tap; median of ${RUNS} runs${TRACE ? ', traced (slower)' : ''}; load ${loads.join(' → ')}`,
  );
  console.log('Event Timing duration of the interaction, ms (input delay in brackets); the floor is the same page with every script removed.\n');
  console.log(`${'tap'.padEnd(26)}${'moment'.padEnd(9)}${'page'.padEnd(12)}${'floor'.padEnd(12)}×floor  95 % interval  page runs (floor runs)`);
  const verdicts: string[] = [];
  for (const tap of TAPS) {
    for (const moment of MOMENTS) {
      const page = key(tap.name, moment, 'page');
      const reference = key(tap.heldTo ?? tap.name, moment, 'floor');
      const [pageMedian, floorMedian] = [median(durations(page)), median(durations(reference))];
      const delay = (name: string): string => `(${ms(median(of(name).map((figures) => figures.inputDelay)))})`;
      const ratio = pageMedian / floorMedian;
      const { low, high } = ratioInterval(durations(page), durations(reference));
      const floorLabel = tap.heldTo ? `${ms(floorMedian)} ${delay(reference)}*` : `${ms(floorMedian)} ${delay(reference)}`;
      console.log(
        `${tap.name.padEnd(26)}${moment.padEnd(9)}${`${ms(pageMedian)} ${delay(page)}`.padEnd(12)}${floorLabel.padEnd(12)}${ratio.toFixed(2).padEnd(7)}` +
          `${`${low.toFixed(2)} to ${high.toFixed(2)}`.padEnd(15)}${durations(page).join(' ')} (${durations(reference).join(' ')})`,
      );
      verdicts.push(
        `${ratio <= LIMIT ? 'PASS' : 'MISS'}  ${tap.name}, ${moment}: ${ratio.toFixed(2)} × ${tap.heldTo ? `the ${tap.heldTo}'s floor` : 'its floor'} ≤ ${LIMIT.toFixed(2)}`,
      );
    }
  }
  console.log("\n* the copy button has no twin without scripts (it is hidden there): it is held to the FAQ question's floor.\n");
  for (const line of verdicts) console.log(line);
  if (failures.length) console.log(`\n${failures.length} run(s) measured nothing:\n  ${failures.join('\n  ')}`);

  if (TRACE) {
    console.log(
      '\nWhat each input waited for, and what ran until its frame, in the run of median duration (main-thread tasks of 1 ms or more: start from the navigation, wall, CPU):',
    );
    for (const tap of TAPS) {
      for (const moment of MOMENTS) {
        for (const variant of ['page', 'floor'] as const) {
          const figures = [...of(key(tap.name, moment, variant))].sort((a, b) => a.duration - b.duration);
          const typical = figures[Math.floor((figures.length - 1) / 2)];
          if (!typical) continue;
          console.log(
            `  ${tap.name}, ${moment}, ${variant}: ${typical.duration} ms, input delay ${ms(typical.inputDelay)} ms, events ${typical.events.join(', ')}`,
          );
          const waited = new Set((typical.waitedFor ?? []).map((task) => task.start));
          for (const task of (typical.during ?? []).filter((each) => each.duration >= 1)) {
            console.log(
              `    ${waited.has(task.start) ? 'waited' : 'after '} @${ms(task.start)}  ${ms(task.duration)} ms  CPU ${ms(task.cpu)} ms  ${task.top.join('; ')}`,
            );
          }
        }
      }
    }
  }

  const file = `.artifacts/taps/${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
  await mkdir('.artifacts/taps', { recursive: true });
  await writeFile(
    file,
    `${JSON.stringify({ date: new Date().toISOString(), runs: RUNS, traced: TRACE, load: loads, taps: Object.fromEntries(runs), failures }, null, 2)}\n`,
  );
  console.log(`\nEvery run's figures: ${file}`);
} finally {
  cdp.close();
  chrome.kill();
  await Promise.all([floor.stop(), site.stop()]);
}
