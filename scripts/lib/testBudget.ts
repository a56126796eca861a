/**
 * How long one test may take before Vitest fails it (vitest.config.ts), and the share of it a test is made to fit in
 * on a busy machine: a slower test is made cheaper, never given more time (`npm run test:slowest` names any over it).
 * Node runs the scripts that import this file as it is: erasable TypeScript only.
 */
export const TEST_TIMEOUT_MS = 30_000;
export const TEST_BUDGET_MS = TEST_TIMEOUT_MS / 3;
/**
 * How long a test waits for one thing it needs (a process to start or to exit, a browser or a server to answer, a log
 * line, a mail) before it fails saying what it waited for: many times what a machine four times slower than ours
 * needs, and inside the test's timeout, so that the test's own message ends a wait that would never end.
 */
export const WAIT_BOUND_MS = 20_000;
