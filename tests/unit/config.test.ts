import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { PRODUCTION_SETTINGS } from '../../scripts/lib/harness';
import { ConfigError, DEFAULTS, readConfig } from '../../server/config/settings';
import { saleState } from '../../shared/logic/sale';

/** When the settings are read: only dates left unset depend on it. */
const NOW = Date.parse('2025-09-01T12:00:00-06:00');

const expectError = (env: Record<string, string>, variable: string): void => {
  expect(() => readConfig(env, NOW)).toThrow(ConfigError);
  expect(() => readConfig(env, NOW)).toThrow(new RegExp(`^Invalid ${variable}: expected `));
};

describe('readConfig', () => {
  it('uses the documented defaults when nothing is set', () => {
    const config = readConfig({}, NOW);
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.checkoutUrl).toBe(DEFAULTS.CHECKOUT_URL);
    expect(config.checkoutUrl.startsWith('https://')).toBe(true);
    expect(config.contactEmail).toBe(DEFAULTS.CONTACT_EMAIL);
    // A sale under way from the moment the settings are read (see "the edition's dates" below).
    expect(config.sale).toEqual({
      workshopStartMs: Date.parse('2025-09-15T20:00:00-06:00'),
      earlyBirdDeadlineMs: Date.parse('2025-09-08T23:59:59-06:00'),
      soldOut: false,
      cancelled: false,
    });
    // Unnamed, a developer's edition: production refuses to start without EDITION.
    expect(config.edition).toBe('prueba');
    expect(config.editionUnnamed).toBe(true);
    expect(config.datesFromClock).toEqual(['WORKSHOP_START', 'EARLY_BIRD_DEADLINE']);
    expect(config.placeholders).toEqual(['CHECKOUT_URL', 'CONTACT_EMAIL', 'PUBLIC_URL', 'SELLER_NAME', 'SELLER_ADDRESS', 'TRAINER_NAME']);
    expect(config.unsetForProduction).toEqual(['SELLER_PHONE']);
    expect(config.seller).toEqual({ name: DEFAULTS.SELLER_NAME, address: DEFAULTS.SELLER_ADDRESS, phone: null });
    expect(config.trainerName).toBe('Valeria Montes');
    // Outside production an unset profile is a placeholder link.
    expect(config.social).toEqual([
      { network: 'instagram', url: null },
      { network: 'linkedin', url: null },
    ]);
    expect(config.publicUrl).toBe('http://127.0.0.1:3000');
    expect(config.upgradeInsecureRequests).toBe(false);
    expect(config.logLevel).toBe('info');
    expect(config.shutdownDelaySeconds).toBe(5);
    expect(config.shutdownDrainSeconds).toBe(10);
    expect(config.headersTimeoutSeconds).toBe(10);
  });

  it('treats an empty variable as unset', () => {
    expect(readConfig({ PORT: '' }, NOW).port).toBe(3000);
  });

  it.each([
    ['PORT', '8080', (c: ReturnType<typeof readConfig>) => c.port, 8080],
    ['PORT', '1', (c: ReturnType<typeof readConfig>) => c.port, 1],
    ['PORT', '65535', (c: ReturnType<typeof readConfig>) => c.port, 65535],
    ['HOST', '0.0.0.0', (c: ReturnType<typeof readConfig>) => c.host, '0.0.0.0'],
    ['HOST', '::', (c: ReturnType<typeof readConfig>) => c.host, '::'],
    ['CHECKOUT_URL', 'https://pay.example.org/taller?x=1', (c: ReturnType<typeof readConfig>) => c.checkoutUrl, 'https://pay.example.org/taller?x=1'],
    ['CONTACT_EMAIL', 'ana.lopez@mi-marca.mx', (c: ReturnType<typeof readConfig>) => c.contactEmail, 'ana.lopez@mi-marca.mx'],
    ['WORKSHOP_START', '2026-02-11T19:00:00-06:00', (c: ReturnType<typeof readConfig>) => c.sale.workshopStartMs, Date.parse('2026-02-12T01:00:00Z')],
    ['EARLY_BIRD_DEADLINE', '2026-01-31T23:59:59Z', (c: ReturnType<typeof readConfig>) => c.sale.earlyBirdDeadlineMs, Date.parse('2026-01-31T23:59:59Z')],
    [
      'EARLY_BIRD_DEADLINE',
      '2026-01-31T23:59:59.500+01:00',
      (c: ReturnType<typeof readConfig>) => c.sale.earlyBirdDeadlineMs,
      Date.parse('2026-01-31T22:59:59.500Z'),
    ],
    ['PUBLIC_URL', 'https://taller.example.org/', (c: ReturnType<typeof readConfig>) => c.publicUrl, 'https://taller.example.org'],
    ['PUBLIC_URL', 'http://192.0.2.10:8080', (c: ReturnType<typeof readConfig>) => c.publicUrl, 'http://192.0.2.10:8080'],
    ['SOLD_OUT', 'true', (c: ReturnType<typeof readConfig>) => c.sale.soldOut, true],
    ['SOLD_OUT', 'false', (c: ReturnType<typeof readConfig>) => c.sale.soldOut, false],
    ['UPGRADE_INSECURE_REQUESTS', 'true', (c: ReturnType<typeof readConfig>) => c.upgradeInsecureRequests, true],
    ['UPGRADE_INSECURE_REQUESTS', 'false', (c: ReturnType<typeof readConfig>) => c.upgradeInsecureRequests, false],
    ['LOG_LEVEL', 'warn', (c: ReturnType<typeof readConfig>) => c.logLevel, 'warn'],
    ['LOG_LEVEL', 'silent', (c: ReturnType<typeof readConfig>) => c.logLevel, 'silent'],
    ['SHUTDOWN_DELAY_SECONDS', '0', (c: ReturnType<typeof readConfig>) => c.shutdownDelaySeconds, 0],
    ['SHUTDOWN_DELAY_SECONDS', '300', (c: ReturnType<typeof readConfig>) => c.shutdownDelaySeconds, 300],
    ['SHUTDOWN_DRAIN_SECONDS', '1', (c: ReturnType<typeof readConfig>) => c.shutdownDrainSeconds, 1],
    ['SHUTDOWN_DRAIN_SECONDS', '300', (c: ReturnType<typeof readConfig>) => c.shutdownDrainSeconds, 300],
    ['HEADERS_TIMEOUT_SECONDS', '1', (c: ReturnType<typeof readConfig>) => c.headersTimeoutSeconds, 1],
    ['HEADERS_TIMEOUT_SECONDS', '30', (c: ReturnType<typeof readConfig>) => c.headersTimeoutSeconds, 30],
    ['RESPONSE_TIMEOUT_SECONDS', '1', (c: ReturnType<typeof readConfig>) => c.responseTimeoutSeconds, 1],
    ['RESPONSE_TIMEOUT_SECONDS', '300', (c: ReturnType<typeof readConfig>) => c.responseTimeoutSeconds, 300],
    ['MAX_CONNECTIONS', '100', (c: ReturnType<typeof readConfig>) => c.maxConnections, 100],
    ['MAX_CONNECTIONS', '50000', (c: ReturnType<typeof readConfig>) => c.maxConnections, 50_000],
    ['SELLER_NAME', 'María Pérez López', (c: ReturnType<typeof readConfig>) => c.seller.name, 'María Pérez López'],
    [
      'SELLER_ADDRESS',
      'Av. Insurgentes Sur 1234, Col. Del Valle, 03100 Ciudad de México, México',
      (c: ReturnType<typeof readConfig>) => c.seller.address,
      'Av. Insurgentes Sur 1234, Col. Del Valle, 03100 Ciudad de México, México',
    ],
    ['SELLER_PHONE', '+52 55 1234 5678', (c: ReturnType<typeof readConfig>) => c.seller.phone, '+52 55 1234 5678'],
    ['SELLER_PHONE', '(55) 1234-5678', (c: ReturnType<typeof readConfig>) => c.seller.phone, '(55) 1234-5678'],
    ['TRAINER_NAME', 'Lucía Ramírez', (c: ReturnType<typeof readConfig>) => c.trainerName, 'Lucía Ramírez'],
    ['INSTAGRAM_URL', 'https://www.instagram.com/marca', (c: ReturnType<typeof readConfig>) => c.social[0]?.url, 'https://www.instagram.com/marca'],
    ['LINKEDIN_URL', 'https://www.linkedin.com/in/marca', (c: ReturnType<typeof readConfig>) => c.social[1]?.url, 'https://www.linkedin.com/in/marca'],
  ])('accepts %s=%s', (variable, value, pick, expected) => {
    expect(pick(readConfig({ [variable]: value }, NOW))).toBe(expected);
  });

  it.each([
    ['PORT', '0'],
    ['PORT', '65536'],
    ['PORT', '80a'],
    ['PORT', '-1'],
    ['PORT', '3000.5'],
    ['HOST', 'exa mple'],
    ['HOST', 'host;rm -rf'],
    ['CHECKOUT_URL', 'http://pay.example.org/'],
    ['CHECKOUT_URL', 'pay.example.org'],
    ['CHECKOUT_URL', 'javascript:alert(1)'],
    ['CHECKOUT_URL', '/checkout'],
    ['CONTACT_EMAIL', 'hola'],
    ['CONTACT_EMAIL', 'hola@localhost'],
    ['CONTACT_EMAIL', 'a b@example.com'],
    ['WORKSHOP_START', '2025-09-03T20:00:00'],
    ['WORKSHOP_START', '2025-09-03'],
    ['WORKSHOP_START', 'mañana'],
    ['EARLY_BIRD_DEADLINE', '2025-02-30T23:59:59-06:00'],
    ['EARLY_BIRD_DEADLINE', '1759298399'],
    ['PUBLIC_URL', 'taller.example.org'],
    ['PUBLIC_URL', 'https://taller.example.org/?ref=1'],
    ['PUBLIC_URL', 'ftp://taller.example.org'],
    ['SOLD_OUT', 'yes'],
    ['SOLD_OUT', 'TRUE'],
    ['UPGRADE_INSECURE_REQUESTS', 'yes'],
    ['UPGRADE_INSECURE_REQUESTS', '1'],
    ['LOG_LEVEL', 'verbose'],
    ['LOG_LEVEL', 'INFO'],
    ['SHUTDOWN_DELAY_SECONDS', '301'],
    ['SHUTDOWN_DELAY_SECONDS', '-1'],
    ['SHUTDOWN_DELAY_SECONDS', '2.5'],
    ['SHUTDOWN_DELAY_SECONDS', '5s'],
    ['SHUTDOWN_DRAIN_SECONDS', '0'],
    ['SHUTDOWN_DRAIN_SECONDS', '301'],
    ['HEADERS_TIMEOUT_SECONDS', '0'],
    ['HEADERS_TIMEOUT_SECONDS', '31'],
    ['HEADERS_TIMEOUT_SECONDS', '10s'],
    ['RESPONSE_TIMEOUT_SECONDS', '0'],
    ['RESPONSE_TIMEOUT_SECONDS', '301'],
    ['MAX_CONNECTIONS', '99'],
    ['MAX_CONNECTIONS', '50001'],
    ['MAX_CONNECTIONS', '1e4'],
    ['SELLER_NAME', 'A'],
    ['SELLER_NAME', 'Ana\nTorres'],
    ['SELLER_NAME', 'x'.repeat(121)],
    ['SELLER_ADDRESS', 'CDMX'],
    ['SELLER_ADDRESS', 'Calle 1\tCol. Centro'],
    ['SELLER_PHONE', 'llámame'],
    ['SELLER_PHONE', '1234567'],
    ['SELLER_PHONE', '+52 55 1234 5678 ext. 9'],
    ['TRAINER_NAME', 'L'],
    ['TRAINER_NAME', 'Lucía\nRamírez'],
    ['TRAINER_NAME', 'x'.repeat(81)],
    ['INSTAGRAM_URL', 'http://www.instagram.com/marca'],
    ['INSTAGRAM_URL', 'instagram.com/marca'],
    ['LINKEDIN_URL', 'javascript:alert(1)'],
    ['LINKEDIN_URL', 'https://ana:secreto@www.linkedin.com/in/ana'],
    ['TRUSTED_PROXIES', '10.0.0.0/33'],
    ['TRUSTED_PROXIES', 'ingress.taller.svc'],
  ])('rejects %s=%s with one line naming the variable', (variable, value) => {
    expectError({ [variable]: value }, variable);
    try {
      readConfig({ [variable]: value }, NOW);
    } catch (error) {
      expect((error as Error).message).not.toContain('\n');
      expect((error as Error).message).toContain(JSON.stringify(value));
    }
  });
});

