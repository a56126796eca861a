import { DateTime } from 'luxon';
import { workshop } from '../content';
import type { WorkshopSchedule } from './schedule';

export interface CalendarEvent {
  title: string;
  startMs: number;
  endMs: number;
  description: string;
  location: string;
}

/** The workshop as every calendar shows it; a buyer's own copy adds their personal link (withJoinLink). */
export const workshopEvent = (schedule: Pick<WorkshopSchedule, 'startMs' | 'endMs'>): CalendarEvent => ({
  title: workshop.title,
  startMs: schedule.startMs,
  endMs: schedule.endMs,
  description: workshop.calendarDescription,
  location: workshop.calendarLocation,
});

/** The event for one who has paid: their way in as its place, and on a line of its own in the description. */
export const withJoinLink = (event: CalendarEvent, joinUrl: string): CalendarEvent => ({
  ...event,
  description: `${event.description}\n\n${workshop.calendarJoinLead} ${joinUrl}`,
  location: joinUrl,
});

const CALENDAR_BASE = 'https://calendar.google.com/calendar/render';

/** Calendar services expect basic ISO 8601 in UTC: 20250904T020000Z. */
export function toCalendarUtc(ms: number): string {
  return DateTime.fromMillis(ms, { zone: 'utc' }).toFormat("yyyyLLdd'T'HHmmss'Z'");
}

/** The web calendar's event-creation link; it opens a pre-filled event, nothing is sent on our behalf. */
export function calendarUrl(event: CalendarEvent): string {
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.title,
    dates: `${toCalendarUtc(event.startMs)}/${toCalendarUtc(event.endMs)}`,
    details: event.description,
    location: event.location,
  });
  return `${CALENDAR_BASE}?${params.toString()}`;
}

/** A reminder the calendar itself shows, this long before the start. */
interface Reminder {
  text: string;
  minutes: number;
}

export interface IcsOptions {
  event: CalendarEvent;
  /** Stable across downloads, so a calendar updates the event instead of adding a second one. */
  uid: string;
  /** When this file was produced. */
  stampMs: number;
  url: string;
  /** Who publishes the event: RFC 5546 requires an ORGANIZER with METHOD:PUBLISH (libical rejects it otherwise). */
  organizer: { name: string; email: string };
  reminders: readonly Reminder[];
}

/**
 * The workshop's one UID, from its start and the site's host: the public file and a buyer's invite name the same
 * event, so a calendar that has one updates it with the other instead of showing the workshop twice.
 */
export const workshopUid = (startMs: number, publicUrl: string): string => `taller-${startMs}@${new URL(publicUrl).hostname}`;

/** RFC 5545 TEXT: backslash, semicolon, comma and newlines are escaped. */
const icsText = (value: string): string => value.replace(/[\\;,]/g, (char) => `\\${char}`).replace(/\r?\n/g, '\\n');

/** RFC 5545 folding: lines of at most 75 octets, continued with CRLF and a space; never splits a character. */
function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  for (const char of line) {
    const limit = parts.length === 0 ? 75 : 74;
    if (Buffer.byteLength(current + char, 'utf8') > limit) {
      parts.push(current);
      current = '';
    }
    current += char;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** A parameter value in double quotes, which may hold ':', ';' and ','; a double quote itself may not appear. */
const icsQuoted = (value: string): string => `"${value.replace(/"/g, "'")}"`;

/** One VEVENT in a VCALENDAR, for Apple Calendar and Outlook, times in UTC. */
export function icsCalendar({ event, uid, stampMs, url, organizer, reminders }: IcsOptions): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Marca de Autoridad con IA//Taller en vivo//ES',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    `DTSTAMP:${toCalendarUtc(stampMs)}`,
    `DTSTART:${toCalendarUtc(event.startMs)}`,
    `DTEND:${toCalendarUtc(event.endMs)}`,
    `SUMMARY:${icsText(event.title)}`,
    `DESCRIPTION:${icsText(event.description)}`,
    `LOCATION:${icsText(event.location)}`,
    `URL:${url}`,
    `ORGANIZER;CN=${icsQuoted(organizer.name)}:mailto:${organizer.email}`,
    ...reminders.flatMap((reminder) => [
      'BEGIN:VALARM',
      'ACTION:DISPLAY',
      `DESCRIPTION:${icsText(reminder.text)}`,
      `TRIGGER:-PT${reminder.minutes}M`,
      'END:VALARM',
    ]),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
