/**
 * Every page, in every state of the sale, the page after the checkout and the personal link in each of their states,
 * and each mail's HTML part, checked by the Nu Html Checker (vnu-jar, the W3C's validator):
 * no error and no warning (its "info" notes are neither).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PriceFeed, SpotsFeed } from '../../server/spots/poller';
import { pricing } from '../../shared/content/landingPageWords';
import { spotsFrom } from '../../shared/logic/spots';
import { DEFAULT_DEADLINE_MS, TEST_START_MS, testApp } from '../helpers/testApp';
import { buyerInvite } from '../../server/fulfilment/mail/buyerInvite';
import { mailMessages } from '../../server/fulfilment/mail/mailMessages';
import { MAIL_KINDS, readRecord } from '../../server/fulfilment/records/purchaseRecord';
import { journeyTimeline } from '../../shared/logic/journey';
import { isoInWorkshopZone } from '../../shared/logic/schedule';
import { refundLinkMail } from '../../shared/content/refundLinkMailWords';
import { accessPathOf, accessUrlOf, PUBLIC_URL, parsedMails, type Rig, refundLinkIn, startRig } from '../helpers/fulfilment';

/** The checker itself, from the npm package (its own entry would look for Java to download). */
const vnu = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');
const dir = mkdtempSync(path.join(tmpdir(), 'taller-vnu-'));
/** The Stripe stand-in and an SMTP server, for the page after the checkout in each of its states. */
let rig: Rig;
beforeAll(async () => {
  rig = await startRig();
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await rig.close();
});

