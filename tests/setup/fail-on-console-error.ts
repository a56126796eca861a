import { afterEach, beforeEach, vi } from 'vitest';

/**
 * A React warning (a hydration mismatch, a bad prop) is written with console.error: make it fail the test. A test
 * that expects an error takes it with takeConsoleErrors(), and asserts what it took.
 */
let errors: unknown[][] = [];

/** The console.error calls of this test so far, which then no longer fail it. */
export function takeConsoleErrors(): unknown[][] {
  const taken = errors;
  errors = [];
  return taken;
}

beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  if (errors.length > 0) throw new Error(`console.error was called:\n${errors.map((args) => args.map(String).join(' ')).join('\n')}`);
});
