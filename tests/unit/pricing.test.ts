import { describe, expect, it } from 'vitest';
import { countdownParts, pricePhase, secondsLeft } from '../../shared/logic/pricing';

const deadline = Date.parse('2025-09-30T23:59:59-06:00');

describe('pricePhase', () => {
  it('is Early Bird one second before the deadline', () => {
    expect(pricePhase(deadline - 1000, deadline)).toBe('early-bird');
  });
  it('is normal at the deadline second itself', () => {
    expect(pricePhase(deadline, deadline)).toBe('normal');
  });
  it('is normal one second after', () => {
    expect(pricePhase(deadline + 1000, deadline)).toBe('normal');
  });
  it('is Early Bird days away', () => {
    expect(pricePhase(deadline - 10 * 86_400_000, deadline)).toBe('early-bird');
  });
});

describe('countdownParts', () => {
  it('shows one second one second before the deadline', () => {
    expect(countdownParts(deadline - 1000, deadline)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1 });
  });
  it('never shows zero while time remains: 300 ms left reads as one second', () => {
    expect(countdownParts(deadline - 300, deadline)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1 });
  });
  it('is all zeros at the deadline and after it', () => {
    const zero = { days: 0, hours: 0, minutes: 0, seconds: 0 };
    expect(countdownParts(deadline, deadline)).toEqual(zero);
    expect(countdownParts(deadline + 1000, deadline)).toEqual(zero);
    expect(secondsLeft(deadline + 5000, deadline)).toBe(0);
  });
  it('splits days, hours, minutes and seconds', () => {
    const left = ((3 * 24 + 4) * 60 + 5) * 60 + 6;
    expect(countdownParts(deadline - left * 1000, deadline)).toEqual({ days: 3, hours: 4, minutes: 5, seconds: 6 });
  });
  it('counts from Mexico City noon on 1 September to the deadline', () => {
    expect(countdownParts(Date.parse('2025-09-01T12:00:00-06:00'), deadline)).toEqual({ days: 29, hours: 11, minutes: 59, seconds: 59 });
  });
});