/** /gracias and /acceso/… in each state, and each mail's HTML part: written beside the pages for the one run. */
async function afterTheCheckout(): Promise<string[]> {
  const files: string[] = [];
  const write = (name: string, html: string) => {
    const file = path.join(dir, `${name}.html`);
    writeFileSync(file, html);
    files.push(file);
  };
  const expired = rig.stripe.checkout.createSession('voucher');
  rig.stripe.checkout.expireVoucher(expired);
  const states = [
    ['thanks-paid', rig.stripe.checkout.createSession('paid'), 200],
    ['thanks-pending', rig.stripe.checkout.createSession('voucher'), 200],
    ['thanks-expired', expired, 200],
    ['thanks-not-found', rig.stripe.checkout.createSession('other_link'), 404],
    ['thanks-unavailable', rig.stripe.checkout.createSession('paid'), 503],
  ] as const;
  for (const [name, sessionId, status] of states) {
    rig.stripe.setFault(status === 503 ? 'server_error' : null);
    const res = await request(testApp({ env: rig.env() }).app).get(`/gracias?session_id=${sessionId}`);
    expect(res.status, name).toBe(status);
    write(name, res.text);
  }
  rig.stripe.setFault(null);
  // Paid once the workshop had ended: the page says it is refunded.
  const lateAtMs = journeyTimeline(TEST_START_MS).endMs + 60_000;
  const late = await request(testApp({ now: lateAtMs + 60_000, env: rig.env() }).app).get(
    `/gracias?session_id=${rig.stripe.checkout.createSession('paid', { atMs: lateAtMs })}`,
  );
  expect(late.status, 'thanks-late').toBe(200);
  write('thanks-late', late.text);
  const paid = rig.stripe.checkout.createSession('paid', { atMs: TEST_START_MS - 2 * 86_400_000 });
  const refunded = rig.stripe.checkout.createSession('paid');
  rig.stripe.checkout.refund(refunded);
  const links = { RECORDING_URL: 'https://videos.example.org/grabacion', FORMULA_URL: 'https://files.example.org/formula.pdf' };
  // Two instances, with the materials' links and without, each on a clock the visits move.
  let now = TEST_START_MS;
  const bare = testApp({ now: () => now, env: rig.env() }).app;
  const withLinks = testApp({ now: () => now, env: { ...rig.env(), ...links } }).app;
  const visits = [
    ['access-before', bare, paid, TEST_START_MS - 86_400_000, 200],
    ['access-after', withLinks, paid, TEST_START_MS + 86_400_000, 200],
    ['access-after-nothing-yet', bare, paid, TEST_START_MS + 86_400_000, 200],
    ['access-after-recording-ended', withLinks, paid, TEST_START_MS + 60 * 86_400_000, 200],
    ['access-ended', bare, refunded, TEST_START_MS - 86_400_000, 403],
    ['access-not-found', bare, `${paid}x`, TEST_START_MS, 404],
  ] as const;
  for (const [name, app, sessionId, at, status] of visits) {
    now = at;
    const res = await request(app).get(accessPathOf(sessionId));
    expect(res.status, name).toBe(status);
    write(name, res.text);
  }
  // After a new date (the confirmation went for the day before): the notice and its refund, then the confirmation step,
  // then the page once it is asked for; and a cancelled edition's page, and its /gracias.
  const moved = { ...rig.env(), WORKSHOP_START: isoInWorkshopZone(TEST_START_MS + 7 * 86_400_000) };
  now = TEST_START_MS - 3 * 86_400_000;
  await testApp({ now: () => now, env: rig.env() }).sweep();
  const changedApp = testApp({ now: () => now, env: moved });
  const changed = changedApp.app;
  const changedPage = await request(changed).get(accessPathOf(paid));
  expect(changedPage.status, 'access-changed').toBe(200);
  write('access-changed', changedPage.text);
  const step = await request(changed).get(`${accessPathOf(paid)}/reembolso`);
  expect(step.status, 'access-refund-confirm').toBe(200);
  write('access-refund-confirm', step.text);
  const proof = /name="confirmacion" value="([^"]+)"/.exec(step.text)?.[1] ?? '';
  // The step's POST mails the link that confirms: the answer, the mail, the link's page, its POST's answer, a link spent.
  const mailSent = await request(changed)
    .post(`${accessPathOf(paid)}/reembolso`)
    .type('form')
    .send({ confirmacion: proof });
  expect(mailSent.status, 'access-refund-mail-sent').toBe(200);
  write('access-refund-mail-sent', mailSent.text);
  const linkMail = (await parsedMails(rig)).find((mail) => mail.subject === refundLinkMail.subject);
  write('mail-refund-link', typeof linkMail?.html === 'string' ? linkMail.html : '');
  const link = refundLinkIn(linkMail) ?? '';
  const linkPage = await request(changed).get(link);
  expect(linkPage.status, 'access-refund-link').toBe(200);
  write('access-refund-link', linkPage.text);
  const started = await request(changed).post(link).type('form').send({ confirmar: 'si' });
  expect(started.status, 'access-refund-started').toBe(200);
  write('access-refund-started', started.text);
  await changedApp.refundsSettled();
  const withdrawn = await request(changed).get(accessPathOf(paid));
  expect(withdrawn.status, 'access-withdrawn').toBe(200);
  write('access-withdrawn', withdrawn.text);
  now += 2 * 60 * 60_000;
  const spent = await request(changed).get(link);
  expect(spent.status, 'access-refund-link-spent').toBe(410);
  write('access-refund-link-spent', spent.text);
  const closedStep = await request(changed).get(`${accessPathOf(refunded)}/reembolso`);
  expect(closedStep.status, 'access-refund-closed').toBe(403);
  write('access-refund-closed', closedStep.text);
  const cancelled = testApp({ now: () => now, env: { ...rig.env(), WORKSHOP_CANCELLED: 'true' } });
  const kept = rig.stripe.checkout.createSession('paid', { atMs: TEST_START_MS - 5 * 86_400_000 });
  await cancelled.sweep();
  const cancelledPage = await request(cancelled.app).get(accessPathOf(kept));
  expect(cancelledPage.status, 'access-cancelled').toBe(200);
  write('access-cancelled', cancelledPage.text);
  const cancelledThanks = await request(cancelled.app).get(`/gracias?session_id=${kept}`);
  expect(cancelledThanks.status, 'thanks-cancelled').toBe(200);
  write('thanks-cancelled', cancelledThanks.text);
  const compose = mailMessages({
    invite: buyerInvite({ contactEmail: 'hola@taller.example.org', trainerName: 'Ana Torres Ejemplo' }),
    edition: () => ({ name: 'prueba', startMs: TEST_START_MS, cancelled: false, publicUrl: PUBLIC_URL }),
    accessUrlOf,
    referenceOf: () => 'referencia',
    mailDomain: 'taller.example.org',
  });
  const purchase = {
    sessionId: paid,
    link: 'early_bird',
    standing: 'paid',
    firstName: 'Ana',
    email: 'ana@correo.example.org',
    paymentIntentId: 'pi_123',
    paidAtMs: 0,
    ...readRecord({}),
    refundReason: 'after_end',
    paidInCash: false,
    paid: { minor: 4900, currency: 'usd' },
    metadata: {},
  } as const;
  for (const kind of MAIL_KINDS) write(`mail-${kind}`, compose(purchase, kind, TEST_START_MS, 1).html);
  return files;
}

