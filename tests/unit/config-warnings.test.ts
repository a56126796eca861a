import { describe, expect, it } from 'vitest';
import { readConfig } from '../../server/config/settings';
import { PRODUCTION_SETTINGS as REAL } from '../../scripts/lib/harness';
import { buildWarnings, configWarnings } from '../../server/config/warnings';
import type { ResponsivePhoto } from '../../shared/components/responsivePhoto';

const NOW = Date.parse('2026-11-22T12:00:00Z');
const FUTURE = { EARLY_BIRD_DEADLINE: '2026-12-31T23:59:59-06:00', WORKSHOP_START: '2027-01-15T20:00:00-06:00', EDITION: '2027-01' };

describe('configWarnings', () => {
  it('says nothing about a consistent, real configuration', () => {
    expect(configWarnings(readConfig({ ...REAL, ...FUTURE }, NOW), NOW)).toEqual([]);
  });

  it('names both variables when the deadline comes after the start, and says the start wins', () => {
    const warnings = configWarnings(readConfig({ ...REAL, EARLY_BIRD_DEADLINE: '2027-02-01T00:00:00-06:00', WORKSHOP_START: FUTURE.WORKSHOP_START }, NOW), NOW);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^EARLY_BIRD_DEADLINE \(2027-02-01T00:00:00-06:00\) is after WORKSHOP_START \(2027-01-15T20:00:00-06:00\): the start wins/);
    expect(warnings[0]).toContain('straight to closed');
  });

  it('says a start in the past means the closed state', () => {
    const warnings = configWarnings(
      readConfig({ ...REAL, EARLY_BIRD_DEADLINE: '2026-10-01T00:00:00-06:00', WORKSHOP_START: '2026-11-01T20:00:00-06:00' }, NOW),
      NOW,
    );
    expect(warnings).toEqual([expect.stringMatching(/^WORKSHOP_START \(2026-11-01T20:00:00-06:00\) has passed: the site shows the closed state/)]);
  });

  it('names each placeholder left at its default, one line each', () => {
    const warnings = configWarnings(readConfig({ ...FUTURE, CHECKOUT_URL: REAL.CHECKOUT_URL }, NOW), NOW);
    expect(warnings).toEqual([
      expect.stringMatching(/^CONTACT_EMAIL is still its placeholder default/),
      expect.stringMatching(/^PUBLIC_URL is still its placeholder default/),
      expect.stringMatching(/^SELLER_NAME is still its placeholder default/),
      expect.stringMatching(/^SELLER_ADDRESS is still its placeholder default/),
      expect.stringMatching(/^TRAINER_NAME is still its placeholder default/),
      'SELLER_PHONE is unset: the pages give buyers no phone, and production refuses to start without one',
    ]);
  });

  it('says which dates were made from the clock, and when they fall, with production’s refusal', () => {
    expect(configWarnings(readConfig({ ...REAL, ...FUTURE, WORKSHOP_START: '' }, NOW), NOW)).toEqual([
      'WORKSHOP_START is unset, so the site shows a sale under way: the workshop starts 2026-12-06T20:00:00-06:00; production refuses to start without it',
      expect.stringMatching(/^EARLY_BIRD_DEADLINE \(2026-12-31T23:59:59-06:00\) is after WORKSHOP_START \(2026-12-06T20:00:00-06:00\): the start wins/),
    ]);
  });

  it('says the edition has no name, and that it is cancelled, each naming the edition', () => {
    expect(configWarnings(readConfig({ ...REAL, ...FUTURE, EDITION: '' }, NOW), NOW)).toEqual([
      'EDITION is unset, so purchases are marked as the edition "prueba": production refuses to start without it',
    ]);
    expect(configWarnings(readConfig({ ...REAL, ...FUTURE, WORKSHOP_CANCELLED: 'true' }, NOW), NOW)).toEqual([
      expect.stringMatching(/^WORKSHOP_CANCELLED is true: the edition "2027-01" is cancelled; the site sells nothing/),
    ]);
  });

  it('gives no settings at all nine warnings: the dates made from the clock first, the edition, then every placeholder', () => {
    const warnings = configWarnings(readConfig({}, NOW), NOW);
    expect(warnings[0]).toBe(
      'WORKSHOP_START and EARLY_BIRD_DEADLINE are unset, so the site shows a sale under way: the workshop starts 2026-12-06T20:00:00-06:00 ' +
        'and the Early Bird ends 2026-11-29T23:59:59-06:00; production refuses to start without them',
    );
    expect(warnings.map((line) => line.split(' ')[0])).toEqual([
      'WORKSHOP_START',
      'EDITION',
      'CHECKOUT_URL',
      'CONTACT_EMAIL',
      'PUBLIC_URL',
      'SELLER_NAME',
      'SELLER_ADDRESS',
      'TRAINER_NAME',
      'SELLER_PHONE',
    ]);
  });
});

describe('buildWarnings', () => {
  const photo = (placeholder: boolean): ResponsivePhoto => ({
    width: 220,
    height: 220,
    sources: { avif: ['/a.avif', '/a2.avif'], webp: ['/a.webp', '/a2.webp'], jpeg: ['/a.jpg', '/a2.jpg'] },
    placeholder,
  });

  it("says when the trainer's photo is still the placeholder, and where the real one goes", () => {
    expect(buildWarnings({ trainerPhoto: photo(true) })).toEqual([expect.stringMatching(/^the trainer's photo is the placeholder .* shared\/images\//)]);
  });

  it("says nothing once the owner's photo is in", () => {
    expect(buildWarnings({ trainerPhoto: photo(false) })).toEqual([]);
  });
});
