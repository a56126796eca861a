/**
 * What the fulfilment tests share: a Stripe stand-in with a Payment Link and its purchases, a real SMTP server, the
 * settings that point the app at both, webhook deliveries signed as Stripe signs them, and the mails as a mail
 * client reads them (mailparser).
 */
import ICAL from 'ical.js';
import { type ParsedMail, simpleParser } from 'mailparser';
import request, { type Response } from 'supertest';
import type { Express } from 'express';
import { type SmtpStandIn, startSmtpStandIn } from '../../scripts/lib/smtpStandIn';
import { sessionEvent, signedEvent } from '../../scripts/lib/stripeCheckoutStandIn';
import { type StripeStandIn, startStripeStandIn } from '../../scripts/lib/stripeStandIn';
import { waitUntil } from '../../scripts/lib/harness';
import { WAIT_BOUND_MS } from '../../scripts/lib/testBudget';
import { accessToken } from '../../server/fulfilment/pages/accessToken';
import { type MailKind, type Mark, readRecord, recordMetadata } from '../../server/fulfilment/records/purchaseRecord';
import { details } from '../../shared/content/landingPageWords';
import { refundLinkMail } from '../../shared/content/refundLinkMailWords';
import { workshop } from '../../shared/content/siteFacts';
import { cityDateTimes } from '../../shared/logic/schedule';
import { TEST_START_MS } from './testApp';

export const KEY = 'rk_test_fulfilmentstandinkey';
export const LINK = 'plink_1FulfilmentEarlyBird';
export const WEBHOOK_SECRET = 'whsec_fulfilmenttestsecret0123456789';
export const MEETING_URL = 'https://meet.google.com/abc-defg-hij';
export const ACCESS_SECRET = 'fulfilment-test-access-secret-0123456789abcdef';
/** The links of the recording and the materials, as the owner sets them after the workshop. */
export const MATERIALS = {
  RECORDING_URL: 'https://videos.example.org/grabacion-del-taller',
  FORMULA_URL: 'https://archivos.example.org/formula.pdf',
  GPT_URL: 'https://chatgpt.com/g/g-taller-marca',
  HOOKS_URL: 'https://archivos.example.org/50-ganchos',
};
export const CONTACT_EMAIL = 'hola@taller.example.org';
/** The test edition's start (tests/helpers/testApp.ts) as pages and mails write it: the date a fact, its zone the content's. */
export const START_IN_WORDS = `miércoles 8 de octubre de 2025, 8:00 p. m. ${workshop.zoneLabel}`;
/** Each city of the content, in order, with that start on its clock, as a buyer's mails write it (tests/unit/city-times.test.ts pins the clocks). */
export const CITY_LINES = cityDateTimes(TEST_START_MS, details.cities).map(({ city, label }) => `- ${city}: ${label}`);
/** The same, as a buyer's pages show them. */
export const CITY_ROWS = cityDateTimes(TEST_START_MS, details.cities).map(({ city, label }) => `${city} ${label}`);
export const PUBLIC_URL = 'https://taller.example.org';

export interface Rig {
  stripe: StripeStandIn;
  smtp: SmtpStandIn;
  /** The app's settings for both, with `smtpOptions` as nodemailer options in SMTP_URL. */
  env(smtpOptions?: Record<string, string | number>): Record<string, string>;
  close(): Promise<void>;
}

/** `clock`: what stamps each mail the SMTP server takes (a test's own clock). */
export async function startRig({ clock }: { clock?: () => number } = {}): Promise<Rig> {
  const stripe = await startStripeStandIn({ key: KEY, linkId: LINK });
  const smtp = await startSmtpStandIn({ clock });
  return {
    stripe,
    smtp,
    env: (smtpOptions) => ({
      CONTACT_EMAIL,
      PUBLIC_URL,
      STRIPE_SECRET_KEY: KEY,
      STRIPE_PAYMENT_LINK: LINK,
      STRIPE_API_URL: stripe.url,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      SMTP_URL: smtp.url(smtpOptions),
      MAIL_FROM: 'Valeria Montes <taller@taller.example.org>',
      MEETING_URL,
      ACCESS_SECRET,
    }),
    async close() {
      await stripe.close();
      await smtp.close();
    },
  };
}

export type EventType = Parameters<typeof sessionEvent>[0];

/** A purchase's personal link as the site makes it, and its path. */
export const accessPathOf = (sessionId: string): string => `/acceso/${accessToken(ACCESS_SECRET, sessionId)}`;
export const accessUrlOf = (sessionId: string): string => `${PUBLIC_URL}${accessPathOf(sessionId)}`;

/** Stripe's delivery of an event about a session, signed at `nowMs` (the app's clock) with `secret`. */
export function signed(rig: Rig, type: EventType, sessionId: string, nowMs: number, secret = WEBHOOK_SECRET) {
  const session = rig.stripe.checkout.session(sessionId);
  if (!session) throw new Error('no such session in the stand-in');
  return signedEvent(sessionEvent(type, session), secret, Math.floor(nowMs / 1000));
}

/** POSTs a signed delivery to the app as Stripe does. */
export const deliver = (app: Express, delivery: { payload: string; signature: string }) =>
  request(app)
    .post('/webhooks/stripe')
    .set('Content-Type', 'application/json; charset=utf-8')
    .set('Stripe-Signature', delivery.signature)
    .send(delivery.payload);

/** The clock a test's app reads, which the test moves. */
export interface TestClock {
  read: () => number;
  set: (ms: number) => void;
}

