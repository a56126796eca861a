/**
 * `npm run preflight` as the owner runs it: the built entry (dist/server/preflight.js) with the server's settings and
 * nothing else from this environment, against the stand-ins. Exit 0 and the samples for a ready launch; exit 1, the
 * failing line and no secret for a broken one; the same as JSON with --json.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_KINDS } from '../../server/fulfilment/records/purchaseRecord';
import { ACCESS_SECRET, KEY } from '../helpers/fulfilment';
import { type PreflightRig, SMTP_PASSWORD, startPreflightRig } from '../helpers/preflight';
import { WAIT_BOUND_MS } from '../../scripts/lib/testBudget';

const ENTRY = path.resolve('dist/server/preflight.js');
/** Dates around now: the entry reads the real clock. */
const DAY_MS = 86_400_000;
const dates = () => ({
  EARLY_BIRD_DEADLINE: new Date(Date.now() + 20 * DAY_MS).toISOString(),
  WORKSHOP_START: new Date(Date.now() + 30 * DAY_MS).toISOString(),
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the entry to its end (never synchronously: the stand-ins answer from this process); one still running after WAIT_BOUND_MS fails. */
const run = (env: Record<string, string>, args: string[] = []): Promise<Run> =>
  new Promise((resolve, reject) => {
    execFile(process.execPath, [ENTRY, ...args], { env: { PATH: process.env.PATH ?? '', ...env }, timeout: WAIT_BOUND_MS }, (error, stdout, stderr) => {
      if (error?.killed) reject(new Error(`waited for the preflight to end: not within ${WAIT_BOUND_MS} ms; it printed:\n${stdout}${stderr}`));
      else resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr });
    });
  });

let rig: PreflightRig;
beforeAll(async () => {
  rig = await startPreflightRig();
});
afterAll(() => rig.close());

describe('npm run preflight', () => {
  it('a ready launch: exit 0, every line ok or warn, the verdict, and the samples at CONTACT_EMAIL', async () => {
    const before = rig.smtp.received.length;
    const { code, stdout } = await run({ ...rig.env(), ...dates() });
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Preflight of https:\/\/taller\.example\.org, /);
    expect(stdout).not.toMatch(/^ {2}fail /m);
    expect(stdout).toMatch(/^Ready: 0 fail, \d+ warn, \d+ ok\./m);
    expect(rig.smtp.received.length - before).toBe(MAIL_KINDS.length);
  });

  it('a broken launch: exit 1, the line that says what to change, and neither the key nor the password', async () => {
    rig.smtp.setFault('refuse_login');
    const { code, stdout, stderr } = await run({ ...rig.env(), ...dates(), CHECKOUT_URL: 'https://buy.stripe.com/test_otroEnlace' });
    rig.smtp.setFault(null);
    expect(code).toBe(1);
    expect(stdout).toMatch(
      /^ {2}fail {2}Early Bird link: URL +CHECKOUT_URL is https:\/\/buy\.stripe\.com\/test_otroEnlace, not this link's URL: set CHECKOUT_URL to /m,
    );
    expect(stdout).toMatch(/^ {2}fail {2}Mail server +the server refused the login \(EAUTH reply 535\)/m);
    expect(stdout).toMatch(/^Not ready: 2 fail,/m);
    for (const secret of [KEY, SMTP_PASSWORD, ACCESS_SECRET]) expect(stdout + stderr).not.toContain(secret);
  });

  it('--json: the same checks for a pipeline, with the verdict and the exit status', async () => {
    const { code, stdout } = await run({ ...rig.env(), ...dates(), EARLY_BIRD_DEADLINE: new Date(Date.now() + 40 * DAY_MS).toISOString() }, [
      '--json',
      '--no-samples',
    ]);
    expect(code).toBe(1);
    const report = JSON.parse(stdout) as { passed: boolean; checks: { id: string; status: string }[] };
    expect(report.passed).toBe(false);
    expect(report.checks.filter((check) => check.status === 'fail').map((check) => check.id)).toEqual(['dates.deadline']);
    expect(report.checks.find((check) => check.id === 'mail.samples')?.status).toBe('warn');
  });

  it('settings the server refuses: exit 1 and one line naming the setting; an unknown option: exit 1 and what it takes', async () => {
    const refused = await run({ ...rig.env(), NODE_ENV: 'production' });
    expect(refused.code).toBe(1);
    expect(refused.stdout).toMatch(/^ {2}fail {2}Settings +the server would not start: NODE_ENV=production needs real values for /m);
    const unknown = await run(rig.env(), ['--fix']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('it takes --json and --no-samples');
  });
});