/** The Early Bird's spots as the checkout last reported them. */
const spotsLeft = (count: number): SpotsFeed => ({ current: () => spotsFrom({ count, limit: 30, active: true }, 30), ready: () => true });

/** The Early Bird priced in pesos by the checkout. */
const PESOS: PriceFeed = { pesoPrice: () => ({ centavos: 89_000 }) };

const WITH_CONTACTS = { SELLER_PHONE: '+52 55 1234 5678', INSTAGRAM_URL: 'https://www.instagram.com/marca' };

const PAGES: { name: string; path: string; now: number; env?: Record<string, string>; spots?: SpotsFeed; price?: PriceFeed; says?: string; status: number }[] =
  [
    { name: 'landing-early-bird', path: '/', now: DEFAULT_DEADLINE_MS - 86_400_000, status: 200 },
    { name: 'landing-early-bird-pesos', path: '/', now: DEFAULT_DEADLINE_MS - 86_400_000, price: PESOS, says: 'price-card__now--pesos', status: 200 },
    {
      name: 'landing-early-bird-spots-left',
      path: '/',
      now: DEFAULT_DEADLINE_MS - 86_400_000,
      spots: spotsLeft(27),
      says: pricing.spotsLeft(3, 30),
      status: 200,
    },
    {
      name: 'landing-early-bird-last-spot',
      path: '/',
      now: DEFAULT_DEADLINE_MS - 86_400_000,
      spots: spotsLeft(29),
      says: pricing.spotsLeft(1, 30),
      status: 200,
    },
    {
      name: 'landing-early-bird-spots-gone',
      path: '/',
      now: DEFAULT_DEADLINE_MS - 86_400_000,
      spots: spotsLeft(30),
      says: pricing.earlyBirdTakenNote,
      status: 200,
    },
    { name: 'landing-normal', path: '/', now: DEFAULT_DEADLINE_MS, status: 200 },
    { name: 'landing-sold-out', path: '/', now: DEFAULT_DEADLINE_MS - 86_400_000, env: { SOLD_OUT: 'true' }, status: 200 },
    { name: 'landing-closed', path: '/', now: TEST_START_MS, status: 200 },
    {
      name: 'landing-cancelled',
      path: '/',
      now: DEFAULT_DEADLINE_MS - 86_400_000,
      env: { WORKSHOP_CANCELLED: 'true' },
      says: pricing.cancelledLabel,
      status: 200,
    },
    { name: 'prompt', path: '/prompt1', now: DEFAULT_DEADLINE_MS, status: 200 },
    // With a phone and a profile, so their links are checked too; production leaves out an unset profile.
    { name: 'terms', path: '/terminos', now: DEFAULT_DEADLINE_MS, env: WITH_CONTACTS, says: 'Promoción Early Bird', status: 200 },
    { name: 'terms-pesos', path: '/terminos', now: DEFAULT_DEADLINE_MS, env: WITH_CONTACTS, price: PESOS, says: '$890 MXN (49 USD)', status: 200 },
    { name: 'refunds', path: '/reembolsos', now: DEFAULT_DEADLINE_MS, env: WITH_CONTACTS, says: 'El reembolso del 100 %', status: 200 },
    { name: 'privacy', path: '/privacidad', now: DEFAULT_DEADLINE_MS, env: WITH_CONTACTS, says: 'Tus derechos ARCO', status: 200 },
    { name: 'not-found', path: '/no-existe', now: DEFAULT_DEADLINE_MS, status: 404 },
    { name: 'outage', path: '/_outage', now: DEFAULT_DEADLINE_MS, status: 503 },
  ];

