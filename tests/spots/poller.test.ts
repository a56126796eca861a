/**
 * The poller with the real stripe SDK against the stand-in, on a clock the test moves: when it asks, that it
 * never asks twice at once, what it keeps and what it logs through every failure Stripe can answer.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readConfig } from '../../server/config/settings';
import { startSpotsPoller, type SpotsPoller } from '../../server/spots/poller';
import type { SpotsSource } from '../../server/spots/source';
import { stripeSpotsSource } from '../../server/spots/stripeSource';
import { stripeBoundary } from '../../server/stripe/stripeBoundary';
import { allIn } from '../../server/stripe/pace';
import type { SpotsReading } from '../../shared/logic/spots';
import { type StandInFault, startStripeStandIn, type StripeStandIn } from '../../scripts/lib/stripeStandIn';
import { capturedLogger, ERROR, INFO, WARN } from '../helpers/logs';
import { manualTime } from './time';
import { warmUpFetch } from '../helpers/warmFetch';

/** When the settings are read: only dates left unset depend on it. */
const NOW = Date.parse('2025-09-01T12:00:00-06:00');

const KEY = 'rk_test_51PollerKeyNeverPrinted0123456789';
const LINK = 'plink_1PollerTest';
const INTERVAL_MS = 10_000;
/**
 * Each read's deadline, in real time: a hung read is given up after it, and an answered one (a few milliseconds here)
 * comes far within it on a machine several times slower.
 */
const READ_DEADLINE_MS = 1_500;
/** A little after a boundary, as a real start would be. */
const START_MS = 1_760_000_003_217;

let standIn: StripeStandIn;
let poller: SpotsPoller | undefined;
beforeAll(warmUpFetch);
beforeEach(async () => {
  standIn = await startStripeStandIn({ key: KEY, linkId: LINK });
});
afterEach(async () => {
  poller?.stop();
  await standIn.close();
});

/** The real Stripe source, with every read it starts kept so the test can wait for them to end. */
function recordedStripe(key = KEY, link = LINK) {
  const settings = readConfig({ STRIPE_SECRET_KEY: key, STRIPE_PAYMENT_LINK: link, STRIPE_API_URL: standIn.url }, NOW).spots;
  if (!settings) throw new Error('no spots settings');
  const real = stripeSpotsSource(stripeBoundary(settings).view({ deadlineMs: READ_DEADLINE_MS, lanes: allIn('poll') }), () => ({
    paymentLink: settings.paymentLink,
  }));
  const reads: Promise<SpotsReading | null>[] = [];
  const source: SpotsSource = {
    name: real.name,
    read: () => {
      const read = real.read();
      reads.push(read);
      return read;
    },
  };
  return { source, settled: async () => void (await Promise.allSettled(reads)) };
}

function start(source: SpotsSource) {
  const time = manualTime(START_MS);
  const log = capturedLogger();
  poller = startSpotsPoller({ source, intervalMs: INTERVAL_MS, fallbackLimit: 30, clock: time.clock, scheduler: time.scheduler, logger: log.logger });
  return { time, log, poller };
}

const boundaryAfter = (ms: number, n = 1) => (Math.floor(ms / INTERVAL_MS) + n) * INTERVAL_MS;

