// One real touch tap on a page in Debian's Chromium, on a phone's screen with the CPU slowed down, reduced to the
// Event Timing figures of its interaction: what INP is made of. Each tap gets a browser context of its own (no
// cache, no compiled code from an earlier page), so every page is a first visit.
import type { Cdp } from './cdp.ts';
import { CPU_SLOWDOWN, startTrace, type Task, tasksBetween } from './mainThread.ts';

/** A phone at 390 CSS pixels, touch only. */
const PHONE = { width: 390, height: 844, deviceScaleFactor: 3, mobile: true };
/** A finger's tap: down, then up this much later. */
const TAP_MS = 50;
/** Settled: this long after the page's own work is done, so that the tap meets an idle page. */
const SETTLE_MS = 2000;
/** How long anything the probe waits for may take, at the slowed CPU, before the run is given up. */
const WAIT_MS = 15_000;
/** Event Timing reports no event shorter than this (its lowest threshold). */
const DURATION_THRESHOLD_MS = 16;

export type TapMoment = 'settled' | 'early';

export interface TapTarget {
  path: string;
  /** The element tapped, in its middle. */
  selector: string;
  /** Scrolled to (its middle to the screen's, at once) before the tap, as a visitor does: the page's first interaction. */
  scroll: boolean;
  /** A condition (a JavaScript expression) the page meets before the tap: the copy button is shown only once its script woke it. */
  shown?: string;
  /** For a settled tap, a condition the page with scripts meets once the work it started has ended. */
  doneWhen?: string;
  /** A condition the page meets once the tap has done its work: proof that it landed. */
  effect: string;
}

export interface TapFigures {
  /** The interaction's Event Timing duration, its longest event's: from the input until the next frame after its handlers, ms (8 ms steps). */
  duration: number;
  /** That event's wait from the input until its handlers began. */
  inputDelay: number;
  /** Its handlers' time. */
  processing: number;
  /** From its handlers' end to the frame. */
  presentation: number;
  /** Each event of the interaction with its duration, like "click 88". */
  events: string[];
  /** With a trace: the main thread's tasks from the input until the longest event's handlers began (what it waited for). */
  waitedFor?: Task[];
  /** With a trace: the main thread's tasks from that input to the frame. */
  during?: Task[];
}

