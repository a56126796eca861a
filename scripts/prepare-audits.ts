// Readies scripts/audits, the package of the reports CI does not run (Lighthouse and the MDN HTTP Observatory): the
// default install leaves it out, so it is installed here when it is missing or its lockfile changed since, then
// type-checked and its tests run (they fail when a pinned package no longer has the modules the reports read).
// `npm run lighthouse` and `npm run observatory` run this first; `npm run audits:check` runs it alone.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';

const DIR = 'scripts/audits';
const LOCKFILE = path.join(DIR, 'package-lock.json');
/** What npm wrote at the last install there. */
const INSTALLED = path.join(DIR, 'node_modules', '.package-lock.json');

function run(command: string, args: string[], cwd = '.'): void {
  const { status, error } = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (error) throw error;
  if (status !== 0) process.exit(status ?? 1);
}

if (!existsSync(INSTALLED)) {
  console.log(`${DIR}: Lighthouse and the MDN HTTP Observatory are not installed (the default npm ci leaves them out): installing them there now.`);
  run('npm', ['ci', '--no-audit', '--no-fund'], DIR);
} else if (statSync(INSTALLED).mtimeMs < statSync(LOCKFILE).mtimeMs) {
  console.log(`${DIR}: its lockfile changed since the last install: installing it again.`);
  run('npm', ['ci', '--no-audit', '--no-fund'], DIR);
}
run(path.resolve('node_modules/.bin/tsc'), ['-p', DIR]);
run('npm', ['test', '--silent'], DIR);
