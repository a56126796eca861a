import { DateTime } from 'luxon';
import { journeyTimeline } from '../../shared/logic/journey';
import { WORKSHOP_ZONE } from '../../shared/logic/schedule';
import type { SaleTerms } from '../../shared/logic/sale';
import { estimatedBits, STRONG_SECRET_BITS } from '../config/secretStrength';
import { MATERIAL_SETTINGS, type MaterialLinks } from '../config/settings';
import { type Check, fail, ok, warn } from './preflightCheck';

/** An instant as the owner reads it, in the workshop's zone: `Wed 3 Sep 2025, 20:00 Mexico City`. */
export const ownerTime = (ms: number): string =>
  `${DateTime.fromMillis(ms, { zone: WORKSHOP_ZONE }).toFormat('ccc d LLL yyyy, HH:mm', { locale: 'en' })} Mexico City`;

const DAY_MS = 86_400_000;
const inDays = (ms: number, nowMs: number): string => {
  const days = Math.floor((ms - nowMs) / DAY_MS);
  return days === 0 ? 'today' : `in ${days} day${days === 1 ? '' : 's'}`;
};

/**
 * The edition's dates against now: the Early Bird ends before the start, the start is ahead, each reminder's moment is
 * ahead (or said to be past, and so never sent), and the owner's sold-out switch.
 */
export function dateChecks(sale: SaleTerms, fulfilment: boolean, nowMs: number): Check[] {
  const { workshopStartMs: startMs, earlyBirdDeadlineMs: deadlineMs } = sale;
  const checks: Check[] = [];
  checks.push(
    startMs > nowMs
      ? ok('dates.start', 'dates', 'Workshop start', `${ownerTime(startMs)}, ${inDays(startMs, nowMs)}`)
      : fail(
          'dates.start',
          'dates',
          'Workshop start',
          `${ownerTime(startMs)} has passed, so the page shows the sale closed: set WORKSHOP_START (and EARLY_BIRD_DEADLINE) for this edition`,
        ),
  );
  if (deadlineMs >= startMs)
    checks.push(
      fail(
        'dates.deadline',
        'dates',
        'Early Bird deadline',
        `${ownerTime(deadlineMs)} is not before the start: the sale would go from Early Bird straight to closed; set EARLY_BIRD_DEADLINE before WORKSHOP_START`,
      ),
    );
  else if (deadlineMs <= nowMs)
    checks.push(warn('dates.deadline', 'dates', 'Early Bird deadline', `${ownerTime(deadlineMs)} has passed: the page sells at the normal price only`));
  else checks.push(ok('dates.deadline', 'dates', 'Early Bird deadline', `${ownerTime(deadlineMs)}, before the start`));
  if (sale.soldOut) checks.push(warn('dates.sold_out', 'dates', 'Sold out', 'SOLD_OUT is true: the page says "Cupo lleno" and sells nothing'));
  if (sale.cancelled)
    checks.push(
      fail(
        'dates.cancelled',
        'dates',
        'Cancelled',
        'WORKSHOP_CANCELLED is true: the page says the workshop was cancelled and sells nothing; a new edition needs it false and a new EDITION',
      ),
    );
  if (fulfilment) {
    const timeline = journeyTimeline(startMs);
    const reminders = [
      { kind: 'day_before', label: 'Reminder a day before', atMs: timeline.dayBeforeMs },
      { kind: 'hour_before', label: 'Reminder an hour before', atMs: timeline.hourBeforeMs },
    ];
    for (const { kind, label, atMs } of reminders) {
      checks.push(
        atMs > nowMs
          ? ok(`dates.reminder.${kind}`, 'dates', label, ownerTime(atMs))
          : warn(`dates.reminder.${kind}`, 'dates', label, `its moment, ${ownerTime(atMs)}, has passed: it will not be sent`),
      );
    }
  }
  return checks;
}

export function accessSecretCheck(secret: string): Check {
  const bits = estimatedBits(secret);
  return bits >= STRONG_SECRET_BITS
    ? ok('links.access_secret', 'links', 'ACCESS_SECRET', `${[...secret].length} characters, varied enough (about ${bits} bits)`)
    : fail(
        'links.access_secret',
        'links',
        'ACCESS_SECRET',
        `too guessable (about ${bits} bits from ${[...secret].length} characters, too many of them alike): set it to the output of \`openssl rand -base64 48\` now, before the first buyer; changing it later breaks every personal link already sent`,
      );
}

/** The recording comes after the workshop; the three materials should be set before it (docs/fulfilment.md). */
export function materialChecks(materials: MaterialLinks): Check[] {
  return (Object.keys(MATERIAL_SETTINGS) as (keyof MaterialLinks)[]).map((name) => {
    const setting = MATERIAL_SETTINGS[name];
    const id = `links.${name}`;
    // The settings refuse any link but https: what was read is one.
    if (materials[name]) return ok(id, 'links', setting, 'an https link');
    return name === 'recording'
      ? ok(id, 'links', setting, 'not set yet: set it once the recording exists')
      : warn(id, 'links', setting, "not set yet: the buyer's page says it comes by mail; set it before the workshop");
  });
}
