import { afterEach, beforeEach, vi } from 'vitest';

/**
 * A React warning (a hydration mismatch, a bad prop) is written with console.error: make it fail the test. A test
 * that expects an error asserts it on the spy and takes it with `vi.mocked(console.error).mockClear()`.
 */
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  const errors = [...vi.mocked(console.error).mock.calls];
  vi.restoreAllMocks();
  if (errors.length > 0) throw new Error(`console.error was called:\n${errors.map((args) => args.map(String).join(' ')).join('\n')}`);
});
