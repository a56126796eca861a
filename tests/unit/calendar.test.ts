import { describe, expect, it } from 'vitest';
import { workshop } from '../../shared/content/siteFacts';
import { calendarUrl, toCalendarUtc } from '../../shared/logic/calendar';
import { dateTimeLabel, workshopSchedule } from '../../shared/logic/schedule';

const defaultStart = Date.parse('2025-09-03T20:00:00-06:00');

describe('workshopSchedule', () => {
  it('writes the default start in Mexico City time, in Spanish', () => {
    const schedule = workshopSchedule(defaultStart);
    expect(schedule.dateLabel).toBe('miércoles 3 de septiembre de 2025');
    expect(schedule.timeLabel).toBe('8:00 p. m.');
    expect(schedule.fullLabel).toBe(`miércoles 3 de septiembre de 2025, 8:00 p. m. ${workshop.zoneLabel}`);
  });
  it("ends the content's duration after the start", () => {
    const schedule = workshopSchedule(defaultStart);
    expect(schedule.endMs - schedule.startMs).toBe(workshop.durationMinutes * 60_000);
  });
  it('converts a start given in another offset to Mexico City time', () => {
    const schedule = workshopSchedule(Date.parse('2026-03-10T16:30:00Z'));
    expect(schedule.fullLabel).toBe(`martes 10 de marzo de 2026, 10:30 a. m. ${workshop.zoneLabel}`);
  });
});

describe('dateTimeLabel', () => {
  it('writes the Early Bird deadline in words, with its year and without its seconds', () => {
    expect(dateTimeLabel(Date.parse('2025-09-30T23:59:59-06:00'))).toBe('martes 30 de septiembre de 2025, 11:59 p. m.');
  });
  it('writes an instant given in UTC on Mexico City’s calendar', () => {
    expect(dateTimeLabel(Date.parse('2027-01-01T03:30:00Z'))).toBe('jueves 31 de diciembre de 2026, 9:30 p. m.');
  });
});

describe('calendarUrl', () => {
  const schedule = workshopSchedule(defaultStart);
  const url = new URL(
    calendarUrl({
      title: workshop.title,
      startMs: schedule.startMs,
      endMs: schedule.endMs,
      description: workshop.calendarDescription,
      location: workshop.calendarLocation,
    }),
  );

  it('opens the web calendar event template', () => {
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(url.searchParams.get('action')).toBe('TEMPLATE');
  });
  it('carries start and end in UTC for the default WORKSHOP_START (the seed’s 2024 date corrected)', () => {
    expect(url.searchParams.get('dates')).toBe('20250904T020000Z/20250904T043000Z');
  });
  it('carries the title, a description and the location', () => {
    expect(url.searchParams.get('text')).toBe(workshop.title);
    expect(url.searchParams.get('details')).toBe(workshop.calendarDescription);
    expect(url.searchParams.get('location')).toBe(workshop.calendarLocation);
  });
  it('formats instants as basic ISO 8601 UTC', () => {
    expect(toCalendarUtc(Date.parse('2025-12-31T23:05:09-06:00'))).toBe('20260101T050509Z');
  });
});
