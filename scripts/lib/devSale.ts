/**
 * `npm run dev -- --state <state>`: the dates that put the sale in that state now, as the ordinary settings an
 * operator would write. The server gets no switch of its own, so production has nothing to honour or refuse.
 */
import { parseArgs } from 'node:util';
import type { SaleState } from '../../shared/logic/sale.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

interface SaleDates {
  deadlineMs: number;
  startMs: number;
  soldOut: boolean;
  cancelled?: boolean;
}

/** Every state, from the current minute: far enough from each boundary that a long session stays in it. */
const DATES: Record<SaleState, (minuteMs: number) => SaleDates> = {
  'early-bird': (at) => ({ deadlineMs: at + 30 * DAY_MS, startMs: at + 37 * DAY_MS, soldOut: false }),
  normal: (at) => ({ deadlineMs: at - DAY_MS, startMs: at + 30 * DAY_MS, soldOut: false }),
  'sold-out': (at) => ({ deadlineMs: at + 30 * DAY_MS, startMs: at + 37 * DAY_MS, soldOut: true }),
  closed: (at) => ({ deadlineMs: at - 8 * DAY_MS, startMs: at - 7 * DAY_MS, soldOut: false }),
  cancelled: (at) => ({ deadlineMs: at + 30 * DAY_MS, startMs: at + 37 * DAY_MS, soldOut: false, cancelled: true }),
};

export const DEV_STATES = Object.keys(DATES) as SaleState[];

export type DevSaleSettings = Record<'EARLY_BIRD_DEADLINE' | 'WORKSHOP_START' | 'SOLD_OUT' | 'WORKSHOP_CANCELLED', string>;

/** The settings that show `state` at `nowMs`. */
export function devSaleSettings(state: SaleState, nowMs: number): DevSaleSettings {
  const { deadlineMs, startMs, soldOut, cancelled = false } = DATES[state](Math.floor(nowMs / MINUTE_MS) * MINUTE_MS);
  return {
    EARLY_BIRD_DEADLINE: new Date(deadlineMs).toISOString(),
    WORKSHOP_START: new Date(startMs).toISOString(),
    SOLD_OUT: String(soldOut),
    WORKSHOP_CANCELLED: String(cancelled),
  };
}

const isSaleState = (value: string): value is SaleState => Object.hasOwn(DATES, value);

/** The state asked for on the command line; null: the dates of the environment (or the defaults), as npm start. */
export function devStateFrom(args: string[]): SaleState | null {
  const { values } = parseArgs({ args, options: { state: { type: 'string' } }, strict: true });
  if (values.state === undefined) return null;
  if (!isSaleState(values.state)) throw new Error(`Unknown state "${values.state}": expected one of ${DEV_STATES.join(', ')}`);
  return values.state;
}
