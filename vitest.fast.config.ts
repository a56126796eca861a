import { defineConfig } from 'vitest/config';
import base from './vitest.config';

/**
 * The tier a developer runs after every change: everything that runs in this process (the real app through
 * supertest, islands in happy-dom, the build's metafile, the deploy manifests), and nothing that waits on a
 * browser, Java or a child process.
 */
export default defineConfig({
  test: {
    ...base.test,
    include: [
      'tests/unit/**/*.test.ts',
      'tests/routes/**/*.test.ts',
      'tests/islands/**/*.test.{ts,tsx}',
      'tests/fulfilment/**/*.test.ts',
      'tests/build/**/*.test.ts',
      'tests/deploy/kubernetes.test.ts',
      'tests/deploy/vcl-route-lists.test.ts',
      'tests/hardening/headers.test.ts',
    ],
    outputFile: { json: '.artifacts/vitest/fast-report.json' },
  },
});
