/** Pure pricing logic: the current time is always an argument, never read here. */

export type PricePhase = 'early-bird' | 'normal';

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** The deadline second itself already belongs to the normal price. */
export function pricePhase(nowMs: number, deadlineMs: number): PricePhase {
  return nowMs < deadlineMs ? 'early-bird' : 'normal';
}

/**
 * Whole seconds left, rounded up: with 0.4 s to go the visitor still sees "1 second",
 * so the countdown never shows zero while the Early Bird price is still on offer.
 */
export function secondsLeft(nowMs: number, deadlineMs: number): number {
  return Math.max(0, Math.ceil((deadlineMs - nowMs) / 1000));
}

export function countdownParts(nowMs: number, deadlineMs: number): CountdownParts {
  const total = secondsLeft(nowMs, deadlineMs);
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3_600),
    minutes: Math.floor((total % 3_600) / 60),
    seconds: total % 60,
  };
}