describe('when it asks', () => {
  it('once at start, then on every multiple of the interval since the epoch, and is ready after the first answer', async () => {
    const { source, settled } = recordedStripe();
    const { time, poller } = start(source);
    expect(poller.ready()).toBe(false);
    await poller.firstPoll;
    expect(poller.ready()).toBe(true);
    expect(poller.current()).toEqual({ remaining: 30, limit: 30 });
    for (let n = 1; n <= 6; n += 1) {
      time.advanceTo(boundaryAfter(START_MS, n) - 1);
      await settled();
      expect(standIn.calls).toHaveLength(n);
      time.advanceTo(boundaryAfter(START_MS, n));
      await settled();
      expect(standIn.calls).toHaveLength(n + 1);
    }
  });

  it('never has two reads in flight: a boundary that finds one still running is skipped', async () => {
    let release: (reading: SpotsReading) => void = () => undefined;
    let started = 0;
    const slow: SpotsSource = {
      name: 'slow',
      read: () => {
        started += 1;
        return new Promise((resolve) => (release = resolve));
      },
    };
    const { time, poller } = start(slow);
    time.advanceTo(boundaryAfter(START_MS, 1));
    time.advanceTo(boundaryAfter(START_MS, 2));
    expect(started).toBe(1);
    expect(poller.ready()).toBe(false);
    release({ count: 3, limit: 30, active: true });
    await poller.firstPoll;
    time.advanceTo(boundaryAfter(START_MS, 3));
    expect(started).toBe(2);
    expect(time.pending()).toBe(1);
  });
});

describe('when the wall clock steps back (NTP, a VM migration)', () => {
  const HOUR_MS = 3_600_000;

  it('by an hour: reads again at the next boundary, and its status tells the truth', async () => {
    const { source, settled } = recordedStripe();
    const { time, poller } = start(source);
    await poller.firstPoll;
    time.advanceTo(boundaryAfter(START_MS, 1));
    await settled();
    expect(standIn.calls).toHaveLength(2);
    time.stepClock(-HOUR_MS);
    standIn.sell(3);
    time.advanceTo(boundaryAfter(START_MS, 2) - HOUR_MS);
    await settled();
    expect(standIn.calls).toHaveLength(3);
    expect(poller.current()).toEqual({ remaining: 27, limit: 30 });
    // The last success is now, not an hour ahead of the clock.
    expect(poller.status().lastSuccessMs).toBe(time.clock());
    standIn.setFault('server_error');
    for (let n = 1; n <= 3; n += 1) {
      time.advanceTo(boundaryAfter(START_MS, 2 + n) - HOUR_MS);
      await settled();
    }
    expect(standIn.calls).toHaveLength(6);
    expect(poller.status()).toMatchObject({ up: false, failedInARow: 3, reads: { ok: 3, unavailable: 3 } });
  });
});

describe('the count as the checkout sells', () => {
  it('follows 30, 1 and 0 left, and a deactivated link, at the next boundary', async () => {
    const { source, settled } = recordedStripe();
    const { time, poller, log } = start(source);
    await poller.firstPoll;
    const at = async (n: number) => {
      time.advanceTo(boundaryAfter(START_MS, n));
      await settled();
      return poller.current();
    };
    standIn.sell(29);
    expect(await at(1)).toEqual({ remaining: 1, limit: 30 });
    standIn.sell();
    expect(await at(2)).toEqual({ remaining: 0, limit: 30 });
    expect(standIn.link().active).toBe(false);
    standIn.setLimit(35);
    expect(await at(3)).toEqual({ remaining: 5, limit: 35 });
    expect(log.lines.filter((line) => line.event === 'spots_changed').map((line) => line.remaining)).toEqual([30, 1, 0, 5]);
  });
});