let buyersMade = 0;
/**
 * A purchase made at `atMs` by a buyer of its own (named `name`, or numbered) and confirmed as the webhook confirms
 * it, on the app's clock set to that moment and put back after: by card, free, or a voucher paid in cash at OXXO; at
 * the rig's Payment Link or at `link`; with the attribution (`reference`) its checkout link carried, if any.
 */
export async function confirmedPurchase(
  rig: Rig,
  app: Express,
  clock: TestClock,
  atMs: number,
  { kind = 'paid', link, name, reference }: { kind?: 'paid' | 'free' | 'cash'; link?: string; name?: string; reference?: string } = {},
): Promise<{ sessionId: string; email: string; firstName: string }> {
  buyersMade += 1;
  const buyer = { name: name ?? `Compradora${buyersMade} Prueba`, email: `compradora${buyersMade}@correo.example.org` };
  const firstName = buyer.name.split(' ')[0] ?? '';
  const sessionId = rig.stripe.checkout.createSession(kind === 'cash' ? 'voucher' : kind, {
    buyer,
    atMs,
    ...(link && { link }),
    ...(reference && { reference }),
  });
  if (kind === 'cash') rig.stripe.checkout.payVoucher(sessionId, atMs);
  const saved = clock.read();
  clock.set(atMs);
  const type = kind === 'cash' ? 'checkout.session.async_payment_succeeded' : 'checkout.session.completed';
  const { status } = await deliver(app, signed(rig, type, sessionId, atMs));
  clock.set(saved);
  if (status !== 200) throw new Error(`the webhook answered ${status} to the purchase's event`);
  return { sessionId, email: buyer.email, firstName };
}

/** The path of the refund's confirmation link a mail carries (its plain text and its HTML name the same), if any. */
export function refundLinkIn(mail: ParsedMail | undefined): string | undefined {
  const inText = /https?:\/\/\S+\/acceso\/[^/\s]+\/reembolso\/[^/\s]+/.exec(mail?.text ?? '')?.[0];
  if (inText && !(typeof mail?.html === 'string' && mail.html.includes(`href="${inText}"`))) throw new Error('the HTML part does not link where the text does');
  return inText && new URL(inText).pathname;
}

/** The path of the refund's confirmation link in the last mail that carried one to `email`, if any. */
export const mailedRefundLink = async (rig: Rig, email: string): Promise<string | undefined> =>
  refundLinkIn((await parsedMails(rig)).filter((mail) => addressOf(mail) === email && mail.subject === refundLinkMail.subject).at(-1));

/** A mail's recipient, as its To header names it. */
export const addressOf = (mail: ParsedMail): string => (mail.to && 'text' in mail.to ? mail.to.text : '');

/** Every mail the SMTP server accepted, parsed as a mail client would. */
export const parsedMails = (rig: Rig): Promise<ParsedMail[]> => Promise.all(rig.smtp.received.map((mail) => simpleParser(mail.raw)));

export const waitForMails = (rig: Rig, count: number): Promise<void> =>
  waitUntil(`${count} mail(s) received`, () => rig.smtp.received.length >= count, WAIT_BOUND_MS, 10);

/** The one VEVENT of an iCalendar text, parsed by ical.js. */
export function veventOf(text: string): ICAL.Component {
  const events = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent');
  if (events.length !== 1) throw new Error(`expected one VEVENT, found ${events.length}`);
  return events[0] as ICAL.Component;
}

/** A response body read as text whatever its type (supertest leaves text/calendar unread). */
export const asText = (res: Response, done: (error: Error | null, body: unknown) => void): void => {
  const stream = res as unknown as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => done(null, Buffer.concat(chunks).toString('utf8')));
};

/** A mail's one calendar invite as a calendar reads it: the METHOD its MIME type says, and its VCALENDAR (ical.js). */
export function inviteOf(mail: ParsedMail | undefined): { mimeMethod: string | undefined; calendar: ICAL.Component; event: ICAL.Component } {
  const [invite, ...more] = (mail?.attachments ?? []).filter((attachment) => attachment.contentType === 'text/calendar');
  if (!invite || more.length > 0) throw new Error('expected one calendar invite');
  const type = invite.headers.get('content-type') as { params?: Record<string, string> } | undefined;
  const text = invite.content.toString('utf8');
  return { mimeMethod: type?.params?.method, calendar: new ICAL.Component(ICAL.parse(text)), event: veventOf(text) };
}

/**
 * Marks a purchase at the stand-in, through Stripe's API, as this release marks one it confirmed for the workshop at
 * `startMs`: a start in force other than that one is then a new date for it.
 */
export async function markConfirmedFor(rig: Rig, sessionId: string, startMs: number): Promise<void> {
  const response = await fetch(`${rig.stripe.url}/v1/checkout/sessions/${sessionId}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ 'metadata[taller_confirmation]': 'sent', 'metadata[taller_confirmation_for]': new Date(startMs).toISOString() }),
  });
  if (response.status !== 200) throw new Error(`the stand-in answered ${response.status}`);
}

/** The record a purchase carries once these mails of its edition went, each at its first attempt (as the site writes it). */
export const sentMarks = (kinds: MailKind[], edition?: string): Record<string, string> =>
  recordMetadata(
    [...(edition ? [{ edition }] : []), ...kinds.map((kind) => ({ mark: kind, status: 'sent' as const, attempt: 1, claim: '', atMs: 0, forMs: null }))],
    {},
  );

/** A mail's mark on a purchase at the stand-in, as the site reads it. */
export const markAt = (rig: Rig, sessionId: string, kind: MailKind): Mark => readRecord(rig.stripe.checkout.metadataOf(sessionId)).marks[kind];
