/**
 * The preflight's meeting lines, for each service it knows and for one it does not: none ever asks the owner to open
 * the meeting to anyone with its link (Meet's Open, Zoom's waiting room off, Teams' lobby bypassed by everyone,
 * Jitsi's lobby off), each asks for a waiting room or lobby with someone there to admit buyers and says why, and the
 * owner's checklist in docs/operations.md walks Meet, Zoom and Teams through it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { meetingChecks } from '../../server/preflight/meetingChecks';

const LINKS = {
  'Google Meet': 'https://meet.google.com/abc-defg-hij',
  Zoom: 'https://us02web.zoom.us/j/12345678901?pwd=abc',
  'Microsoft Teams': 'https://teams.microsoft.com/meet/123456789?p=abc',
  Jitsi: 'https://meet.jit.si/TallerMarcaDeAutoridad',
  'a service it does not know': 'https://sala.example.org/taller',
};
/** Each way a service's meeting is opened to anyone with its link. */
const OPENING = [/\bto Open\b/i, /turn it off/i, /\bto Everyone\b/i, /leave it off/i, /waiting room off/i];

describe("the preflight's line on letting buyers in", () => {
  it.each(Object.entries(LINKS))('%s: a waiting room or lobby, someone there to admit, and why; never an open meeting', (_service, link) => {
    const guests = meetingChecks(link).find((check) => check.id === 'meeting.guests');
    expect(guests?.status).toBe('warn');
    const message = guests?.message ?? '';
    for (const opening of OPENING) expect(message).not.toMatch(opening);
    expect(message).toMatch(/waiting room|lobby|knock/);
    expect(message).toMatch(/\badmit\b/);
    expect(message).toContain('strangers');
    expect(message).toContain('"Letting buyers in"');
  });

  it('without MEETING_URL, the checklist of the service the texts name says the same', () => {
    const message = meetingChecks(null).find((check) => check.id === 'meeting.guests')?.message ?? '';
    for (const opening of OPENING) expect(message).not.toMatch(opening);
    expect(message).toContain('strangers');
  });
});

describe("the owner's checklist in docs/operations.md", () => {
  const operations = readFileSync('docs/operations.md', 'utf8');
  const section = operations.slice(operations.indexOf('### Letting buyers in'), operations.indexOf('\n## ', operations.indexOf('### Letting buyers in')));

  it('walks Meet, Zoom and Teams to a waiting room or lobby with the owner admitting, and says why', () => {
    expect(section).toContain('### Letting buyers in');
    for (const setting of ['Restricted', 'Waiting room', 'Who can bypass the lobby', 'Only organizers and co-organizers', 'co-host', 'strangers'])
      expect(section).toContain(setting);
    for (const service of ['Google Meet', 'Zoom', 'Microsoft Teams']) expect(section).toContain(`**${service}**`);
    for (const opening of OPENING) expect(section).not.toMatch(opening);
  });
});
