// lighthouse.mjs's path to stats.ts, until it moves to scripts/reports/ and imports that itself.
export { median, ratioInterval } from './stats.ts';
