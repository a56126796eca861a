/**
 * The buyer's mails' settings: all five or none, with the Payment Link's, and the materials' links only with them;
 * each checked with one line naming the variable and never printing a secret; production refusing a placeholder, the
 * project's own SMTP stand-in, or an SMTP_URL whose query turns TLS off, and allowing a relay on localhost.
 */
import { describe, expect, it } from 'vitest';
import { PRODUCTION_SETTINGS } from '../../scripts/lib/harness';
import { ConfigError, readConfig } from '../../server/config/settings';
import { SMTP_STAND_IN_USER } from '../../server/config/standInSmtpUser';
import { ALLOWED_SMTP_OPTIONS } from '../../server/config/smtpQuery';
import { configWarnings } from '../../server/config/warnings';

/** When the settings are read: only dates left unset depend on it. */
const NOW = Date.parse('2025-09-01T12:00:00-06:00');

const SPOTS = { STRIPE_SECRET_KEY: 'rk_live_configtestkey123', STRIPE_PAYMENT_LINK: 'plink_1ConfigTest' };
const MAIL = {
  STRIPE_WEBHOOK_SECRET: 'whsec_configtestsecret123456',
  SMTP_URL: 'smtps://resend:re_secretpassword123@smtp.resend.com:465',
  MAIL_FROM: 'Valeria Montes <hola@mi-marca.mx>',
  MEETING_URL: 'https://meet.google.com/abc-defg-hij',
  ACCESS_SECRET: 'config-test-access-secret-0123456789abcdef',
};
const production = { NODE_ENV: 'production', ...PRODUCTION_SETTINGS, ...SPOTS };
const message = (env: Record<string, string>): string => {
  try {
    readConfig(env, NOW);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('readConfig accepted it');
};

describe("the buyer's mails' settings", () => {
  it('are off without any of them, as the site was before', () => {
    expect(readConfig({}, NOW).fulfilment).toBeNull();
    expect(readConfig(SPOTS, NOW).fulfilment).toBeNull();
  });

  it('read all five, the secrets behind functions so printing the settings prints none', () => {
    const config = readConfig({ ...SPOTS, ...MAIL }, NOW);
    const fulfilment = config.fulfilment;
    expect(fulfilment?.webhookSecret()).toBe(MAIL.STRIPE_WEBHOOK_SECRET);
    expect(fulfilment?.smtpUrl()).toBe(MAIL.SMTP_URL);
    expect(fulfilment?.meetingUrl()).toBe(MAIL.MEETING_URL);
    expect(fulfilment?.accessSecret()).toBe(MAIL.ACCESS_SECRET);
    expect(fulfilment?.materials()).toEqual({ recording: null, formula: null, gpt: null, hooks: null });
    expect(fulfilment?.sweepSeconds).toBe(60);
    expect(fulfilment?.mailFrom).toEqual({ name: 'Valeria Montes', address: 'hola@mi-marca.mx' });
    expect(fulfilment?.stripe.paymentLink).toBe(SPOTS.STRIPE_PAYMENT_LINK);
    const printed = JSON.stringify(config);
    for (const secret of ['whsec_configtestsecret', 're_secretpassword', 'abc-defg-hij', SPOTS.STRIPE_SECRET_KEY, 'config-test-access-secret']) {
      expect(printed).not.toContain(secret);
    }
    expect(readConfig({ ...SPOTS, ...MAIL, MAIL_FROM: 'hola@mi-marca.mx' }, NOW).fulfilment?.mailFrom).toEqual({ name: null, address: 'hola@mi-marca.mx' });
  });

  it('refuse some without the others, naming what is missing', () => {
    expect(message({ ...SPOTS, SMTP_URL: MAIL.SMTP_URL })).toBe(
      "SMTP_URL is set but STRIPE_WEBHOOK_SECRET, MAIL_FROM, MEETING_URL, ACCESS_SECRET are not: the buyer's mails need all of STRIPE_WEBHOOK_SECRET, SMTP_URL, MAIL_FROM, MEETING_URL, ACCESS_SECRET, or none",
    );
    const { MEETING_URL: _left, ...four } = MAIL;
    expect(message({ ...SPOTS, ...four })).toMatch(/^STRIPE_WEBHOOK_SECRET, SMTP_URL, MAIL_FROM, ACCESS_SECRET are set but MEETING_URL is not/);
    expect(message(MAIL)).toMatch(/but STRIPE_SECRET_KEY and STRIPE_PAYMENT_LINK are not: the buyer's mails read each purchase at the Payment Link$/);
    expect(message({ ...SPOTS, RECORDING_URL: 'https://videos.example.org/grabacion' })).toBe(
      "RECORDING_URL is set but the buyer's mails are not: set STRIPE_WEBHOOK_SECRET, SMTP_URL, MAIL_FROM, MEETING_URL, ACCESS_SECRET too",
    );
  });

  it.each([
    ['STRIPE_WEBHOOK_SECRET', 'sk_live_notawebhooksecret', 'whsec_'],
    ['SMTP_URL', 'https://user:hunter2secret@smtp.example.net', 'smtp://'],
    ['SMTP_URL', 'smtp://user:hunter2secret@', 'smtp://'],
    ['MEETING_URL', 'http://meet.google.com/abc-defg-hij', 'https'],
    ['ACCESS_SECRET', 'short-secret-of-31-characters-x', 'at least 32 characters'],
    ['ACCESS_SECRET', 'a secret with spaces in it, long enough', 'without spaces'],
    ['RECORDING_URL', 'http://videos.example.org/grabacion-secreta', 'https'],
    ['RECORDING_URL', `https://videos.example.org/${'g'.repeat(480)}`, 'at most 500 characters'],
    ['GPT_URL', 'chatgpt.com/g/g-secreto', 'https'],
  ])('refuse a bad %s in one line naming it, without its value', (variable, value, expected) => {
    const text = message({ ...SPOTS, ...MAIL, [variable]: value });
    expect(text).toMatch(new RegExp(`^Invalid ${variable}: expected .*${expected}.*; the value is not shown$`));
    expect(text).not.toContain(value);
    expect(text.split('\n')).toHaveLength(1);
  });

  it('refuse a MAIL_FROM that is not an address, naming it', () => {
    expect(message({ ...SPOTS, ...MAIL, MAIL_FROM: 'Valeria' })).toMatch(/^Invalid MAIL_FROM: expected an address like hola@mi-marca\.mx/);
  });

  it.each([
    ['SMTP_URL', 'smtp://user:pass@smtp.example.com:587', /^Invalid SMTP_URL: expected a real mail server with NODE_ENV=production/],
    ['SMTP_URL', `smtp://${SMTP_STAND_IN_USER}:stand-in-password@127.0.0.1:2525`, /^Invalid SMTP_URL: expected a real mail server with NODE_ENV=production/],
    ['MAIL_FROM', 'hola@example.com', /^Invalid MAIL_FROM: expected an address of a real domain with NODE_ENV=production/],
    ['MEETING_URL', 'https://meet.example.org/taller', /^Invalid MEETING_URL: expected a real join link with NODE_ENV=production/],
  ])('in production, refuse a placeholder or the stand-in in %s', (variable, value, expected) => {
    expect(readConfig({ ...SPOTS, ...MAIL, [variable]: value }, NOW).fulfilment).not.toBeNull();
    expect(message({ ...production, ...MAIL, [variable]: value })).toMatch(expected);
  });

  it('in production, accept a relay on localhost (a sidecar) and a real provider', () => {
    expect(readConfig({ ...production, ...MAIL }, NOW).fulfilment).not.toBeNull();
    expect(readConfig({ ...production, ...MAIL, SMTP_URL: 'smtp://127.0.0.1:25' }, NOW).fulfilment?.smtpUrl()).toBe('smtp://127.0.0.1:25');
    expect(readConfig({ ...production, ...MAIL, SMTP_URL: 'smtp://localhost:25' }, NOW).fulfilment).not.toBeNull();
  });

  it.each([
    ['smtp://user:secretpass@smtp.resend.com:587?ignoreTLS=true', 'ignoreTLS'],
    ['smtp://user:secretpass@smtp.resend.com:587?requireTLS=false', 'requireTLS'],
    ['smtp://user:secretpass@smtp.resend.com:587?opportunisticTLS=true', 'opportunisticTLS'],
    ['smtps://user:secretpass@smtp.resend.com:465?secure=false', 'secure'],
    ['smtps://user:secretpass@smtp.resend.com:465?tls.rejectUnauthorized=false', 'tls.rejectUnauthorized'],
    // What nodemailer reads as false: an empty value, a zero however written.
    ['smtp://user:secretpass@smtp.resend.com:587?requireTLS=', 'requireTLS'],
    ['smtp://user:secretpass@smtp.resend.com:587?requireTLS=0.0', 'requireTLS'],
    ['smtps://user:secretpass@smtp.resend.com:465?tls.rejectUnauthorized=', 'tls.rejectUnauthorized'],
    // Its own log: addresses and the whole conversation.
    ['smtps://user:secretpass@smtp.resend.com:465?logger=true', 'logger'],
    ['smtps://user:secretpass@smtp.resend.com:465?debug=true&socketTimeout=20000', 'debug'],
  ])('in production, refuse an SMTP_URL whose query sets anything but the options it allows, as they allow it (%s)', (url, option) => {
    expect(readConfig({ ...SPOTS, ...MAIL, SMTP_URL: url }, NOW).fulfilment?.smtpUrl()).toBe(url);
    const text = message({ ...production, ...MAIL, SMTP_URL: url });
    expect(text).toBe(
      `Invalid SMTP_URL: with NODE_ENV=production its query may set only ${ALLOWED_SMTP_OPTIONS.join(', ')}, but it sets ${option}; the rest of the value is not shown`,
    );
    expect(text).not.toContain('secretpass');
  });

  it('in production, take the timeouts, the name, the login method and TLS as strict as can be', () => {
    const url = 'smtps://user:secretpass@smtp.resend.com:465?socketTimeout=20000&name=taller.example.org&authMethod=LOGIN&tls.minVersion=TLSv1.3';
    expect(readConfig({ ...production, ...MAIL, SMTP_URL: url }, NOW).fulfilment?.smtpUrl()).toBe(url);
  });

  it('read SWEEP_SECONDS from 10 to 240 seconds: at most four minutes, so a reminder goes within five', () => {
    expect(readConfig({ ...SPOTS, ...MAIL, SWEEP_SECONDS: '240' }, NOW).fulfilment?.sweepSeconds).toBe(240);
    expect(message({ ...SPOTS, ...MAIL, SWEEP_SECONDS: '300' })).toBe('Invalid SWEEP_SECONDS: expected an integer from 10 to 240, got "300"');
    expect(message({ ...SPOTS, ...MAIL, SWEEP_SECONDS: '5' })).toBe('Invalid SWEEP_SECONDS: expected an integer from 10 to 240, got "5"');
  });

  it('warn at start when the recording is set but a material it announces is not', () => {
    const at = Date.parse('2025-01-01T00:00:00Z');
    const recording = { RECORDING_URL: 'https://videos.example.org/grabacion', GPT_URL: 'https://chatgpt.com/g/g-taller' };
    expect(configWarnings(readConfig({ ...SPOTS, ...MAIL, ...recording }, NOW), at).filter((line) => line.startsWith('RECORDING_URL'))).toEqual([
      "RECORDING_URL is set but FORMULA_URL, HOOKS_URL are not: the recording mail waits until every link it announces is set, and the buyer's page says each missing one comes by mail",
    ]);
    expect(configWarnings(readConfig({ ...SPOTS, ...MAIL, GPT_URL: recording.GPT_URL }, NOW), at).join('\n')).not.toContain('RECORDING_URL');
  });

  it('warn at start when the spots are counted but nobody is told the join link', () => {
    const warnings = configWarnings(readConfig(SPOTS, NOW), Date.parse('2025-01-01T00:00:00Z'));
    expect(warnings.filter((line) => line.includes("buyer's mails"))).toEqual([
      "STRIPE_PAYMENT_LINK is set but the buyer's mails are not (STRIPE_WEBHOOK_SECRET, SMTP_URL, MAIL_FROM, MEETING_URL, ACCESS_SECRET): nothing tells buyers the join link; send it to each by hand (docs/fulfilment.md)",
    ]);
    expect(configWarnings(readConfig({ ...SPOTS, ...MAIL }, NOW), Date.parse('2025-01-01T00:00:00Z')).join('\n')).not.toContain("buyer's mails");
  });
});
