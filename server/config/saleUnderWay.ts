import { DateTime } from 'luxon';
import { WORKSHOP_ZONE } from '../../shared/logic/schedule';

/** How far from today the dates a fresh clone runs on fall: a week of Early Bird left, then a week of normal price. */
const EARLY_BIRD_DAYS = 7;
const WORKSHOP_DAYS = 14;

/**
 * The edition a developer sees when the dates are unset, outside production: the Early Bird ends at the last second of
 * the day a week from `nowMs`, and the workshop starts at 8 pm two weeks from it, both in Mexico City, as the seed's
 * dates were written. Whole days, so that every restart on the same day shows the same dates.
 */
export function saleUnderWay(nowMs: number): { earlyBirdDeadlineMs: number; workshopStartMs: number } {
  const today = DateTime.fromMillis(nowMs, { zone: WORKSHOP_ZONE }).startOf('day');
  return {
    earlyBirdDeadlineMs: today.plus({ days: EARLY_BIRD_DAYS }).endOf('day').startOf('second').toMillis(),
    workshopStartMs: today.plus({ days: WORKSHOP_DAYS }).set({ hour: 20 }).toMillis(),
  };
}
