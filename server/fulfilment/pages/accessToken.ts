import { createHmac, timingSafeEqual } from 'node:crypto';
import { isSessionId } from '../records/sessionId';

/**
 * A buyer's personal link, /acceso/<token> (docs/fulfilment.md): the purchase's Checkout Session id and a signature
 * of it with ACCESS_SECRET, so that the site tells a link it made from a forged, altered or garbled one without asking
 * Stripe. The session id is as much a credential as the token (it opens /gracias, which shows the link), so the token
 * hides nothing by carrying it. Pure.
 */

/** 128 bits of HMAC-SHA-256, in base64url: past guessing, and short enough for a link someone may read aloud. */
const SIGNATURE_BYTES = 16;
const SIGNATURE_CHARS = Math.ceil((SIGNATURE_BYTES * 4) / 3);

const signatureOf = (secret: string, purpose: string, sessionId: string): Buffer =>
  createHmac('sha256', secret).update(`${purpose}:${sessionId}`).digest().subarray(0, SIGNATURE_BYTES);

/** The personal link's token for a purchase. */
export const accessToken = (secret: string, sessionId: string): string => `${sessionId}.${signatureOf(secret, 'acceso', sessionId).toString('base64url')}`;

/** The purchase a token was made for, or null when this site did not make it (checked in constant time). */
export function sessionOfToken(secret: string, token: string): string | null {
  const dot = token.lastIndexOf('.');
  const sessionId = token.slice(0, dot);
  const signature = token.slice(dot + 1);
  if (dot === -1 || !isSessionId(sessionId) || !new RegExp(`^[A-Za-z0-9_-]{${SIGNATURE_CHARS}}$`).test(signature)) return null;
  // Compared as written, not decoded: base64url's last character carries unused bits, and a link that differs in them
  // is not one this site wrote.
  const given = Buffer.from(signature);
  const expected = Buffer.from(signatureOf(secret, 'acceso', sessionId).toString('base64url'));
  return given.length === expected.length && timingSafeEqual(given, expected) ? sessionId : null;
}

/**
 * The proof a refund's POST carries that it came from the confirmation step of this purchase's page, for this start
 * (server/fulfilment/pages/refundAction.ts): whoever has the personal link can make it, as they can open the page, but
 * a form on another site cannot, and one made for another date no longer counts.
 */
export const refundProof = (secret: string, sessionId: string, startMs: number): string =>
  signatureOf(secret, 'reembolso', `${sessionId}@${startMs}`).toString('base64url');

/** Whether a form's value is this purchase's proof for this start (checked in constant time). */
export function isRefundProof(secret: string, sessionId: string, startMs: number, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  const expected = Buffer.from(refundProof(secret, sessionId, startMs));
  const received = Buffer.from(given);
  return received.length === expected.length && timingSafeEqual(received, expected);
}

/**
 * The link mailed to a purchase's own address that confirms its refund (server/fulfilment/pages/refundLink.ts): the
 * personal link's path, then `/reembolso/<code>`, the code being until when it holds (whole seconds, base 36) and a
 * signature of the purchase, the new start and that instant. Only the site makes one, and only to send it to that
 * address: the personal link alone cannot, so whoever holds that link without the buyer's mailbox cannot refund. A code
 * for another start (the date moved again) or past its instant no longer counts. Its key is ACCESS_SECRET's, for
 * another purpose, as every signature here (docs/decisions/0030-a-refund-confirmed-by-mail.md says why no key of its own).
 */
const LINK_PURPOSE = 'confirmar-reembolso';
const LINK_CODE = new RegExp(`^([0-9a-z]{1,9})\\.([A-Za-z0-9_-]{${SIGNATURE_CHARS}})$`);
const linkSignature = (secret: string, sessionId: string, startMs: number, untilSeconds: string): string =>
  signatureOf(secret, LINK_PURPOSE, `${sessionId}@${startMs}@${untilSeconds}`).toString('base64url');

/** The code of a purchase's confirmation link for the start `startMs`, valid until `untilMs` (to the second). */
export function refundLinkCode(secret: string, sessionId: string, startMs: number, untilMs: number): string {
  const untilSeconds = Math.floor(untilMs / 1000).toString(36);
  return `${untilSeconds}.${linkSignature(secret, sessionId, startMs, untilSeconds)}`;
}

/**
 * What a confirmation link's code is at `nowMs`: `valid`; `spent` by time (its hour passed) or by a new start, which
 * its buyer can ask again for; or `malformed`, not a code at all. Checked in constant time.
 */
export function readRefundLinkCode(secret: string, sessionId: string, startMs: number, code: string, nowMs: number): 'valid' | 'spent' | 'malformed' {
  const parts = LINK_CODE.exec(code);
  if (!parts) return 'malformed';
  const [, untilSeconds = '', signature = ''] = parts;
  const given = Buffer.from(signature);
  const expected = Buffer.from(linkSignature(secret, sessionId, startMs, untilSeconds));
  const signed = given.length === expected.length && timingSafeEqual(given, expected);
  return signed && nowMs < parseInt(untilSeconds, 36) * 1000 ? 'valid' : 'spent';
}

/**
 * A stable, opaque reference to a purchase for its mails' Message-IDs: the same for every send of one kind, and
 * telling a mail server's logs nothing that opens the buyer's pages.
 */
export const purchaseReference = (secret: string, sessionId: string): string => signatureOf(secret, 'mensaje', sessionId).toString('hex');

/**
 * The sample personal link's token (`npm run preflight` mails it to the owner): a signature for another purpose, of
 * the edition's start, so it can never be a buyer's token, nor a buyer's token it, and a new WORKSHOP_START retires
 * it. It opens only a page of made-up data: no purchase, no call to Stripe, never the meeting.
 */
const SAMPLE_PREFIX = 'muestra';
export const sampleToken = (secret: string, workshopStartMs: number): string =>
  `${SAMPLE_PREFIX}.${signatureOf(secret, SAMPLE_PREFIX, String(workshopStartMs)).toString('base64url')}`;

/** Whether a token is this edition's sample (checked in constant time). */
export function isSampleToken(secret: string, token: string, workshopStartMs: number): boolean {
  const given = Buffer.from(token);
  const expected = Buffer.from(sampleToken(secret, workshopStartMs));
  return given.length === expected.length && timingSafeEqual(given, expected);
}