describe('placeholder settings', () => {
  const real = PRODUCTION_SETTINGS;

  it('lists each one left at its default, and none once all are set', () => {
    expect(readConfig({ CHECKOUT_URL: real.CHECKOUT_URL }, NOW).placeholders).toEqual([
      'CONTACT_EMAIL',
      'PUBLIC_URL',
      'SELLER_NAME',
      'SELLER_ADDRESS',
      'TRAINER_NAME',
    ]);
    expect(readConfig(real, NOW).placeholders).toEqual([]);
    // Set explicitly to the placeholder is still the placeholder.
    expect(readConfig({ ...real, CONTACT_EMAIL: DEFAULTS.CONTACT_EMAIL }, NOW).placeholders).toEqual(['CONTACT_EMAIL']);
  });

  it('are refused with NODE_ENV=production, in one line naming every one of them', () => {
    expect(() => readConfig({ NODE_ENV: 'production' }, NOW)).toThrow(
      new ConfigError(
        "NODE_ENV=production needs real values for CHECKOUT_URL, CONTACT_EMAIL, PUBLIC_URL, SELLER_NAME, SELLER_ADDRESS, TRAINER_NAME: they are still the placeholder default; and SELLER_PHONE, which is unset: buyers must be given a phone; and WORKSHOP_START, EARLY_BIRD_DEADLINE, which are unset: the edition's dates are the owner's to set; and EDITION, which is unset: each edition's name is the owner's to set, and a new one for each new edition (docs/operations.md)",
      ),
    );
    // The seller's details alone: production does not sell in a placeholder's name.
    expect(() => readConfig({ NODE_ENV: 'production', ...real, SELLER_NAME: '', SELLER_ADDRESS: DEFAULTS.SELLER_ADDRESS }, NOW)).toThrow(
      /^NODE_ENV=production needs real values for SELLER_NAME, SELLER_ADDRESS: they are still the placeholder default$/,
    );
    expect(() => readConfig({ NODE_ENV: 'production', ...real, PUBLIC_URL: '' }, NOW)).toThrow(
      /^NODE_ENV=production needs real values for PUBLIC_URL: it is still the placeholder default$/,
    );
    expect(readConfig({ NODE_ENV: 'production', ...real }, NOW).placeholders).toEqual([]);
  });

  it("refuse, with NODE_ENV=production, the placeholder trainer and a missing phone, naming each, and take the trainer's name as set", () => {
    expect(() => readConfig({ NODE_ENV: 'production', ...real, TRAINER_NAME: DEFAULTS.TRAINER_NAME }, NOW)).toThrow(
      new ConfigError('NODE_ENV=production needs real values for TRAINER_NAME: it is still the placeholder default'),
    );
    expect(() => readConfig({ NODE_ENV: 'production', ...real, SELLER_PHONE: '' }, NOW)).toThrow(
      new ConfigError('NODE_ENV=production needs SELLER_PHONE, which is unset: buyers must be given a phone'),
    );
    const config = readConfig({ NODE_ENV: 'production', ...real }, NOW);
    expect([config.trainerName, config.seller.phone, config.unsetForProduction]).toEqual([real.TRAINER_NAME, real.SELLER_PHONE, []]);
  });

  it('refuse, with NODE_ENV=production, a PUBLIC_URL that is not https, in one line: every mailed personal link starts with it', () => {
    for (const clear of ['http://taller.example.org', 'http://192.0.2.10:8080', 'HTTP://taller.example.org/']) {
      expect(() => readConfig({ NODE_ENV: 'production', ...real, PUBLIC_URL: clear }, NOW)).toThrow(
        new ConfigError(
          `Invalid PUBLIC_URL: expected an absolute https URL like https://taller.example.com with NODE_ENV=production, got ${JSON.stringify(clear)}`,
        ),
      );
    }
    // Every other link a mail holds is https in any environment: the materials', the checkout's, the profiles'.
    expect(() => readConfig({ NODE_ENV: 'production', ...real, INSTAGRAM_URL: 'http://www.instagram.com/marca' }, NOW)).toThrow(/^Invalid INSTAGRAM_URL/);
    expect(readConfig({ NODE_ENV: 'production', ...real }, NOW).publicUrl).toBe(real.PUBLIC_URL);
    // Outside production a developer's http address is taken.
    expect(readConfig({ ...real, PUBLIC_URL: 'http://taller.example.org' }, NOW).publicUrl).toBe('http://taller.example.org');
  });

  it('leave an unset social link out in production, and keep it as a placeholder elsewhere', () => {
    const linkedin = 'https://www.linkedin.com/in/ana';
    expect(readConfig({ NODE_ENV: 'production', ...real }, NOW).social).toEqual([]);
    expect(readConfig({ NODE_ENV: 'production', ...real, LINKEDIN_URL: linkedin }, NOW).social).toEqual([{ network: 'linkedin', url: linkedin }]);
    expect(readConfig({ LINKEDIN_URL: linkedin }, NOW).social).toEqual([
      { network: 'instagram', url: null },
      { network: 'linkedin', url: linkedin },
    ]);
  });

  it('are allowed outside production, so the first command of the README runs on a fresh machine', () => {
    expect(readConfig({}, NOW).checkoutUrl).toBe(DEFAULTS.CHECKOUT_URL);
    expect(readConfig({ NODE_ENV: 'development' }, NOW).contactEmail).toBe(DEFAULTS.CONTACT_EMAIL);
  });
});

