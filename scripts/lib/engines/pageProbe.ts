/**
 * Runs in the page before any of the site's scripts, in every engine the same way (probe.ts bundles
 * it): it records what a visitor's console would show as a fault, and, when asked, replaces the page's
 * clocks with one the test moves on, so a countdown is never waited for.
 */
import FakeTimers from '@sinonjs/fake-timers';

export interface ProbeOptions {
  /** Fake timers, idle callbacks, Date and performance.now(): time flows as usual until the test pauses it and moves it on. */
  clock: boolean;
}

export interface Probe {
  /** console.error calls, uncaught errors, unhandled rejections, failed loads and CSP violations, as lines. */
  problems: string[];
  clock?: {
    /** Stops the page's time where it is. */
    pause(): void;
    /** Moves the paused time on by `ms`, running every timer that falls due on the way, in order. */
    runFor(ms: number): void;
  };
}

declare global {
  interface Window {
    __engineProbe?: Probe;
  }
}

/** Idle time on the test's clock: the next 50 ms, an idle period's longest. */
const IDLE_PERIOD_MS = 50;

const describe = (value: unknown): string => (value instanceof Error ? `${value.name}: ${value.message}` : String(value));

export function install({ clock }: ProbeOptions): void {
  const problems: string[] = [];
  const probe: Probe = { problems };
  window.__engineProbe = probe;

  const consoleError = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    problems.push(`console.error: ${args.map(describe).join(' ')}`);
    consoleError(...args);
  };
  // Capturing: a script, stylesheet or image that fails to load fires a non-bubbling error on its element.
  window.addEventListener(
    'error',
    (event) => {
      const target = event.target;
      if (target instanceof HTMLElement)
        problems.push(`failed to load: <${target.localName}> ${target.getAttribute('src') ?? target.getAttribute('href') ?? ''}`);
      else problems.push(`uncaught: ${describe((event as ErrorEvent).error ?? (event as ErrorEvent).message)}`);
    },
    true,
  );
  window.addEventListener('unhandledrejection', (event) => problems.push(`unhandled rejection: ${describe(event.reason)}`));
  document.addEventListener('securitypolicyviolation', (event) => problems.push(`CSP: ${event.violatedDirective} ${event.blockedURI}`));

  if (!clock) return;
  // The hydration strategies and the page's own timers keep running on this clock while it flows.
  const fake = FakeTimers.withGlobal(window).install({
    now: Date.now(),
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date', 'performance'],
    shouldAdvanceTime: true,
    advanceTimeDelta: 10,
  });
  // Idle callbacks run on this clock too, at its next idle period (fake-timers' own wait out their whole timeout).
  // Where the engine has no requestIdleCallback (WebKit), the page's fallback timer runs on this clock already.
  if ('requestIdleCallback' in window) {
    window.requestIdleCallback = (callback) =>
      Number(fake.setTimeout(() => callback({ didTimeout: false, timeRemaining: () => IDLE_PERIOD_MS }), IDLE_PERIOD_MS));
    window.cancelIdleCallback = (id) => fake.clearTimeout(id);
  }
  probe.clock = {
    pause: () => fake.setTickMode({ mode: 'manual' }),
    runFor: (ms) => void fake.tick(ms),
  };
}
