/**
 * How long one test may take before Vitest fails it (vitest.config.ts), and the share of it a test is made to fit in
 * on a busy machine: a slower test is made cheaper, never given more time (`npm run test:slowest` names any over it).
 * Node runs the scripts that import this file as it is: erasable TypeScript only.
 */
export const TEST_TIMEOUT_MS = 30_000;
export const TEST_BUDGET_MS = TEST_TIMEOUT_MS / 3;
