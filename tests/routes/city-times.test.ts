import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { details } from '../../shared/content/landingPageWords';
import { cityTimes } from '../../shared/logic/schedule';
import { testApp } from '../helpers/testApp';
import { parseHtml, textOf } from '../helpers/html';

/** The landing page's "La hora en tu ciudad": the start on each city's clock (tests/unit/city-times.test.ts pins the clocks). */
describe("the start time in the content's cities", () => {
  it.each([
    ['the seed start', '2025-09-03T20:00:00-06:00'],
    ['a January start, on the other side of daylight saving time', '2026-01-14T12:00:00-06:00'],
  ])('is server-rendered for every city of the content, in its order, for WORKSHOP_START: %s', async (_when, start) => {
    const doc = parseHtml((await request(testApp({ env: { WORKSHOP_START: start } }).app).get('/')).text);
    const rows = [...doc.querySelectorAll('#detalles .zones__list li')].map((li) => [
      textOf(li.querySelector('.zones__city')),
      textOf(li.querySelector('.zones__time')),
    ]);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows).toEqual(cityTimes(Date.parse(start), details.cities).map(({ city, label }) => [city, label]));
    expect(textOf(doc.querySelector('#detalles'))).toContain(details.zonesTitle);
  });
});
