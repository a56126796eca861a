// The ten slowest tests of the last vitest run, from vitest's own JSON report, with their files' times, and every
// test that took more than a third of its timeout (then the exit status is 1):
//   npm run test:slowest [-- path/to/report.json]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { maxOf } from './lib/stats.ts';
import { TEST_BUDGET_MS } from './lib/testBudget.ts';

interface Assertion {
  fullName: string;
  status: string;
  duration?: number | null;
}
interface FileResult {
  name: string;
  startTime: number;
  endTime: number;
  assertionResults: Assertion[];
}
interface Report {
  startTime: number;
  numTotalTests: number;
  numFailedTests: number;
  testResults: FileResult[];
}

const SHOWN = 10;
const reportPath = process.argv[2] ?? '.artifacts/vitest/report.json';
let report: Report;
try {
  report = JSON.parse(readFileSync(reportPath, 'utf8')) as Report;
} catch {
  console.error(`No vitest JSON report at ${reportPath}: run npm test (or npm run test:fast) first.`);
  process.exit(1);
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1).padStart(5)} s`;
const relative = (file: string): string => path.relative(process.cwd(), file);

const tests = report.testResults
  .flatMap((file) => file.assertionResults.map((test) => ({ file: relative(file.name), name: test.fullName, status: test.status, ms: test.duration ?? 0 })))
  .sort((a, b) => b.ms - a.ms);
const files = report.testResults.map((file) => ({ file: relative(file.name), ms: file.endTime - file.startTime })).sort((a, b) => b.ms - a.ms);
const finished = maxOf(report.testResults.map((file) => file.endTime));

console.log(`${report.numTotalTests} tests, ${report.numFailedTests} failed, in ${seconds(finished - report.startTime).trim()} from the run's start`);
console.log(`\nThe ${SHOWN} slowest tests:`);
for (const test of tests.slice(0, SHOWN)) console.log(`${seconds(test.ms)}  ${test.file}  ${test.name}${test.status === 'passed' ? '' : ` (${test.status})`}`);
console.log(`\nThe ${SHOWN} slowest files:`);
for (const file of files.slice(0, SHOWN)) console.log(`${seconds(file.ms)}  ${file.file}`);

const over = tests.filter((test) => test.ms > TEST_BUDGET_MS);
console.log(`\nOver a third of the timeout (${seconds(TEST_BUDGET_MS).trim()}): ${over.length === 0 ? 'none' : over.length}`);
for (const test of over) console.log(`${seconds(test.ms)}  ${test.file}  ${test.name}`);
if (over.length > 0) process.exitCode = 1;