interface VnuMessage {
  type: string;
  subType?: string;
  url: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

/**
 * One run of the checker for every file: the JVM starts once (C1 only, which halves its work on a run this short;
 * the checker needs a larger thread stack than the JVM's default), off the test's event loop.
 */
async function runVnu(files: string[]): Promise<VnuMessage[]> {
  const child = spawn('java', ['-XX:TieredStopAtLevel=1', '-Xss4m', '-jar', vnu, '--format', 'json', '--also-check-css', ...files], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const [code] = (await Promise.race([
    once(child, 'close'),
    once(child, 'error').then(([error]) => {
      throw new Error(`The Nu Html Checker needs Java (java -jar ${vnu}): ${(error as Error).message}`);
    }),
  ])) as [number | null];
  try {
    return (JSON.parse(stderr) as { messages: VnuMessage[] }).messages;
  } catch {
    throw new Error(`The Nu Html Checker exited ${code} without a report: ${stderr.slice(0, 500)}`);
  }
}

/** What the checker said of each file, by file name without .html: errors and warnings only. */
const found = new Map<string, string[]>();
const checked = new Set<string>();

beforeAll(async () => {
  const files: string[] = [];
  for (const page of PAGES) {
    const res = await request(testApp({ now: page.now, env: page.env, spots: page.spots, price: page.price }).app).get(page.path);
    expect(res.status, page.name).toBe(page.status);
    if (page.says) expect(res.text, page.name).toContain(page.says);
    const file = path.join(dir, `${page.name}.html`);
    writeFileSync(file, res.text);
    files.push(file);
  }
  files.push(...(await afterTheCheckout()));
  // A page with a defect (a duplicate id), to prove the checker really checks.
  const broken = path.join(dir, 'broken.html');
  writeFileSync(broken, '<!DOCTYPE html><html lang="es"><head><title>x</title></head><body><main id="a"></main><p id="a"></p></body></html>');
  files.push(broken);
  for (const file of files) checked.add(path.basename(file, '.html'));
  for (const message of await runVnu(files)) {
    // Errors and warnings; "info" notes (React's `<meta ... />` self-closing slash, say) are neither.
    if (message.type !== 'error' && message.subType !== 'warning') continue;
    const name = path.basename(decodeURIComponent(new URL(message.url).pathname), '.html');
    found.set(name, [
      ...(found.get(name) ?? []),
      `${message.lastLine ?? '?'} ${message.type}${message.subType ? `/${message.subType}` : ''}: ${message.message}`,
    ]);
  }
});

describe('the Nu Html Checker', () => {
  it('reports a defect where there is one: a duplicate id', () => {
    expect(found.get('broken') ?? []).toEqual(expect.arrayContaining([expect.stringContaining('Duplicate ID “a”.')]));
  });

  const names = [
    ...PAGES.map((page) => page.name),
    ...['thanks-paid', 'thanks-pending', 'thanks-expired', 'thanks-late', 'thanks-not-found', 'thanks-unavailable'],
    ...['access-before', 'access-after', 'access-after-nothing-yet', 'access-after-recording-ended', 'access-ended', 'access-not-found'],
    ...['access-changed', 'access-refund-confirm', 'access-withdrawn', 'access-refund-closed', 'access-cancelled', 'thanks-cancelled'],
    ...['access-refund-mail-sent', 'access-refund-link', 'access-refund-started', 'access-refund-link-spent', 'mail-refund-link'],
    ...MAIL_KINDS.map((kind) => `mail-${kind}`),
  ];
  it.each(names)('finds no error and no warning in %s', (name) => {
    expect(checked.has(name)).toBe(true);
    expect(found.get(name) ?? []).toEqual([]);
  });

  it('was given no file that this list leaves unread', () => {
    expect([...checked].filter((name) => name !== 'broken' && !names.includes(name))).toEqual([]);
  });

  it('says nothing of a file it was not given', () => {
    expect([...found.keys()].filter((name) => !checked.has(name))).toEqual([]);
  });
});
