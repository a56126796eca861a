/**
 * What the operator reads at start, from the real process's output: a warning line for each setting that
 * contradicts another or is still a placeholder, and a refusal to start in production with placeholders.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { isoIn, PRODUCTION_SETTINGS, type RunningServer, runToExit, sellingEnv, startBuiltServer } from '../../scripts/lib/harness';
import { DEFAULTS } from '../../server/config/settings';

const DAY_MS = 86_400_000;
let running: RunningServer | undefined;

afterEach(async () => {
  await running?.stop();
  running = undefined;
});

interface LogLine {
  level: number;
  event?: string;
  msg: string;
  state?: string;
}

/** The server's log lines up to its start line, once it listens. */
async function startLines(env: Record<string, string>): Promise<LogLine[]> {
  running = await startBuiltServer(env);
  return running.stdout.map((line) => JSON.parse(line) as LogLine);
}

const warningsOf = (lines: LogLine[]): string[] => lines.filter((line) => line.event === 'config_warning').map((line) => line.msg);

describe('warnings at start', () => {
  it("none for real settings and a sale in progress; one for the build while the trainer's photo is the placeholder", async () => {
    const lines = await startLines({ ...PRODUCTION_SETTINGS, ...sellingEnv(DAY_MS) });
    expect(warningsOf(lines)).toEqual([]);
    expect(lines.filter((line) => line.event === 'build_warning').map((line) => line.msg)).toEqual([
      expect.stringMatching(/^the trainer's photo is the placeholder/),
    ]);
    expect(lines.at(-1)).toMatchObject({ event: 'listening', state: 'early-bird' });
  });

  it('one line naming both variables when the deadline comes after the start; the start wins', async () => {
    const lines = await startLines({ ...PRODUCTION_SETTINGS, EARLY_BIRD_DEADLINE: isoIn(30 * DAY_MS), WORKSHOP_START: isoIn(10 * DAY_MS) });
    const warnings = warningsOf(lines);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^EARLY_BIRD_DEADLINE \(.+\) is after WORKSHOP_START \(.+\): the start wins/);
    expect(lines.find((line) => line.event === 'config_warning')?.level).toBe(40);
  });

  it('one line saying a start in the past shows the closed state', async () => {
    const lines = await startLines({ ...PRODUCTION_SETTINGS, EARLY_BIRD_DEADLINE: isoIn(-30 * DAY_MS), WORKSHOP_START: isoIn(-10 * DAY_MS) });
    expect(warningsOf(lines)).toEqual([expect.stringMatching(/^WORKSHOP_START \(.+\) has passed: the site shows the closed state/)]);
    expect(lines.at(-1)).toMatchObject({ event: 'listening', state: 'closed' });
  });

  it.each(['CHECKOUT_URL', 'CONTACT_EMAIL', 'PUBLIC_URL'])('one line naming %s when it is left at its placeholder', async (name) => {
    const settings: Record<string, string> = { ...PRODUCTION_SETTINGS };
    delete settings[name];
    const lines = await startLines({ ...settings, ...sellingEnv(DAY_MS) });
    expect(warningsOf(lines)).toEqual([`${name} is still its placeholder default: set the real value before visitors see the site`]);
  });

  it('with no settings at all (npm start on a fresh machine): the dates made from the clock, every placeholder, and the Early Bird on sale', async () => {
    const lines = await startLines({});
    expect(warningsOf(lines).map((line) => line.split(' ')[0])).toEqual([
      'WORKSHOP_START',
      'EDITION',
      'CHECKOUT_URL',
      'CONTACT_EMAIL',
      'PUBLIC_URL',
      'SELLER_NAME',
      'SELLER_ADDRESS',
      'TRAINER_NAME',
      'SELLER_PHONE',
    ]);
    expect(lines.at(-1)).toMatchObject({ event: 'listening', state: 'early-bird' });
    const page = await fetch(`${running?.url}/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`href="${DEFAULTS.CHECKOUT_URL}"`);
    expect(html).toContain('data-island="countdown"');
  });
});

describe('NODE_ENV=production', () => {
  const run = (env: Record<string, string>) => runToExit({ NODE_ENV: 'production', ...env });

  it('refuses to start with the placeholders: one line naming every one, no stack trace, exit 1', async () => {
    const result = await run({});
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toEqual([
      "Cannot start: NODE_ENV=production needs real values for CHECKOUT_URL, CONTACT_EMAIL, PUBLIC_URL, SELLER_NAME, SELLER_ADDRESS, TRAINER_NAME: they are still the placeholder default; and SELLER_PHONE, which is unset: buyers must be given a phone; and WORKSHOP_START, EARLY_BIRD_DEADLINE, which are unset: the edition's dates are the owner's to set; and EDITION, which is unset: each edition's name is the owner's to set, and a new one for each new edition (docs/operations.md)",
    ]);
  });

  it("refuses to make the edition's dates up: one line naming each date left unset", async () => {
    const result = await run({ ...PRODUCTION_SETTINGS, WORKSHOP_START: '', EARLY_BIRD_DEADLINE: '' });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toEqual([
      "Cannot start: NODE_ENV=production needs WORKSHOP_START, EARLY_BIRD_DEADLINE, which are unset: the edition's dates are the owner's to set",
    ]);
  });

  it('names only what is missing', async () => {
    const result = await run({ ...PRODUCTION_SETTINGS, CONTACT_EMAIL: '' });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe('Cannot start: NODE_ENV=production needs real values for CONTACT_EMAIL: it is still the placeholder default');
  });

  it("refuses to sell in a placeholder's name: the seller's legal name and address, the trainer's name, and without a phone", async () => {
    const result = await run({ ...PRODUCTION_SETTINGS, SELLER_NAME: '', SELLER_ADDRESS: '', TRAINER_NAME: '', SELLER_PHONE: '' });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(
      'Cannot start: NODE_ENV=production needs real values for SELLER_NAME, SELLER_ADDRESS, TRAINER_NAME: they are still the placeholder default; and SELLER_PHONE, which is unset: buyers must be given a phone',
    );
  });

  it('refuses a bad seller phone or profile URL with one line naming it', async () => {
    for (const [name, value, expected] of [
      ['SELLER_PHONE', 'llámame', 'a phone number like +52 55 1234 5678'],
      ['INSTAGRAM_URL', 'instagram.com/marca', 'an absolute https URL of the profile'],
    ]) {
      const result = await run({ ...PRODUCTION_SETTINGS, [name as string]: value as string });
      expect(result.status).toBe(1);
      expect(result.stderr.trim().split('\n')).toEqual([`Cannot start: Invalid ${name}: expected ${expected}, got "${value}"`]);
    }
  });

  it('starts with real values', async () => {
    running = await startBuiltServer({ NODE_ENV: 'production', ...PRODUCTION_SETTINGS, ...sellingEnv(DAY_MS) });
    expect((await fetch(`${running.url}/healthz`)).status).toBe(200);
  });
});
