/** Timers, injected so that tests move time themselves and never sleep. */
export interface Scheduler {
  set(run: () => void, delayMs: number): unknown;
  clear(handle: unknown): void;
}

/** Node's timers, unreferenced: work on a timer never keeps a stopping process alive. */
export const nodeScheduler: Scheduler = {
  set: (run, delayMs) => setTimeout(run, delayMs).unref(),
  clear: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** What runs on its own timer from start to exit (the spots poller, the render-ahead): the entry stops it. */
export interface Background {
  stop(): void;
}
