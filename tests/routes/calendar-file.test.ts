import ICAL from 'ical.js';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { workshop } from '../../shared/content/siteFacts';
import { DEFAULTS } from '../../server/config/settings';
import { testApp } from '../helpers/testApp';
import { parseHtml, textOf } from '../helpers/html';

const NOW = Date.parse('2026-11-21T18:30:42Z');
/** The seed's start, whose calendar entry the README's calendar correction documents. */
const SEED = { WORKSHOP_START: '2025-09-03T20:00:00-06:00' };

/** The UID of the public file's event with these settings. */
const downloadIcsUid = async (env: Record<string, string>): Promise<string | undefined> =>
  new ICAL.Event(new ICAL.Component(ICAL.parse((await downloadIcs(env)).text)).getFirstSubcomponent('vevent') as ICAL.Component).uid;

async function downloadIcs(env: Record<string, string> = {}) {
  const res = await request(testApp({ now: NOW, env: { ...SEED, ...env } }).app)
    .get('/taller-marca-autoridad.ics')
    .buffer(true)
    .parse((stream, done) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => done(null, Buffer.concat(chunks).toString('utf8')));
    });
  return { res, text: res.body as string };
}

describe('the .ics download', () => {
  it('is served as text/calendar with a download file name', async () => {
    const { res } = await downloadIcs();
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="?taller-marca-autoridad\.ics"?$/);
  });

  it('parses as one VEVENT with every field, in UTC from WORKSHOP_START', async () => {
    const { text } = await downloadIcs({ PUBLIC_URL: 'https://taller.example.org', EDITION: '2025-09' });
    expect(text).toMatch(/\r\n$/);
    expect(text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    const calendar = new ICAL.Component(ICAL.parse(text));
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('prodid')).toBeTruthy();
    const events = calendar.getAllSubcomponents('vevent');
    expect(events).toHaveLength(1);
    const vevent = events[0] as ICAL.Component;
    const event = new ICAL.Event(vevent);
    // One UID per edition, whatever its date: a new date updates the event a calendar holds.
    expect(event.uid).toBe('taller-2025-09@taller.example.org');
    expect(vevent.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(event.startDate.toJSDate().toISOString()).toBe('2025-09-04T02:00:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2025-09-04T04:30:00.000Z');
    expect(event.startDate.zone?.tzid).toBe('UTC');
    expect(event.summary).toBe(workshop.title);
    expect(event.description).toBe(workshop.calendarDescription);
    expect(event.location).toBe(workshop.calendarLocation);
    expect((vevent.getFirstPropertyValue('dtstamp') as ICAL.Time).toJSDate().toISOString()).toBe('2026-11-21T18:30:00.000Z');
    expect(vevent.getFirstPropertyValue('url')).toBe('https://taller.example.org/');
    // METHOD:PUBLISH needs an ORGANIZER (RFC 5546 §3.2.1); libical rejects the file without one.
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    const organizer = vevent.getFirstProperty('organizer');
    expect(organizer?.getFirstValue()).toBe('mailto:hola@example.com');
    expect(organizer?.getParameter('cn')).toBe(DEFAULTS.TRAINER_NAME);
    const alarm = vevent.getFirstSubcomponent('valarm');
    expect(alarm?.getFirstPropertyValue('action')).toBe('DISPLAY');
    expect((alarm!.getFirstPropertyValue('trigger') as ICAL.Duration).toSeconds()).toBe(-3600);
    expect(alarm?.getFirstPropertyValue('description')).toBeTruthy();
  });

  it('follows a configured WORKSHOP_START, under the same UID for the same edition', async () => {
    const { text } = await downloadIcs({ WORKSHOP_START: '2026-02-11T19:00:00-06:00', EDITION: '2026-02' });
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent') as ICAL.Component);
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-02-12T01:00:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-02-12T03:30:00.000Z');
    const moved = new ICAL.Event(
      new ICAL.Component(ICAL.parse((await downloadIcs({ WORKSHOP_START: '2026-02-18T19:00:00-06:00', EDITION: '2026-02' })).text)).getFirstSubcomponent(
        'vevent',
      ) as ICAL.Component,
    );
    expect(moved.uid).toBe(event.uid);
    expect(moved.startDate.toJSDate().toISOString()).toBe('2026-02-19T01:00:00.000Z');
  });

  it('says a cancelled workshop is cancelled: the same event, STATUS:CANCELLED', async () => {
    const { text } = await downloadIcs({ EDITION: '2025-09', WORKSHOP_CANCELLED: 'true' });
    const vevent = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent') as ICAL.Component;
    expect(vevent.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(new ICAL.Event(vevent).uid).toBe((await downloadIcsUid({ EDITION: '2025-09' })) ?? 'none');
  });

  it('is linked beside "Añadir al calendario"', async () => {
    const doc = parseHtml((await request(testApp({ env: SEED }).app).get('/')).text);
    const link = doc.querySelector('#detalles a[download]');
    expect(link?.getAttribute('href')).toBe('/taller-marca-autoridad.ics');
    expect(textOf(link)).toMatch(/\.ics/);
  });
});
