/**
 * `npm run preflight` against the Stripe stand-in, a real SMTP server and a DNS server on loopback: a launch set up as
 * the docs say passes, mails the owner one sample of each buyer's mail and writes nothing to Stripe; each fault fails
 * alone and is named; nothing it prints holds a secret.
 */
import { networkInterfaces } from 'node:os';
import ICAL from 'ical.js';
import { simpleParser } from 'mailparser';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cancellationMail } from '../../shared/content/cancellationMailWords';
import { confirmation } from '../../shared/content/confirmationMailWords';
import { dateChangeMail } from '../../shared/content/dateChangeMailWords';
import { samplePurchase } from '../../shared/content/preflightSampleWords';
import { recordingMail } from '../../shared/content/recordingMailWords';
import { refundMail } from '../../shared/content/refundMailWords';
import { reminderMails } from '../../shared/content/reminderMailWords';
import { workshopSchedule } from '../../shared/logic/schedule';
import { readConfig } from '../../server/config/settings';
import { MAIL_KINDS } from '../../server/fulfilment/records/purchaseRecord';
import { preflightJson, preflightText } from '../../server/preflight/preflightOutput';
import { preflightFromEnvironment, runPreflight } from '../../server/preflight/runPreflight';
import type { Check } from '../../server/preflight/preflightCheck';
import { ACCESS_SECRET, CONTACT_EMAIL, KEY, MEETING_URL, PUBLIC_URL, WEBHOOK_SECRET } from '../helpers/fulfilment';
import { checkOf, DATES, failed, MAIL_DOMAIN, NOW_MS, type PreflightRig, SMTP_PASSWORD, startPreflightRig } from '../helpers/preflight';
import { testApp } from '../helpers/testApp';
import { startSmtpStandIn } from '../../scripts/lib/smtpStandIn';
import { sampleToken } from '../../server/fulfilment/pages/accessToken';
import { firstRecord, recordMetadata, withChange } from '../../server/sale/saleRecord';
import { environmentValues } from '../../server/sale/saleSettings';

let rig: PreflightRig;
beforeAll(async () => {
  rig = await startPreflightRig();
});
afterAll(() => rig.close());
beforeEach(() => rig.reset());

const preflight = async (env: Record<string, string> = {}, nowMs = NOW_MS, samples = true): Promise<Check[]> =>
  (await preflightFromEnvironment({ ...rig.env(), ...env }, { nowMs, samples })).checks;

/** Each sample's subject as a buyer's mail has it, marked, in the order of MAIL_KINDS; a new date's and a cancellation's name the edition's date. */
const WHEN = workshopSchedule(Date.parse(DATES.WORKSHOP_START)).fullLabel;
const SUBJECTS = [
  confirmation.subject,
  dateChangeMail.subject(WHEN),
  reminderMails.dayBefore.subject,
  reminderMails.hourBefore.subject,
  recordingMail.subject,
  refundMail.subject,
  cancellationMail.subject(WHEN),
].map((subject) => `${samplePurchase.subjectMark} ${subject}`);
/** The samples whose purchase has no access left: a refunded or cancelled place has no personal link. */
const WITHOUT_LINK = ['refund', 'cancellation'];

