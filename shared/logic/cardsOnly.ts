/**
 * When a voucher (OXXO) begun at the checkout can no longer be counted on to be credited before the workshop starts,
 * from what Stripe documents (docs/pricing.md, "Payments that cannot arrive in time"):
 * - a Checkout Session a Payment Link opens lives 24 hours, so a voucher can be issued up to a day after its link
 *   last offered one;
 * - an OXXO voucher expires after 5 calendar days by default, at 23:59 in Mexico City on its last day (a Payment Link
 *   cannot set another number), and can be paid until then;
 * - a paid voucher is confirmed by the next business day (Monday to Friday: Mexico's bank holidays are not counted).
 * From that instant the site has its links take cards only. Pure: the time is an argument.
 */
import { DateTime } from 'luxon';
import { WORKSHOP_ZONE } from './schedule';

const SESSION_HOURS = 24;
const VOUCHER_DAYS = 5;
const FRIDAY = 5;

export function cardsOnlyFromMs(workshopStartMs: number): number {
  const startDay = DateTime.fromMillis(workshopStartMs, { zone: WORKSHOP_ZONE }).startOf('day');
  // The last business day that ends before the start: a payment confirmed by its end is in time.
  let confirmedBy = startDay.minus({ days: 1 });
  while (confirmedBy.weekday > FRIDAY) confirmedBy = confirmedBy.minus({ days: 1 });
  // Paid on the day before it at the latest (its next business day is that one), so issued this many days earlier.
  const lastVoucherDay = confirmedBy.minus({ days: 1 + VOUCHER_DAYS });
  return lastVoucherDay.plus({ days: 1 }).minus({ hours: SESSION_HOURS }).toMillis();
}
