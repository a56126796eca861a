import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * What the panel signs with PANEL_SECRET (docs/security.md): the sign-in link, the session, each form's CSRF token and
 * each change's code. Nothing is kept anywhere: each is checked by its signature and the time it carries, the time
 * always an argument. Pure.
 */

/** A sign-in link works this long after it was mailed. */
export const SIGN_IN_LINK_MS = 15 * 60_000;
/** A session lasts this long after its sign-in, however busy. */
export const SESSION_MS = 12 * 60 * 60_000;
/** A change's code works this long after its preview was shown. */
export const CODE_MS = 15 * 60_000;

/** 128 bits of HMAC-SHA-256 in base64url, as the buyers' links are signed (server/fulfilment/pages/accessToken.ts). */
const SIGNATURE_BYTES = 16;
const signatureOf = (secret: string, purpose: string, payload: string): string =>
  createHmac('sha256', secret).update(`panel-${purpose}:${payload}`).digest().subarray(0, SIGNATURE_BYTES).toString('base64url');

/** Compared in constant time, as written. */
function same(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A random id as the panel writes them: base64url, no dots. */
const ID = /^[A-Za-z0-9_-]{8,64}$/;
const SECONDS = /^\d{1,12}$/;

/** `<id>.<seconds>.<signature>`: an id, when it was made, and the signature of both for one purpose. */
const stamped = (secret: string, purpose: string, id: string, atMs: number): string => {
  const seconds = String(Math.floor(atMs / 1000));
  return `${id}.${seconds}.${signatureOf(secret, purpose, `${id}.${seconds}`)}`;
};

/** What a stamped value holds, once its signature is checked; null for anything this site did not sign for `purpose`. */
function readStamped(secret: string, purpose: string, value: unknown): { id: string; atMs: number } | null {
  if (typeof value !== 'string' || value.length > 200) return null;
  const [id, seconds, signature, ...rest] = value.split('.');
  if (rest.length > 0 || !id || !seconds || !signature || !ID.test(id) || !SECONDS.test(seconds)) return null;
  return same(signature, signatureOf(secret, purpose, `${id}.${seconds}`)) ? { id, atMs: Number(seconds) * 1000 } : null;
}

/** Whether a stamp of `atMs` is still good at `nowMs` for `lifeMs` (a stamp from the future is no good either). */
const fresh = (atMs: number, nowMs: number, lifeMs: number): boolean => atMs <= nowMs + 60_000 && nowMs - atMs < lifeMs;

/** The token of the sign-in link mailed at `atMs`; `nonce` names it, for its once-only claim at Stripe. */
export const signInToken = (secret: string, nonce: string, atMs: number): string => stamped(secret, 'enlace', nonce, atMs);

/** A sign-in link's token: good (its nonce), expired, or not one this site made. */
export function readSignInToken(secret: string, token: unknown, nowMs: number): { nonce: string; atMs: number } | 'expired' | null {
  const read = readStamped(secret, 'enlace', token);
  if (!read) return null;
  return fresh(read.atMs, nowMs, SIGN_IN_LINK_MS) ? { nonce: read.id, atMs: read.atMs } : 'expired';
}

/** The session cookie's value: the sign-in's id (which the changes' record names) and when it began. */
export const sessionValue = (secret: string, signInId: string, atMs: number): string => stamped(secret, 'sesion', signInId, atMs);

/** The session a cookie holds, while it lasts; null otherwise. */
export function readSession(secret: string, value: unknown, nowMs: number): { signInId: string; startedMs: number; endsMs: number } | null {
  const read = readStamped(secret, 'sesion', value);
  return read && fresh(read.atMs, nowMs, SESSION_MS) ? { signInId: read.id, startedMs: read.atMs, endsMs: read.atMs + SESSION_MS } : null;
}

/**
 * A form's CSRF token, bound to what the browser alone holds: the session's id, or before the sign-in the id of the
 * panel's own cookie. A page on another site can read neither, so it cannot write the token.
 */
export const csrfToken = (secret: string, binding: string): string => signatureOf(secret, 'csrf', binding);

export const isCsrfToken = (secret: string, binding: string, given: unknown): boolean => typeof given === 'string' && same(given, csrfToken(secret, binding));

/** The signed id of the cookie a browser holds before it signs in (the sign-in forms' binding). */
export const visitorValue = (secret: string, id: string): string => `${id}.${signatureOf(secret, 'visita', id)}`;

export function readVisitor(secret: string, value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const [id, signature, ...rest] = value.split('.');
  return rest.length === 0 && id && signature && ID.test(id) && same(signature, signatureOf(secret, 'visita', id)) ? id : null;
}

/**
 * The name a sign-in goes by in the changes' record and the log lines: a hash of its id (never the id, which is the
 * session's own), eight hex digits.
 */
export const signInName = (signInId: string): string => createHash('sha256').update(`panel-entrada:${signInId}`).digest('hex').slice(0, 8);

/**
 * The 6-digit code of one preview (`previewId`) for one session: mailed to the owner when the preview is shown, typed
 * into its form. The preview's own signature carries the change it shows, so a code confirms that change alone.
 */
export function changeCode(secret: string, signInId: string, previewId: string): string {
  const digest = createHmac('sha256', secret).update(`panel-codigo:${signInId}:${previewId}`).digest();
  return String(digest.readUInt32BE(0) % 1_000_000).padStart(6, '0');
}

export const isChangeCode = (secret: string, signInId: string, previewId: string, given: unknown): boolean =>
  typeof given === 'string' && /^\d{6}$/.test(given.trim()) && same(given.trim(), changeCode(secret, signInId, previewId));

/** A preview's token: its id, when it was shown, and the change it shows (`change`, as the form sends it), signed. */
export const previewToken = (secret: string, previewId: string, atMs: number, change: string): string => stamped(secret, `vista:${change}`, previewId, atMs);

/** The preview a form's token names for this change, while its code works; null otherwise. */
export function readPreview(secret: string, token: unknown, change: string, nowMs: number): { previewId: string; atMs: number } | 'expired' | null {
  const read = readStamped(secret, `vista:${change}`, token);
  if (!read) return null;
  return fresh(read.atMs, nowMs, CODE_MS) ? { previewId: read.id, atMs: read.atMs } : 'expired';
}