describe('a launch set up as the docs say', () => {
  it('passes: no check fails, and only reads reached Stripe', async () => {
    const callsBefore = rig.stripe.calls.length;
    const checks = await preflight();
    expect(failed(checks)).toEqual([]);
    const calls = rig.stripe.calls.slice(callsBefore);
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
    expect(rig.stripe.linkUpdates).toEqual([]);
    expect(rig.stripe.checkout.updates).toEqual([]);
    for (const id of [
      'stripe.key',
      'stripe.link.early_bird.redirect',
      'stripe.link.early_bird.url',
      'stripe.webhook',
      'mail.server',
      'mail.dns.spf',
      'mail.dns.dmarc',
    ])
      expect(checkOf(checks, id).status).toBe('ok');
  });

  it('mails CONTACT_EMAIL alone one sample of every kind of buyer mail, marked, whose personal link opens the sample page', async () => {
    const before = rig.smtp.received.length;
    const checks = await preflight();
    const received = rig.smtp.received.slice(before);
    expect(received).toHaveLength(MAIL_KINDS.length);
    for (const kind of MAIL_KINDS) expect(checkOf(checks, `mail.sample.${kind}`).status).toBe('ok');
    expect(received.every((mail) => mail.to.length === 1 && mail.to[0] === CONTACT_EMAIL)).toBe(true);
    const mails = await Promise.all(received.map((mail) => simpleParser(mail.raw)));
    expect(mails.map((mail) => mail.subject)).toEqual(SUBJECTS);
    // Every sample but the refund's and the cancellation's carries the personal link.
    const links = mails.map((mail) => /https:\/\/\S+\/acceso\/[\w.-]+/.exec(mail.text ?? '')?.[0]);
    expect(links.filter((_link, index) => WITHOUT_LINK.includes(MAIL_KINDS[index] ?? ''))).toEqual([undefined, undefined]);
    expect(new Set(links.filter((_link, index) => !WITHOUT_LINK.includes(MAIL_KINDS[index] ?? ''))).size).toBe(1);
    const link = links[0] ?? '';
    expect(link.startsWith(`${PUBLIC_URL}/acceso/muestra.`)).toBe(true);
    expect(mails[0]?.text).toContain(confirmation.greeting(samplePurchase.firstName));
    expect(mails.map((mail) => mail.text ?? '').join('\n')).not.toContain(MEETING_URL);
    const ics = mails[0]?.attachments.find((attachment) => attachment.filename === confirmation.icsFileName);
    const event = new ICAL.Component(ICAL.parse(ics?.content.toString('utf8') ?? '')).getFirstSubcomponent('vevent');
    expect(event?.getFirstPropertyValue('url')?.toString()).toBe(link);

    // The sample page: made-up data, marked, with no call to Stripe, even while the workshop runs.
    const callsBefore = rig.stripe.calls.length;
    const path = link.slice(PUBLIC_URL.length);
    for (const now of [NOW_MS, Date.parse(DATES.WORKSHOP_START) + 60_000]) {
      const { app } = testApp({ now, env: { ...rig.env(), ...DATES } });
      const res = await request(app).get(path);
      expect(res.status).toBe(200);
      expect(res.text).toContain(samplePurchase.pageNote);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.text).not.toContain(MEETING_URL);
      const invite = await request(app).get(`${path}/invitacion.ics`).buffer(true);
      expect(invite.status).toBe(200);
    }
    expect(rig.stripe.calls.length).toBe(callsBefore);
  });

  it('runs each time with new Message-IDs, so a second run is shown too', async () => {
    const before = rig.smtp.received.length;
    await preflight();
    await preflight();
    const ids = (await Promise.all(rig.smtp.received.slice(before).map((mail) => simpleParser(mail.raw)))).map((mail) => mail.messageId);
    expect(new Set(ids).size).toBe(MAIL_KINDS.length * 2);
  });
});

describe("the sale's settings", () => {
  it('says which came from the panel (the record on the Early Bird link) and which from the environment', async () => {
    expect(checkOf(await preflight({}, NOW_MS, false), 'stripe.sale_origin').message).toBe(
      'every value from the environment: no change recorded at Stripe yet',
    );
    // The seller moved the date a week later from her panel two hours ago: in force now, over WORKSHOP_START.
    const first = firstRecord(environmentValues(readConfig(rig.env(), NOW_MS)), 'e1');
    const moved = withChange(first, { kind: 'date', startMs: Date.parse(DATES.WORKSHOP_START) + 7 * 86_400_000 }, 'sesion-1', NOW_MS - 7_200_000, 600_000);
    rig.stripe.setMetadata(recordMetadata(moved, {}));
    const check = checkOf(await preflight({}, NOW_MS, false), 'stripe.sale_origin');
    expect([check.status, check.message]).toEqual([
      'ok',
      "from the panel, in force over the environment's: WORKSHOP_START and EARLY_BIRD_DEADLINE; the rest from the environment",
    ]);
  });
});

