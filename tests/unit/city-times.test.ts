import { describe, expect, it } from 'vitest';
import { cityDateTimes, cityTimes } from '../../shared/logic/schedule';

/**
 * Cities chosen for their clocks, whatever the content lists: the home zone, two without daylight saving time, one on
 * the southern summer's, one three hours ahead, and one whose date is already the next day.
 */
const CITIES = [
  { city: 'Ciudad de México', zone: 'America/Mexico_City' },
  { city: 'Bogotá', zone: 'America/Bogota' },
  { city: 'Lima', zone: 'America/Lima' },
  { city: 'Santiago', zone: 'America/Santiago' },
  { city: 'Buenos Aires', zone: 'America/Argentina/Buenos_Aires' },
  { city: 'Madrid', zone: 'Europe/Madrid' },
];

const labels = (times: { city: string; label: string }[]): Record<string, string> => Object.fromEntries(times.map(({ city, label }) => [city, label]));

describe('cityTimes', () => {
  it('writes the start on each city clock, in order, with the weekday only where the date differs from Mexico City', () => {
    const times = cityTimes(Date.parse('2025-09-03T20:00:00-06:00'), CITIES);
    expect(times.map(({ city }) => city)).toEqual(CITIES.map(({ city }) => city));
    expect(labels(times)).toEqual({
      'Ciudad de México': '8:00 p. m.',
      Bogotá: '9:00 p. m.',
      Lima: '9:00 p. m.',
      Santiago: '10:00 p. m.',
      'Buenos Aires': '11:00 p. m.',
      Madrid: 'jueves 4:00 a. m.',
    });
  });

  it('follows daylight saving time of each city', () => {
    // January: Santiago is on summer time (UTC-3), Madrid on winter time (UTC+1).
    expect(cityTimes(Date.parse('2026-01-14T12:00:00-06:00'), CITIES).map(({ label }) => label)).toEqual([
      '12:00 p. m.',
      '1:00 p. m.',
      '1:00 p. m.',
      '3:00 p. m.',
      '3:00 p. m.',
      '7:00 p. m.',
    ]);
  });
});

describe('cityDateTimes', () => {
  it("writes each city's date with its year, then its time: what a buyer's mails and pages say", () => {
    const times = labels(cityDateTimes(Date.parse('2025-10-08T20:00:00-06:00'), CITIES));
    expect(times.Bogotá).toBe('miércoles 8 de octubre de 2025, 9:00 p. m.');
    expect(times.Madrid).toBe('jueves 9 de octubre de 2025, 4:00 a. m.');
  });
});
