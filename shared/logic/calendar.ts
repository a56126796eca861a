import { DateTime } from 'luxon';
import { workshop } from '../content/siteFacts';
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

/**
 * What the file asks of a calendar (RFC 5546): PUBLISH, an event to add (a download, the confirmation); REQUEST, an
 * update of the event the buyer already has (a new date); CANCEL, its removal. The mail's MIME `method=` says the same.
 */
export type IcsMethod = 'PUBLISH' | 'REQUEST' | 'CANCEL';

export interface IcsOptions {
  event: CalendarEvent;
  /** Stable across downloads, so a calendar updates the event instead of adding a second one. */
  uid: string;
  /** PUBLISH unless given. */
  method?: IcsMethod;
  /** Higher than any copy with this UID sent before, so a calendar takes this one for the newer: 0 unless given. */
  sequence?: number;
  /** A published event that will not take place (the public file of a cancelled workshop); a CANCEL always is. */
  cancelled?: boolean;
  /** The buyer's address: a REQUEST and a CANCEL name whom they are for (RFC 5546), as already accepted. */
  attendee?: string;
  /** When this file was produced. */
  stampMs: number;
  url: string;
  /** Who publishes the event: RFC 5546 requires an ORGANIZER with METHOD:PUBLISH (libical rejects it otherwise). */
  organizer: { name: string; email: string };
  reminders: readonly Reminder[];
}

/**
 * The workshop's one UID per edition, from its name and the site's host, whatever its date: the public file and a
 * buyer's invites name the same event, so a calendar that has one updates it with the next (a new date included)
 * instead of showing the workshop twice.
 */
export const workshopUid = (edition: string, publicUrl: string): string => `taller-${edition}@${new URL(publicUrl).hostname}`;

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

/** One VEVENT in a VCALENDAR, for Apple Calendar and Outlook, times in UTC. A CANCEL carries no alarm: there is nothing to ring for. */
export function icsCalendar({
  event,
  uid,
  method = 'PUBLISH',
  sequence = 0,
  cancelled = false,
  attendee,
  stampMs,
  url,
  organizer,
  reminders,
}: IcsOptions): string {
  const status = cancelled || method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED';
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Marca de Autoridad con IA//Taller en vivo//ES',
    'CALSCALE:GREGORIAN',
    `METHOD:${method}`,
    'BEGIN:VEVENT',
    `UID:${uid}`,
    `SEQUENCE:${sequence}`,
    `STATUS:${status}`,
    `DTSTAMP:${toCalendarUtc(stampMs)}`,
    `DTSTART:${toCalendarUtc(event.startMs)}`,
    `DTEND:${toCalendarUtc(event.endMs)}`,
    `SUMMARY:${icsText(event.title)}`,
    `DESCRIPTION:${icsText(event.description)}`,
    `LOCATION:${icsText(event.location)}`,
    `URL:${url}`,
    `ORGANIZER;CN=${icsQuoted(organizer.name)}:mailto:${organizer.email}`,
    ...(attendee ? [`ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:${attendee}`] : []),
    ...(method === 'CANCEL' ? [] : reminders).flatMap((reminder) => [
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