describe('the sample link', () => {
  it("opens nothing for another edition's start or another secret: 404, and no call to Stripe", async () => {
    const { app } = testApp({ now: NOW_MS, env: { ...rig.env(), ...DATES } });
    const callsBefore = rig.stripe.calls.length;
    for (const token of [
      sampleToken(ACCESS_SECRET, Date.parse(DATES.WORKSHOP_START) - 86_400_000),
      sampleToken(`${ACCESS_SECRET}x`, Date.parse(DATES.WORKSHOP_START)),
    ]) {
      const res = await request(app).get(`/acceso/${token}`);
      expect(res.status).toBe(404);
      expect(res.text).not.toContain(samplePurchase.pageNote);
    }
    expect(rig.stripe.calls.length).toBe(callsBefore);
  });
});

describe('each fault fails alone, named', () => {
  it('no webhook endpoint at PUBLIC_URL/webhooks/stripe', async () => {
    rig.stripe.account.clearWebhookEndpoints();
    rig.stripe.account.addWebhookEndpoint({ url: 'https://otro.example.org/webhooks/stripe', enabledEvents: ['*'] });
    const checks = await preflight({}, NOW_MS, false);
    expect(failed(checks)).toEqual(['stripe.webhook']);
    expect(checkOf(checks, 'stripe.webhook').message).toContain(`none at ${PUBLIC_URL}/webhooks/stripe`);
  });

  it('an endpoint without the refund event', async () => {
    rig.stripe.account.clearWebhookEndpoints();
    rig.stripe.account.addWebhookEndpoint({
      url: `${PUBLIC_URL}/webhooks/stripe`,
      enabledEvents: [
        'checkout.session.completed',
        'checkout.session.async_payment_succeeded',
        'checkout.session.async_payment_failed',
        'charge.dispute.created',
      ],
    });
    const checks = await preflight({}, NOW_MS, false);
    expect(failed(checks)).toEqual(['stripe.webhook']);
    expect(checkOf(checks, 'stripe.webhook').message).toMatch(/does not send charge\.refunded:/);
  });

  it('a disabled endpoint', async () => {
    rig.stripe.account.clearWebhookEndpoints();
    rig.stripe.account.addWebhookEndpoint({ url: `${PUBLIC_URL}/webhooks/stripe`, enabledEvents: ['*'], status: 'disabled' });
    expect(failed(await preflight({}, NOW_MS, false))).toEqual(['stripe.webhook']);
  });

  it('a redirect without {CHECKOUT_SESSION_ID}', async () => {
    rig.stripe.setLinkFields({ after_completion: { type: 'redirect', redirect: { url: `${PUBLIC_URL}/gracias` } } });
    const checks = await preflight({}, NOW_MS, false);
    expect(failed(checks)).toEqual(['stripe.link.early_bird.redirect']);
    expect(checkOf(checks, 'stripe.link.early_bird.redirect').message).toContain(`${PUBLIC_URL}/gracias?session_id={CHECKOUT_SESSION_ID}`);
  });

  it('CHECKOUT_URL that is not the link the site counts', async () => {
    const checks = await preflight({ CHECKOUT_URL: 'https://buy.stripe.com/test_otroEnlace' }, NOW_MS, false);
    expect(failed(checks)).toEqual(['stripe.link.early_bird.url']);
    expect(checkOf(checks, 'stripe.link.early_bird.url').message).toContain(`set CHECKOUT_URL to ${rig.stripe.link().url}`);
  });

  it('an Early Bird deadline after the start', async () => {
    const checks = await preflight({ EARLY_BIRD_DEADLINE: '2025-10-09T00:00:00-06:00' }, NOW_MS, false);
    expect(failed(checks)).toEqual(['dates.deadline']);
  });

  it('a start already past', async () => {
    const checks = await preflight({}, Date.parse(DATES.WORKSHOP_START) + 86_400_000, false);
    expect(failed(checks)).toEqual(['dates.start']);
    expect(checkOf(checks, 'dates.reminder.day_before').message).toContain('will not be sent');
  });

  it('a workshop cancelled: no launch sells it', async () => {
    const checks = await preflight({ WORKSHOP_CANCELLED: 'true' }, NOW_MS, false);
    expect(failed(checks)).toEqual(['dates.cancelled']);
  });

  it("dates left unset, which a developer's machine makes up from the clock: a warn each, and nothing fails", async () => {
    const checks = await preflight({ WORKSHOP_START: '', EARLY_BIRD_DEADLINE: '' }, NOW_MS, false);
    expect(failed(checks)).toEqual([]);
    for (const name of ['WORKSHOP_START', 'EARLY_BIRD_DEADLINE']) {
      expect(checkOf(checks, `settings.${name}`)).toMatchObject({ status: 'warn', message: expect.stringContaining('production refuses to start') });
    }
  });

  it('a test key in production', async () => {
    const config = readConfig(rig.env(), NOW_MS);
    const checks = await runPreflight({ config, production: true, env: rig.env(), nowMs: NOW_MS, samples: false });
    expect(failed(checks)).toEqual(['stripe.key']);
    expect(checkOf(checks, 'stripe.key').message).toContain('no real buyer can pay');
  });

  it('a mail server that refuses the login (535): no sample goes', async () => {
    rig.smtp.setFault('refuse_login');
    const before = rig.smtp.received.length;
    const checks = await preflight();
    expect(failed(checks)).toEqual(['mail.server']);
    expect(checkOf(checks, 'mail.server').message).toContain('refused the login (EAUTH reply 535)');
    expect(checkOf(checks, 'mail.samples').status).toBe('warn');
    expect(rig.smtp.received.length).toBe(before);
  });

  it('smtp:// to another machine that offers no STARTTLS: no login, no sample', async () => {
    const address = Object.values(networkInterfaces())
      .flat()
      .find((entry) => entry?.family === 'IPv4' && !entry.internal)?.address;
    if (!address) throw new Error('this test needs a network interface besides loopback (an IPv4 address)');
    const stripped = await startSmtpStandIn({ host: address });
    try {
      const checks = await preflight({ SMTP_URL: stripped.url() });
      expect(failed(checks)).toEqual(['mail.server']);
      expect(checkOf(checks, 'mail.server').message).toMatch(/^no STARTTLS at .+ \(ETLS reply 500\), so the password was not sent/);
      expect(stripped.logins).toBe(0);
      expect(stripped.received).toHaveLength(0);
    } finally {
      await stripped.close();
    }
  });

  it('a sending domain without SPF: a warn saying what to add, and nothing else changes', async () => {
    const ready = await preflight({}, NOW_MS, false);
    rig.dns.setRecords({
      mx: { [MAIL_DOMAIN]: [{ exchange: `mx.${MAIL_DOMAIN}`, preference: 10 }] },
      txt: { [`_dmarc.${MAIL_DOMAIN}`]: ['v=DMARC1; p=none'] },
    });
    const checks = await preflight({}, NOW_MS, false);
    const changed = checks.filter((check, index) => check.status !== ready[index]?.status).map((check) => check.id);
    expect(changed).toEqual(['mail.dns.spf']);
    expect(checkOf(checks, 'mail.dns.spf')).toMatchObject({ status: 'warn', message: expect.stringContaining(`add a TXT record at ${MAIL_DOMAIN}`) });
    expect(rig.dns.questions).toContain(`TXT _dmarc.${MAIL_DOMAIN}`);
  });

  it('a meeting link with a typo', async () => {
    const checks = await preflight({ MEETING_URL: 'https://meet.google.com/abc-defg-hi' }, NOW_MS, false);
    expect(failed(checks)).toEqual(['meeting.url']);
  });

  it('an ACCESS_SECRET of one character repeated', async () => {
    expect(failed(await preflight({ ACCESS_SECRET: 'a'.repeat(48) }, NOW_MS, false))).toEqual(['links.access_secret']);
  });

  it('a Zoom link while the texts say Google Meet, or a service it does not know: warn lines, and the checklist of that service', async () => {
    const zoom = await preflight({ MEETING_URL: 'https://us02web.zoom.us/j/12345678901?pwd=abc' }, NOW_MS, false);
    expect(failed(zoom)).toEqual([]);
    expect(checkOf(zoom, 'meeting.url').status).toBe('ok');
    expect(checkOf(zoom, 'meeting.texts')).toMatchObject({
      status: 'warn',
      message: expect.stringContaining('say Google Meet, but MEETING_URL is a Zoom link'),
    });
    expect(checkOf(zoom, 'meeting.plan')).toMatchObject({ status: 'warn', label: "Host's plan (Zoom)" });
    const unknown = await preflight({ MEETING_URL: 'https://sala.example.org/taller' }, NOW_MS, false);
    expect(checkOf(unknown, 'meeting.url').status).toBe('warn');
    expect(failed(unknown)).toEqual([]);
  });

  it('a key that may not list the webhook endpoints: a warn asking for a check by hand, not a fail', async () => {
    rig.stripe.account.refuse(['webhook_endpoints']);
    const checks = await preflight({}, NOW_MS, false);
    expect(failed(checks)).toEqual([]);
    expect(checkOf(checks, 'stripe.webhook')).toMatchObject({ status: 'warn', message: expect.stringContaining('Webhook Endpoints: Read') });
  });

  it('a key that may not read charges', async () => {
    rig.stripe.account.refuse(['charges']);
    const checks = await preflight({}, NOW_MS, false);
    expect(failed(checks)).toEqual(['stripe.permission.charges']);
    expect(checkOf(checks, 'stripe.permission.charges').message).toContain('Charges: Read');
  });

  it('a normal-price link half set, or unknown to Stripe', async () => {
    // Half set, the server would refuse to start: the one line names both settings.
    const half = await preflight({ STRIPE_NORMAL_PAYMENT_LINK: 'plink_1Normal' }, NOW_MS, false);
    expect(half).toEqual([expect.objectContaining({ id: 'settings.start', status: 'fail', message: expect.stringContaining('NORMAL_CHECKOUT_URL is not') })]);
    const unknown = await preflight({ STRIPE_NORMAL_PAYMENT_LINK: 'plink_1Normal', NORMAL_CHECKOUT_URL: 'https://buy.stripe.com/test_normal' }, NOW_MS, false);
    expect(failed(unknown)).toEqual(['stripe.link.normal.exists']);
  });

  it('settings the server would refuse: one line, naming the setting', async () => {
    const checks = await preflight({ PORT: 'http' });
    expect(checks).toEqual([expect.objectContaining({ id: 'settings.start', status: 'fail', message: expect.stringContaining('Invalid PORT') })]);
  });
});

