import { DateTime } from 'luxon';

export interface CalendarEvent {
  title: string;
  startMs: number;
  endMs: number;
  description: string;
  location: string;
}

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
