// The main thread's real work while a page loads, from a Chromium trace with the CPU slowed down: a view that does not
// depend on Lantern's simulation, which moves several-fold between machines. Lighthouse's own trace processing finds
// the page's renderer (a new one when Cross-Origin-Opener-Policy swaps the process) and builds its tasks.
import * as chromeLauncher from 'chrome-launcher';
import { MainThreadTasks } from 'lighthouse/core/lib/tracehouse/main-thread-tasks.js';
import { TraceProcessor } from 'lighthouse/core/lib/tracehouse/trace-processor.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../lib/harness.ts';
import { type Cdp, connectCdp } from './cdp.ts';
import { maxOf } from '../../lib/stats.ts';

/** How much slower than this machine the page's CPU runs (CDP Emulation.setCPUThrottlingRate). */
export const CPU_SLOWDOWN = 4;
/**
 * A task with at least this much CPU time is work; the page is quiet from the end of its last one. CPU time, not
 * wall time: on a busy machine a task of a millisecond's work can wait tens of milliseconds for a core. A tick of
 * the countdown stays below it.
 */
const WORK_TASK_CPU_MS = 5;
/** A task longer than this blocks input (the threshold of Total Blocking Time). */
const LONG_TASK_MS = 50;
/** How long the trace keeps recording after the load event: long enough for every idle-time job to have run. */
const RECORD_AFTER_LOAD_MS = 5000;
/** Lighthouse's mobile preset: the same screen, so the same layout as its runs. */
const MOBILE = { width: 412, height: 823, deviceScaleFactor: 1.75, mobile: true };
const CATEGORIES = ['__metadata', 'toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing', 'loading'];
/** A trace now and then lacks the navigation's start (Chromium drops events under load): such a run is taken again. */
const ATTEMPTS = 3;

/** Lighthouse's groups of main-thread work. */
export const WORK_GROUPS = [
  'parseHTML',
  'styleLayout',
  'paintCompositeRender',
  'scriptParseCompile',
  'scriptEvaluation',
  'garbageCollection',
  'other',
] as const;
type WorkGroup = (typeof WORK_GROUPS)[number];

interface TraceEvent {
  name: string;
  ts: number;
  /** The thread's own CPU time within the event, µs. Throttling spins the CPU, so it counts the slowdown too. */
  tdur?: number;
}

/** The part of Lighthouse's TaskNode read here. */
interface TaskNode {
  event: TraceEvent;
  children: TaskNode[];
  parent: TaskNode | undefined;
  startTime: number;
  endTime: number;
  duration: number;
  attributableURLs: string[];
  group: { id: WorkGroup };
}

/** One top-level task of the main thread, as the report shows it. */
export interface Task {
  /** From the navigation's start, ms. */
  start: number;
  /** Wall time, ms. */
  duration: number;
  /** The main thread's CPU time, ms. */
  cpu: number;
  /** The events inside it with the most CPU time of their own, largest first ("Layout 31 ms"). */
  top: string[];
}

export interface MainThreadFigures {
  /** Wall time of the main thread's top-level tasks from the navigation's start until quiet, ms at the slowed CPU. */
  busy: number;
  /** The same tasks' CPU time, ms: what other processes on the machine disturb least. */
  cpu: number;
  /** The tasks' wall time above 50 ms each: the blocking time of a real (not simulated) load. */
  blocking: number;
  /** The first contentful paint, ms from the navigation's start. */
  firstPaint: number;
  /** When the page went quiet (the end of its last task of real work), ms from the navigation's start. */
  quietAt: number;
  /** False when work was still going on near the end of the recording: the figures are then too low. */
  settled: boolean;
  /** CPU time of each group of work, ms. */
  groups: Record<WorkGroup, number>;
  /** Every task of real work, in order. */
  tasks: Task[];
}

const cpuOf = (node: TaskNode): number => (node.event.tdur ?? node.duration * 1000) / 1000;
const selfCpuOf = (node: TaskNode): number => Math.max(0, cpuOf(node) - node.children.reduce((sum, child) => sum + cpuOf(child), 0));

/** The events of a task with the most CPU time of their own, merged by name (and script, when it is not the page). */
function topEvents(task: TaskNode, pageUrl: string): string[] {
  const byName = new Map<string, number>();
  const visit = (node: TaskNode): void => {
    const url = node.attributableURLs.at(-1);
    const name = node.event.name === 'ThreadControllerImpl::RunTask' ? 'untraced' : node.event.name;
    const key = url && url !== pageUrl ? `${name} ${new URL(url).pathname}` : name;
    byName.set(key, (byName.get(key) ?? 0) + selfCpuOf(node));
    for (const child of node.children) visit(child);
  };
  for (const child of task.children) visit(child);
  return [...byName]
    .filter(([, ms]) => ms >= 0.5)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([name, ms]) => `${name} ${ms.toFixed(0)} ms`);
}

interface PageTasks {
  /** Every top-level task of the page's main thread from the navigation's start, in order. */
  topLevel: TaskNode[];
  navigation: { timings: { load?: number; firstContentfulPaint?: number } };
  timeOrigin: number;
  traceEnd: number;
}

