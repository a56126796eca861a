/**
 * What the operator reads at start, from the real process's output: a warning line for each setting that
 * contradicts another or is still a placeholder, and a refusal to start in production with placeholders.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { PRODUCTION_SETTINGS, type RunningServer, runToExit, sellingEnv, startBuiltServer } from '../../scripts/lib/harness';
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
  // Each warning's words, and when each is given, are the configuration's (tests/unit/config-warnings.test.ts): here, that
  // the process writes them as lines at its start, and none when the settings are real, in production too.
  it("none for real settings and a sale in progress, in production; one for the build while the trainer's photo is the placeholder", async () => {
    const lines = await startLines({ NODE_ENV: 'production', ...PRODUCTION_SETTINGS, ...sellingEnv(DAY_MS) });
    expect(warningsOf(lines)).toEqual([]);
    expect(lines.filter((line) => line.event === 'build_warning').map((line) => line.msg)).toEqual([
      expect.stringMatching(/^the trainer's photo is the placeholder/),
    ]);
    expect(lines.at(-1)).toMatchObject({ event: 'listening', state: 'early-bird' });
    expect((await fetch(`${running?.url}/healthz`)).status).toBe(200);
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
    expect(new Set(lines.filter((line) => line.event === 'config_warning').map((line) => line.level))).toEqual(new Set([40]));
    expect(lines.at(-1)).toMatchObject({ event: 'listening', state: 'early-bird' });
    const page = await fetch(`${running?.url}/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`href="${DEFAULTS.CHECKOUT_URL}"`);
    expect(html).toContain('data-island="countdown"');
  });
});

describe('NODE_ENV=production', () => {
  // What it refuses, and the words of each refusal, are the configuration's (tests/unit/config.test.ts): here, that the
  // process says it in one line, with no stack trace, and exits 1.
  it('refuses to start with the placeholders: one line naming every one, no stack trace, exit 1', async () => {
    const result = await runToExit({ NODE_ENV: 'production' });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toEqual([
      "Cannot start: NODE_ENV=production needs real values for CHECKOUT_URL, CONTACT_EMAIL, PUBLIC_URL, SELLER_NAME, SELLER_ADDRESS, TRAINER_NAME: they are still the placeholder default; and SELLER_PHONE, which is unset: buyers must be given a phone; and WORKSHOP_START, EARLY_BIRD_DEADLINE, which are unset: the edition's dates are the owner's to set; and EDITION, which is unset: each edition's name is the owner's to set, and a new one for each new edition (docs/operations.md)",
    ]);
  });
});