interface EventEntry {
  name: string;
  startTime: number;
  duration: number;
  processingStart: number;
  processingEnd: number;
  interactionId: number;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Records every event entry from now on; the first input is kept by the browser in any case. */
const OBSERVE = `(() => {
  window.__tapEntries = [];
  new PerformanceObserver((list) => window.__tapEntries.push(...list.getEntries().map((entry) => entry.toJSON())))
    .observe({ type: 'event', durationThreshold: ${DURATION_THRESHOLD_MS} });
})()`;
const ENTRIES = `[...window.__tapEntries, ...performance.getEntriesByType('first-input').map((entry) => entry.toJSON())]`;

/** The interaction the tap made: its events (one interactionId), from the entries seen. */
function interactionOf(entries: EventEntry[]): EventEntry[] {
  const id = entries.find((entry) => entry.interactionId > 0)?.interactionId;
  if (id === undefined) return [];
  const seen = new Set<string>();
  return entries.filter((entry) => entry.interactionId === id && !seen.has(entry.name) && seen.add(entry.name));
}

/** Taps `target` on the page at `origin`, `moment` after it loads; `trace` adds what the main thread did meanwhile. */
export async function tapRun(cdp: Cdp, origin: string, target: TapTarget, moment: TapMoment, { trace = false } = {}): Promise<TapFigures> {
  const { browserContextId } = await cdp.send<{ browserContextId: string }>('Target.createBrowserContext', { disposeOnDetach: true });
  const { targetId } = await cdp.send<{ targetId: string }>('Target.createTarget', { url: 'about:blank', browserContextId });
  const { sessionId } = await cdp.send<{ sessionId: string }>('Target.attachToTarget', { targetId, flatten: true });
  const evaluate = async <T>(expression: string): Promise<T> => {
    const { result, exceptionDetails } = await cdp.send<{ result: { value: T }; exceptionDetails?: { text: string } }>(
      'Runtime.evaluate',
      { expression, awaitPromise: true, returnByValue: true },
      sessionId,
    );
    if (exceptionDetails) throw new Error(`${expression}: ${exceptionDetails.text}`);
    return result.value;
  };
  const until = async (what: string, expression: string): Promise<void> => {
    const end = Date.now() + WAIT_MS;
    while (!(await evaluate<boolean>(expression))) {
      if (Date.now() > end) throw new Error(`${what} not within ${WAIT_MS} ms`);
      await sleep(50);
    }
  };
  try {
    await cdp.send('Emulation.setDeviceMetricsOverride', PHONE, sessionId);
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 }, sessionId);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN }, sessionId);
    await cdp.send('Page.enable', {}, sessionId);
    await cdp.send('Page.setLifecycleEventsEnabled', { enabled: true }, sessionId);
    const tracing = trace ? await startTrace(cdp, sessionId) : null;
    const painted = cdp.next('Page.lifecycleEvent', { sessionId, accept: (params) => params.name === 'firstContentfulPaint' });
    const loaded = cdp.next('Page.loadEventFired', { sessionId });
    const url = `${origin}${target.path}`;
    await cdp.send('Page.navigate', { url }, sessionId);
    await (moment === 'early' ? painted : loaded);

    const element = `document.querySelector(${JSON.stringify(target.selector)})`;
    if (target.scroll) await evaluate(`${element}.scrollIntoView({ block: 'center', behavior: 'instant' })`);
    if (target.shown) await until('the element shown', target.shown);
    if (moment === 'settled') {
      if (target.doneWhen) await until("the page's work done", target.doneWhen);
      await sleep(SETTLE_MS);
    }
    await evaluate(OBSERVE);
    // Read after a frame: the blocks around it have taken their size.
    const center = await evaluate<{ x: number; y: number } | null>(`new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => {
      const element = ${element};
      if (!element) return resolve(null);
      const box = element.getBoundingClientRect();
      resolve({ x: box.x + box.width / 2, y: box.y + box.height / 2 });
    })))`);
    if (!center || center.y < 0 || center.y > PHONE.height) throw new Error(`${target.selector} is not on the screen (${JSON.stringify(center)})`);
    // Touch events as a touchscreen sends them: the browser makes the pointer events and the click of them.
    // (Input.synthesizeTapGesture gives no click in headless Chromium.)
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [center] }, sessionId);
    await sleep(TAP_MS);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] }, sessionId);

    await until("the tap's effect", target.effect);
    // The observer hears of the last events after their frame.
    await evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 100))))');
    const entries = await evaluate<EventEntry[]>(ENTRIES);
    // Event Timing reports no event under 16 ms: a tap none of whose events took that long counts as 16 ms, the most it took.
    const events = interactionOf(entries);
    if (!events.length)
      return { duration: DURATION_THRESHOLD_MS, inputDelay: Number.NaN, processing: Number.NaN, presentation: Number.NaN, events: ['every event under 16 ms'] };
    // The interaction's duration is its longest event's; its parts are that event's.
    const longest = events.reduce((a, b) => (b.duration > a.duration ? b : a));
    const frameAt = longest.startTime + longest.duration;
    const figures: TapFigures = {
      duration: longest.duration,
      inputDelay: longest.processingStart - longest.startTime,
      processing: longest.processingEnd - longest.processingStart,
      presentation: Math.max(0, frameAt - longest.processingEnd),
      events: events.map((event) => `${event.name} ${Math.round(event.duration)}`),
    };
    if (tracing) {
      const traceEvents = await tracing.stop();
      figures.waitedFor = tasksBetween(traceEvents, url, longest.startTime, longest.processingStart);
      figures.during = tasksBetween(traceEvents, url, longest.startTime, frameAt);
    }
    return figures;
  } finally {
    await cdp.send('Target.closeTarget', { targetId }).catch(() => undefined);
    await cdp.send('Target.disposeBrowserContext', { browserContextId }).catch(() => undefined);
  }
}