/** The page's main-thread tasks, timed from its navigation's start (the page's own performance.timeOrigin). */
function pageTasks(traceEvents: object[]): PageTasks {
  const processed = TraceProcessor.processTrace({ traceEvents });
  const navigation = TraceProcessor.processNavigation(processed);
  const { timeOrigin, traceEnd } = processed.timestamps;
  const all: TaskNode[] = MainThreadTasks.getMainThreadTasks(processed.mainThreadEvents, processed.frames, traceEnd, timeOrigin);
  // Tasks before the navigation's start belong to the blank tab the page replaced.
  return { topLevel: all.filter((task) => !task.parent && task.startTime >= 0), navigation, timeOrigin, traceEnd };
}

const taskOf = (task: TaskNode, pageUrl: string): Task => ({
  start: task.startTime,
  duration: task.duration,
  cpu: cpuOf(task),
  top: topEvents(task, pageUrl),
});

/** Reduces a trace to the figures of the page's main thread, from its navigation's start until it went quiet. */
export function mainThreadFigures(traceEvents: object[], pageUrl: string): MainThreadFigures {
  const { topLevel, navigation, timeOrigin, traceEnd } = pageTasks(traceEvents);
  const work = topLevel.filter((task) => cpuOf(task) >= WORK_TASK_CPU_MS);
  const quietAt = Math.max(navigation.timings.load ?? 0, maxOf(work.map((task) => task.endTime)));
  const counted = topLevel.filter((task) => task.startTime < quietAt);
  const groups = Object.fromEntries(WORK_GROUPS.map((group) => [group, 0])) as Record<WorkGroup, number>;
  const addGroups = (node: TaskNode): void => {
    groups[node.group.id] += selfCpuOf(node);
    for (const child of node.children) addGroups(child);
  };
  for (const task of counted) addGroups(task);
  return {
    busy: counted.reduce((sum, task) => sum + task.duration, 0),
    cpu: counted.reduce((sum, task) => sum + cpuOf(task), 0),
    blocking: counted.reduce((sum, task) => sum + Math.max(0, task.duration - LONG_TASK_MS), 0),
    firstPaint: navigation.timings.firstContentfulPaint ?? Number.NaN,
    quietAt,
    settled: (traceEnd - timeOrigin) / 1000 - quietAt > RECORD_AFTER_LOAD_MS / 3,
    groups,
    tasks: work.map((task) => taskOf(task, pageUrl)),
  };
}

/**
 * Every top-level task of the page's main thread that overlaps the window from `fromMs` to `toMs` (from the
 * navigation's start, as the page's own performance entries are timed): what ran while an input waited, say.
 */
export function tasksBetween(traceEvents: object[], pageUrl: string, fromMs: number, toMs: number): Task[] {
  return pageTasks(traceEvents)
    .topLevel.filter((task) => task.endTime > fromMs && task.startTime < toMs)
    .map((task) => taskOf(task, pageUrl));
}

/** Starts a trace of the session's page with the categories the main-thread view reads; `stop` ends it and gives its events. */
export async function startTrace(cdp: Cdp, sessionId: string): Promise<{ stop(): Promise<object[]> }> {
  const traceEvents: object[] = [];
  const unsubscribe = cdp.on(
    'Tracing.dataCollected',
    (params) => {
      for (const event of params.value as object[]) traceEvents.push(event);
    },
    sessionId,
  );
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: CATEGORIES }, transferMode: 'ReportEvents' }, sessionId);
  return {
    async stop() {
      const complete = cdp.next('Tracing.tracingComplete', { sessionId });
      await cdp.send('Tracing.end', {}, sessionId);
      await complete;
      unsubscribe();
      return traceEvents;
    },
  };
}

/**
 * The trace of one load of `url` in a fresh Chromium, on Lighthouse's mobile screen with the CPU slowed down, recorded
 * until `recordAfterLoadMs` after the load event.
 */
export async function traceLoad(url: string, recordAfterLoadMs = RECORD_AFTER_LOAD_MS): Promise<object[]> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
  const cdp = await connectCdp(chrome.port);
  try {
    const { targetId } = await cdp.send<{ targetId: string }>('Target.createTarget', { url: 'about:blank' });
    const { sessionId } = await cdp.send<{ sessionId: string }>('Target.attachToTarget', { targetId, flatten: true });
    await cdp.send('Emulation.setDeviceMetricsOverride', MOBILE, sessionId);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN }, sessionId);
    await cdp.send('Page.enable', {}, sessionId);
    const trace = await startTrace(cdp, sessionId);
    const loaded = cdp.next('Page.loadEventFired', { sessionId });
    await cdp.send('Page.navigate', { url }, sessionId);
    await loaded;
    await new Promise((resolve) => setTimeout(resolve, recordAfterLoadMs));
    return await trace.stop();
  } finally {
    cdp.close();
    chrome.kill();
  }
}

/** The main thread's figures for one load of `url`. */
export async function mainThreadRun(url: string): Promise<MainThreadFigures> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return mainThreadFigures(await traceLoad(url), url);
    } catch (error) {
      if (attempt === ATTEMPTS || !(error instanceof Error) || !/navigationStart|tracingStarted|FrameCommitted/i.test(error.message)) throw error;
    }
  }
}
