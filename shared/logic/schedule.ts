import { DateTime } from 'luxon';
import { workshop } from '../content/siteFacts';

/** The zone every visible date is written in (UTC-6 all year since 2022). */
export const WORKSHOP_ZONE = 'America/Mexico_City';
const LOCALE = 'es-MX';

export interface WorkshopSchedule {
  startMs: number;
  endMs: number;
  /** With its year, so nobody misreads which edition: "miércoles 3 de septiembre de 2025". */
  dateLabel: string;
  /** e.g. "8:00 p. m." */
  timeLabel: string;
  /** e.g. "miércoles 3 de septiembre de 2025, 8:00 p. m. hora de la Ciudad de México" */
  fullLabel: string;
}

const inWorkshopZone = (ms: number): DateTime => DateTime.fromMillis(ms, { zone: WORKSHOP_ZONE }).setLocale(LOCALE);

/**
 * The meridiem is written from content rather than taken from ICU, whose es-MX output
 * ("p.m." with or without narrow spaces) changes between Node versions.
 */
function timeLabel(local: DateTime): string {
  const meridiem = local.hour < 12 ? workshop.meridiem.am : workshop.meridiem.pm;
  return `${local.toFormat('h:mm')} ${meridiem}`;
}

export interface CityTime {
  city: string;
  /** e.g. "9:00 p. m.", or "jueves 4:00 a. m." where the day differs from Mexico City's (cityTimes); with the date (cityDateTimes). */
  label: string;
}

/** The same instant on the clocks of other cities; the weekday is named only where the date differs. */
export function cityTimes(startMs: number, cities: readonly { city: string; zone: string }[]): CityTime[] {
  const home = inWorkshopZone(startMs);
  return cities.map(({ city, zone }) => {
    const local = DateTime.fromMillis(startMs, { zone }).setLocale(LOCALE);
    const sameDay = local.toISODate() === home.toISODate();
    return { city, label: sameDay ? timeLabel(local) : `${local.toFormat('cccc')} ${timeLabel(local)}` };
  });
}

/** An instant as ISO 8601 with Mexico City's offset, e.g. 2025-09-03T20:00:00-06:00. */
export const isoInWorkshopZone = (ms: number): string => DateTime.fromMillis(ms, { zone: WORKSHOP_ZONE }).toISO({ suppressMilliseconds: true }) ?? '';

const dateLabelOf = (local: DateTime): string => local.toFormat("cccc d 'de' LLLL 'de' yyyy");

/** An instant in words, in Mexico City unless another zone is named: "martes 30 de septiembre de 2025, 11:59 p. m." (seconds left out). */
export function dateTimeLabel(ms: number, zone = WORKSHOP_ZONE): string {
  const local = DateTime.fromMillis(ms, { zone }).setLocale(LOCALE);
  return `${dateLabelOf(local)}, ${timeLabel(local)}`;
}

/** An instant's time of day in Mexico City: "9:15 p. m." (the owner's mails, where the day goes without saying). */
export const timeOfDayLabel = (ms: number): string => timeLabel(inWorkshopZone(ms));

/** The same instant in each city, date with its year and time: what a buyer's confirmation says. */
export const cityDateTimes = (startMs: number, cities: readonly { city: string; zone: string }[]): CityTime[] =>
  cities.map(({ city, zone }) => ({ city, label: dateTimeLabel(startMs, zone) }));

export function workshopSchedule(startMs: number): WorkshopSchedule {
  const local = inWorkshopZone(startMs);
  const dateLabel = dateLabelOf(local);
  const time = timeLabel(local);
  return {
    startMs,
    endMs: local.plus({ minutes: workshop.durationMinutes }).toMillis(),
    dateLabel,
    timeLabel: time,
    fullLabel: `${dateLabel}, ${time} ${workshop.zoneLabel}`,
  };
}

/**
 * The last millisecond of the `days`-th calendar day after the workshop's date, in Mexico City: the end of a window
 * "within N calendar days after the workshop".
 */
export const calendarDaysAfterEndMs = (startMs: number, days: number): number => inWorkshopZone(startMs).startOf('day').plus({ days }).endOf('day').toMillis();

/** An ISO date in words, without the weekday: "25 de noviembre de 2026". */
export const calendarDateLabel = (isoDate: string): string =>
  DateTime.fromISO(isoDate, { zone: WORKSHOP_ZONE }).setLocale(LOCALE).toFormat("d 'de' LLLL 'de' yyyy");