describe("the edition's dates", () => {
  const DAY_MS = 86_400_000;
  /** The instant as Mexico City's wall clock reads it. */
  const inMexicoCity = (ms: number): string => DateTime.fromMillis(ms, { zone: 'America/Mexico_City' }).toFormat("yyyy-MM-dd'T'HH:mm:ss");

  it.each([
    ['a morning', '2031-05-06T09:15:00-06:00', '2031-05-13T23:59:59', '2031-05-20T20:00:00'],
    ['a minute before midnight in Mexico City, already the next day in UTC', '2031-05-06T23:59:00-06:00', '2031-05-13T23:59:59', '2031-05-20T20:00:00'],
    ['the first minute of a day', '2031-12-31T00:00:00-06:00', '2032-01-07T23:59:59', '2032-01-14T20:00:00'],
  ])(
    'unset outside production, put a sale under way at %s: the Early Bird ends a week on, the workshop starts at 8 pm a week later',
    (_, at, deadline, start) => {
      const now = Date.parse(at);
      const { sale } = readConfig({}, now);
      expect([inMexicoCity(sale.earlyBirdDeadlineMs), inMexicoCity(sale.workshopStartMs)]).toEqual([deadline, start]);
      expect(saleState(now, sale)).toBe('early-bird');
      expect(saleState(now + 7 * DAY_MS - 1, sale)).toBe('early-bird');
      expect(saleState(sale.earlyBirdDeadlineMs + 1000, sale)).toBe('normal');
      expect(saleState(sale.workshopStartMs, sale)).toBe('closed');
    },
  );

  it('make up only the one left unset, and none once both are set', () => {
    const now = Date.parse('2031-05-06T09:15:00-06:00');
    const start = readConfig({ WORKSHOP_START: '2031-06-10T19:00:00-06:00' }, now);
    expect(start.datesFromClock).toEqual(['EARLY_BIRD_DEADLINE']);
    expect(inMexicoCity(start.sale.workshopStartMs)).toBe('2031-06-10T19:00:00');
    expect(inMexicoCity(start.sale.earlyBirdDeadlineMs)).toBe('2031-05-13T23:59:59');
    const both = readConfig({ WORKSHOP_START: '2031-06-10T19:00:00-06:00', EARLY_BIRD_DEADLINE: '2031-06-01T23:59:59-06:00' }, now);
    expect(both.datesFromClock).toEqual([]);
    expect(both.sale.earlyBirdDeadlineMs).toBe(Date.parse('2031-06-01T23:59:59-06:00'));
  });

  it('are named by EDITION, refused unset with NODE_ENV=production and checked for a name a metadata value and a UID can hold', () => {
    const { EDITION, ...unnamed } = PRODUCTION_SETTINGS;
    expect(() => readConfig({ NODE_ENV: 'production', ...unnamed }, NOW)).toThrow(
      new ConfigError(
        "NODE_ENV=production needs EDITION, which is unset: each edition's name is the owner's to set, and a new one for each new edition (docs/operations.md)",
      ),
    );
    expect(readConfig({ NODE_ENV: 'production', ...PRODUCTION_SETTINGS }, NOW).edition).toBe(EDITION);
    for (const bad of ['Septiembre', '2025 09', '-2025', 'a'.repeat(41), 'edición']) {
      expect(() => readConfig({ EDITION: bad }, NOW)).toThrow(/^Invalid EDITION: expected the edition's name: 1 to 40 lowercase letters, digits or hyphens/);
    }
    expect(readConfig({ WORKSHOP_CANCELLED: 'true' }, NOW).sale.cancelled).toBe(true);
    expect(() => readConfig({ WORKSHOP_CANCELLED: 'yes' }, NOW)).toThrow(/^Invalid WORKSHOP_CANCELLED: expected true or false/);
  });

  it('are refused unset with NODE_ENV=production, in the one line, naming each one missing', () => {
    const { WORKSHOP_START, EARLY_BIRD_DEADLINE, ...withoutDates } = PRODUCTION_SETTINGS;
    expect(() => readConfig({ NODE_ENV: 'production', ...withoutDates }, NOW)).toThrow(
      new ConfigError("NODE_ENV=production needs WORKSHOP_START, EARLY_BIRD_DEADLINE, which are unset: the edition's dates are the owner's to set"),
    );
    expect(() => readConfig({ NODE_ENV: 'production', ...withoutDates, WORKSHOP_START }, NOW)).toThrow(
      new ConfigError("NODE_ENV=production needs EARLY_BIRD_DEADLINE, which is unset: the edition's dates are the owner's to set"),
    );
    expect(readConfig({ NODE_ENV: 'production', ...withoutDates, WORKSHOP_START, EARLY_BIRD_DEADLINE }, NOW).sale.earlyBirdDeadlineMs).toBe(
      Date.parse(EARLY_BIRD_DEADLINE),
    );
  });
});
