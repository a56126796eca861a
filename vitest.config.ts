import { defineConfig } from 'vitest/config';
import { TEST_TIMEOUT_MS } from './scripts/lib/testBudget';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    // Builds dist/ once: route tests read its manifest, browser tests run the built server.
    globalSetup: ['tests/setup/build.ts'],
    setupFiles: ['tests/setup/fail-on-console-error.ts'],
    // Every test is made to finish in a third of this, on two cores: a slower test is made cheaper, never given more.
    testTimeout: TEST_TIMEOUT_MS,
    hookTimeout: TEST_TIMEOUT_MS,
    maxWorkers: 2,
    // The report `npm run test:slowest` reads, beside the usual output.
    reporters: ['default', 'json'],
    outputFile: { json: '.artifacts/vitest/report.json' },
  },
});
