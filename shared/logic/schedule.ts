import { DateTime } from 'luxon';
import { workshop } from '../content';

/** The zone every visible date is written in (UTC-6 all year since 2022). */
export const WORKSHOP_ZONE = 'America/Mexico_City';
const LOCALE = 'es-MX';

export interface WorkshopSchedule {
  startMs: number;
  endMs: number;
  /** e.g. "miércoles 3 de septiembre" */
  dateLabel: string;
  /** e.g. "8:00 p. m." */
  timeLabel: string;
  /** e.g. "miércoles 3 de septiembre, 8:00 p. m. hora de la Ciudad de México" */
  fullLabel: string;
}

/**
 * The meridiem is written from content rather than taken from ICU, whose es-MX output
 * ("p.m." with or without narrow spaces) changes between Node versions.
 */
function timeLabel(local: DateTime): string {
  const meridiem = local.hour < 12 ? workshop.meridiem.am : workshop.meridiem.pm;
  return `${local.toFormat('h:mm')} ${meridiem}`;
}

export function workshopSchedule(startMs: number): WorkshopSchedule {
  const local = DateTime.fromMillis(startMs, { zone: WORKSHOP_ZONE }).setLocale(LOCALE);
  const dateLabel = local.toFormat("cccc d 'de' LLLL");
  const time = timeLabel(local);
  return {
    startMs,
    endMs: local.plus({ minutes: workshop.durationMinutes }).toMillis(),
    dateLabel,
    timeLabel: time,
    fullLabel: `${dateLabel}, ${time} ${workshop.zoneLabel}`,
  };
}
