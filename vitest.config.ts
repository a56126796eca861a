import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { TEST_TIMEOUT_MS, WAIT_BOUND_MS } from './scripts/lib/testBudget';

/**
 * The tests that run in Vitest's own process (the real app through supertest, islands in happy-dom, the build's
 * metafile, the deploy manifests): `npm run test:fast` runs these alone. They share nothing that outlives a file, so
 * one worker runs file after file without a fresh module graph each time, which is most of their cost.
 */
export const IN_PROCESS = [
  'tests/unit/**/*.test.ts',
  'tests/routes/**/*.test.ts',
  'tests/islands/**/*.test.{ts,tsx}',
  'tests/fulfilment/**/*.test.ts',
  'tests/panel/**/*.test.ts',
  'tests/preflight/preflight-checks.test.ts',
  'tests/build/**/*.test.ts',
  'tests/deploy/kubernetes.test.ts',
  'tests/deploy/vcl-route-lists.test.ts',
  'tests/deploy/edge-lists.test.ts',
  'tests/hardening/headers.test.ts',
];

export default defineConfig({
  test: {
    // Builds dist/ once: route tests read its manifest, browser tests run the built server.
    globalSetup: ['tests/setup/build.ts'],
    setupFiles: ['tests/setup/fail-on-console-error.ts'],
    // Every test is made to finish in a third of this, on two cores: a slower test is made cheaper, never given more.
    testTimeout: TEST_TIMEOUT_MS,
    hookTimeout: TEST_TIMEOUT_MS,
    // expect.poll waits for what a test needs as long as any wait does, so that its message, not the timeout, says what.
    expect: { poll: { timeout: WAIT_BOUND_MS } },
    // One worker a core this process may use, two at most: two files on one core only slow each other's every test.
    maxWorkers: Math.min(2, availableParallelism()),
    projects: [
      { extends: true, test: { name: 'in-process', include: IN_PROCESS, isolate: false } },
      // Browsers, child processes, Java, varnishd: each file with its own modules (one Chromium per file, say).
      { extends: true, test: { name: 'out-of-process', include: ['tests/**/*.test.{ts,tsx}'], exclude: IN_PROCESS } },
    ],
    // The report `npm run test:slowest` reads, beside the usual output.
    reporters: ['default', 'json'],
    outputFile: { json: '.artifacts/vitest/report.json' },
  },
});