describe('when the checkout fails', () => {
  it.each<[StandInFault, string]>([
    ['server_error', 'HTTP 500'],
    ['rate_limited', 'HTTP 429 (rate_limit)'],
    ['hang', 'no answer'],
    ['trickle', 'no answer'],
    ['reset', 'no answer'],
  ])('%s: keeps the last count, one warning when the outage begins and one line when it ends', async (fault, cause) => {
    const { source, settled } = recordedStripe();
    const { time, poller, log } = start(source);
    await poller.firstPoll;
    standIn.setFault(fault);
    for (let n = 1; n <= 3; n += 1) {
      standIn.sell();
      time.advanceTo(boundaryAfter(START_MS, n));
      await settled();
    }
    expect(poller.current()).toEqual({ remaining: 30, limit: 30 });
    expect(poller.status()).toMatchObject({ up: false, failedInARow: 3, reads: { ok: 1, unavailable: 3 } });
    const errors = log.lines.filter((line) => line.event === 'spots_source_error');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ level: WARN, source: 'stripe', kind: 'unavailable' });
    expect(String(errors[0]?.cause)).toContain(cause);
    standIn.setFault(null);
    time.advanceTo(boundaryAfter(START_MS, 4));
    await settled();
    expect(poller.current()).toEqual({ remaining: 27, limit: 30 });
    expect(log.lines.filter((line) => line.event === 'spots_source_recovered')).toMatchObject([{ level: INFO, outageMs: 3 * INTERVAL_MS }]);
    expect(log.raw.join('\n')).not.toContain(KEY);
  });

  it.each<[StandInFault, string]>([
    ['unauthorized', 'STRIPE_SECRET_KEY'],
    ['forbidden', 'STRIPE_SECRET_KEY'],
    ['not_found', 'STRIPE_PAYMENT_LINK'],
  ])('%s: one error line naming %s, never the key, and the same keeping and recovery', async (fault, setting) => {
    const { source, settled } = recordedStripe();
    const { time, poller, log } = start(source);
    await poller.firstPoll;
    standIn.setFault(fault);
    for (let n = 1; n <= 3; n += 1) {
      time.advanceTo(boundaryAfter(START_MS, n));
      await settled();
    }
    const errors = log.lines.filter((line) => line.event === 'spots_source_error');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ level: ERROR, setting });
    expect(errors[0]?.msg).toContain(setting);
    expect(poller.current()).toEqual({ remaining: 30, limit: 30 });
    standIn.setFault(null);
    time.advanceTo(boundaryAfter(START_MS, 4));
    await settled();
    expect(log.lines.filter((line) => line.event === 'spots_source_recovered')).toHaveLength(1);
    // Stripe's 401 message quotes the key's last four characters: the log never carries Stripe's messages.
    expect(log.raw.join('\n')).not.toMatch(/sk_test_\*|WXYZ/);
    expect(log.raw.join('\n')).not.toContain(KEY);
  });

  it('a wrong key from the start: not ready until the first read fails, then ready without a count', async () => {
    const { source } = recordedStripe('rk_test_51WrongKeyWrongKeyWrong');
    const { poller, log } = start(source);
    await poller.firstPoll;
    expect(poller.ready()).toBe(true);
    expect(poller.current()).toBeNull();
    expect(log.lines).toMatchObject([{ level: ERROR, event: 'spots_source_error', setting: 'STRIPE_SECRET_KEY' }]);
  });

  it('a wrong link id: one error naming STRIPE_PAYMENT_LINK', async () => {
    const { source } = recordedStripe(KEY, 'plink_1SomeOtherLink');
    const { poller, log } = start(source);
    await poller.firstPoll;
    expect(log.lines).toMatchObject([{ level: ERROR, event: 'spots_source_error', kind: 'link', setting: 'STRIPE_PAYMENT_LINK' }]);
  });
});

describe('a link without a limit', () => {
  it('warns once that the checkout will not stop by itself, shows no count, and takes a deactivation as the last of 30', async () => {
    await standIn.close();
    standIn = await startStripeStandIn({ key: KEY, linkId: LINK, limit: null });
    const { source, settled } = recordedStripe();
    const { time, poller, log } = start(source);
    await poller.firstPoll;
    time.advanceTo(boundaryAfter(START_MS, 2));
    await settled();
    expect(poller.current()).toBeNull();
    expect(log.lines.filter((line) => line.event === 'spots_no_limit')).toMatchObject([{ level: WARN }]);
    standIn.setActive(false);
    time.advanceTo(boundaryAfter(START_MS, 3));
    await settled();
    expect(poller.current()).toEqual({ remaining: 0, limit: 30 });
    expect(log.lines.filter((line) => line.event === 'spots_no_limit')).toHaveLength(1);
  });
});
