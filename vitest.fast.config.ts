import { defineConfig } from 'vitest/config';
import base, { IN_PROCESS } from './vitest.config';

/**
 * The tier a developer runs after every change: every test that runs in this process (vitest.config.ts's IN_PROCESS),
 * and nothing that waits on a browser, Java or a child process.
 */
export default defineConfig({
  test: {
    ...base.test,
    projects: undefined,
    include: IN_PROCESS,
    isolate: false,
    outputFile: { json: '.artifacts/vitest/fast-report.json' },
  },
});
