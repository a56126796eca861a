import { OPENS_BEFORE_MINUTES, workshop } from '../content/siteFacts';
import { calendarDaysAfterEndMs, workshopSchedule } from './schedule';

/**
 * The instants of a buyer's journey after the purchase, all from WORKSHOP_START (docs/fulfilment.md): the two
 * reminders, when the personal link opens onto the meeting and when the workshop ends, and how long the recording
 * stays. Pure: the time is an argument.
 */
export interface JourneyTimeline {
  startMs: number;
  endMs: number;
  /** "Mañana es el taller", a day before the start. */
  dayBeforeMs: number;
  /** "Empezamos en una hora". */
  hourBeforeMs: number;
  /** From here until the end, the personal link leads into the meeting. */
  opensMs: number;
  /** The last moment the recording is offered: the end of the `recordingDays`-th calendar day after the workshop. */
  recordingUntilMs: number;
}

const MINUTE_MS = 60_000;

export function journeyTimeline(startMs: number): JourneyTimeline {
  return {
    startMs,
    endMs: workshopSchedule(startMs).endMs,
    dayBeforeMs: startMs - 24 * 60 * MINUTE_MS,
    hourBeforeMs: startMs - 60 * MINUTE_MS,
    opensMs: startMs - OPENS_BEFORE_MINUTES * MINUTE_MS,
    recordingUntilMs: calendarDaysAfterEndMs(startMs, workshop.recordingDays),
  };
}

/** What the personal link is at an instant: the details before, the way in during the workshop, the materials after. */
export type AccessPhase = 'before' | 'live' | 'after';

export function accessPhase(nowMs: number, timeline: JourneyTimeline): AccessPhase {
  if (nowMs < timeline.opensMs) return 'before';
  return nowMs < timeline.endMs ? 'live' : 'after';
}
