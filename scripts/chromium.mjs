// lighthouse.mjs's path to the harness's Chromium, until it moves to scripts/reports/ and imports lib/harness.ts itself.
export { assertChromium, CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/harness.ts';
