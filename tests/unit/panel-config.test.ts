/**
 * The panel's settings (server/config/settings.ts): PANEL_SECRET turns /panel on, only with the buyer's mails'
 * settings, as a secret of its own (never ACCESS_SECRET's), never printed, and production refuses a guessable one and
 * says at start that it runs without the panel; OWNER_EMAIL is where its mails go, CONTACT_EMAIL where it is unset.
 */
import { describe, expect, it } from 'vitest';
import { PRODUCTION_SETTINGS } from '../../scripts/lib/harness';
import { ConfigError, readConfig } from '../../server/config/settings';
import { configWarnings } from '../../server/config/warnings';

const NOW = Date.parse('2025-09-01T12:00:00-06:00');
const SPOTS = { STRIPE_SECRET_KEY: 'rk_live_configtestkey123', STRIPE_PAYMENT_LINK: 'plink_1ConfigTest' };
const MAIL = {
  STRIPE_WEBHOOK_SECRET: 'whsec_configtestsecret123456',
  SMTP_URL: 'smtps://resend:re_secretpassword123@smtp.resend.com:465',
  MAIL_FROM: 'Valeria Montes <hola@mi-marca.mx>',
  MEETING_URL: 'https://meet.google.com/abc-defg-hij',
  ACCESS_SECRET: 'config-test-access-secret-0123456789abcdef',
};
/** As `openssl rand -base64 48` writes one. */
const STRONG = 'k3J9vQ2mX8pL5tR7wZ1yB4nC6dF0gH2jK5mN8qS1uV4xA7cE9fG3hJ6kL0pR2tW5';
const production = { NODE_ENV: 'production', ...PRODUCTION_SETTINGS, ...SPOTS, ...MAIL };

const message = (env: Record<string, string>): string => {
  try {
    readConfig(env, NOW);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('readConfig accepted it');
};

describe("the panel's settings", () => {
  it('turn the panel on with PANEL_SECRET, its mails to OWNER_EMAIL or else CONTACT_EMAIL, the secret never printed', () => {
    const config = readConfig({ ...SPOTS, ...MAIL, PANEL_SECRET: STRONG, OWNER_EMAIL: 'duena@mi-marca.mx', CONTACT_EMAIL: 'hola@mi-marca.mx' }, NOW);
    expect(config.panel?.secret()).toBe(STRONG);
    expect(config.panel?.ownerEmail).toBe('duena@mi-marca.mx');
    expect(JSON.stringify(config)).not.toContain(STRONG);
    expect(readConfig({ ...SPOTS, ...MAIL, PANEL_SECRET: STRONG, CONTACT_EMAIL: 'hola@mi-marca.mx' }, NOW).panel?.ownerEmail).toBe('hola@mi-marca.mx');
    expect(readConfig({ ...SPOTS, ...MAIL }, NOW).panel).toBeNull();
  });

  it('refuse a PANEL_SECRET without the mails, short, spaced, or the same as ACCESS_SECRET, never quoting it', () => {
    expect(message({ ...SPOTS, PANEL_SECRET: STRONG })).toMatch(/^PANEL_SECRET is set but the buyer's mails are not/);
    for (const weak of ['too-short-secret', `${STRONG.slice(0, 20)} ${STRONG.slice(20)}`, MAIL.ACCESS_SECRET]) {
      const said = message({ ...SPOTS, ...MAIL, PANEL_SECRET: weak });
      expect(said).toMatch(/^Invalid PANEL_SECRET: /);
      expect(said).not.toContain(weak);
    }
    expect(message({ ...SPOTS, ...MAIL, PANEL_SECRET: STRONG, OWNER_EMAIL: 'no es un correo' })).toMatch(/^Invalid OWNER_EMAIL/);
  });

  it('in production, refuse a guessable secret, and run without the panel when it is unset, saying so', () => {
    const guessable = 'ab'.repeat(20);
    expect(readConfig({ ...MAIL, PANEL_SECRET: guessable, ...SPOTS }, NOW).panel).not.toBeNull();
    expect(message({ ...production, PANEL_SECRET: guessable })).toMatch(/^Invalid PANEL_SECRET: too guessable for NODE_ENV=production/);
    expect(readConfig({ ...production, PANEL_SECRET: STRONG }, NOW).panel?.secureCookie).toBe(true);
    const without = readConfig(production, NOW);
    expect(without.panel).toBeNull();
    expect(configWarnings(without, NOW)).toContainEqual(expect.stringMatching(/^PANEL_SECRET is unset, so there is no \/panel/));
  });
});
