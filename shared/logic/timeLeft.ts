/** The countdown's arithmetic: the current time is always an argument, never read here. */

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/**
 * Whole seconds left, rounded up: with 0.4 s to go the visitor still sees "1 second",
 * so the countdown never shows zero while the offer is still on.
 */
export function secondsLeft(nowMs: number, endMs: number): number {
  return Math.max(0, Math.ceil((endMs - nowMs) / 1000));
}

export function countdownParts(nowMs: number, endMs: number): CountdownParts {
  const total = secondsLeft(nowMs, endMs);
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3_600),
    minutes: Math.floor((total % 3_600) / 60),
    seconds: total % 60,
  };
}

/** Milliseconds until the display next changes: the end's own second boundaries, so zero comes exactly at the end. */
export function untilNextTick(nowMs: number, endMs: number): number {
  return (endMs - nowMs) % 1000 || 1000;
}