describe('what it prints', () => {
  const SECRETS = [KEY, SMTP_PASSWORD, WEBHOOK_SECRET, ACCESS_SECRET, MEETING_URL];

  it('never holds the key, the SMTP password or any other secret, passing or failing', async () => {
    const ready = await preflight({}, NOW_MS, false);
    rig.smtp.setFault('refuse_login');
    rig.stripe.setFault('unauthorized');
    const broken = await preflight({}, NOW_MS, false);
    rig.stripe.setFault(null);
    expect(failed(broken)).toEqual(['stripe.access', 'mail.server']);
    for (const checks of [ready, broken]) {
      const printed = preflightText(checks, 'Preflight') + preflightJson(checks);
      for (const secret of SECRETS) expect(printed).not.toContain(secret);
    }
  });

  it('one aligned line per check, and a verdict', async () => {
    const checks = await preflight({ CHECKOUT_URL: 'https://buy.stripe.com/test_otroEnlace' }, NOW_MS, false);
    const text = preflightText(checks, 'Preflight');
    const lines = text.split('\n').filter((line) => /^ {2}(ok|warn|fail) /.test(line));
    expect(lines).toHaveLength(checks.length);
    const starts = new Set(lines.map((line, index) => line.indexOf(checks[index]?.message ?? '')));
    expect(starts.size).toBe(1);
    expect(text).toMatch(/Not ready: 1 fail, \d+ warn, \d+ ok/);
    expect(JSON.parse(preflightJson(checks))).toMatchObject({ passed: false, counts: { fail: 1 } });
  });
});
