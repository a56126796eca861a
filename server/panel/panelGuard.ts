import { randomBytes } from 'node:crypto';
import express, { type Request, type RequestHandler, type Response } from 'express';
import { CSRF_FIELD } from '../../shared/components/panel/PanelForm';
import type { Clock } from '../ops/clock';
import { isCsrfToken, csrfToken, readSession, readVisitor, sessionValue, SESSION_MS, visitorValue } from './panelTokens';

/** A signed-in session: who signed in (the id the changes' record names), and until when. */
export interface PanelSession {
  signInId: string;
  endsMs: number;
}

export interface PanelGuard {
  /** The request's session, while it lasts; null otherwise. */
  sessionOf(req: Request): PanelSession | null;
  /** The id of the browser's own cookie before it signs in, given one now if it has none: what the sign-in forms are bound to. */
  visitorOf(req: Request, res: Response): string;
  /** The CSRF token of a signed-in page's forms, or of the sign-in forms (bound to the visitor's cookie). */
  csrfFor(binding: string): string;
  /** Begins a session for a sign-in at `atMs`: its cookie. */
  signIn(res: Response, atMs: number): PanelSession;
  signOut(res: Response): void;
  /**
   * What every POST under /panel passes first: a form of a few bytes, sent from this site's own page (its `Origin`),
   * read. Anything else is refused before its body is read, and `refuse` answers it.
   */
  form(refuse: (req: Request, res: Response) => void): RequestHandler[];
  /** Whether the form's CSRF token is the one `binding`'s page carries. */
  tokenOk(req: Request, binding: string | null): boolean;
}

/** The cookies' names: `__Host-` where they are `Secure` (browsers take that prefix only then), plain on a developer's http. */
const cookieNames = (secure: boolean) =>
  secure ? { session: '__Host-taller-panel', visitor: '__Host-taller-panel-visita' } : { session: 'taller-panel', visitor: 'taller-panel-visita' };

/** One cookie's value from the request's Cookie header; null when absent. */
function cookieOf(req: Request, name: string): string | null {
  for (const part of (req.get('cookie') ?? '').split(';')) {
    const equals = part.indexOf('=');
    if (equals !== -1 && part.slice(0, equals).trim() === name) return part.slice(equals + 1).trim();
  }
  return null;
}

/** The panel's forms hold a few short values: anything larger is not one of them. */
const readForm = express.urlencoded({ extended: false, limit: 4096, parameterLimit: 12 });

/** An origin's host, or null for one that is none (`null`, sent where a browser will not say). */
function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

/**
 * The session is a cookie signed with PANEL_SECRET (server/panel/panelTokens.ts): `HttpOnly` (no script reads it),
 * `SameSite=Strict` (no other site's page sends it), `Secure` wherever the site is on https, for SESSION_MS. Nothing is
 * kept on the server, so no instance needs another's memory.
 */
export function panelGuard({ secret, publicUrl, secure, clock }: { secret: string; publicUrl: string; secure: boolean; clock: Clock }): PanelGuard {
  const names = cookieNames(secure);
  const origin = new URL(publicUrl).origin;
  const cookie = { httpOnly: true, secure, sameSite: 'strict', path: '/' } as const;
  /**
   * A browser says where a form was sent from: this site's origin (as PUBLIC_URL names it, or as the request reached
   * it). Without an `Origin`, only a browser's own `Sec-Fetch-Site: same-origin` will do; anything else is refused.
   */
  const fromThisSite = (req: Request): boolean => {
    const from = req.get('origin');
    if (from === undefined) return req.get('sec-fetch-site') === 'same-origin';
    return (from === origin || hostOf(from) === req.get('host')) && [undefined, 'same-origin'].includes(req.get('sec-fetch-site'));
  };
  return {
    sessionOf(req) {
      const session = readSession(secret, cookieOf(req, names.session), clock());
      return session && { signInId: session.signInId, endsMs: session.endsMs };
    },
    visitorOf(req, res) {
      const known = readVisitor(secret, cookieOf(req, names.visitor));
      if (known) return known;
      const id = randomBytes(12).toString('base64url');
      res.cookie(names.visitor, visitorValue(secret, id), cookie);
      return id;
    },
    csrfFor: (binding) => csrfToken(secret, binding),
    signIn(res, atMs) {
      const signInId = randomBytes(12).toString('base64url');
      res.cookie(names.session, sessionValue(secret, signInId, atMs), { ...cookie, maxAge: SESSION_MS });
      return { signInId, endsMs: atMs + SESSION_MS };
    },
    signOut(res) {
      res.clearCookie(names.session, cookie);
    },
    form: (refuse) => [
      (req, res, next) => {
        if (!fromThisSite(req) || !req.is('application/x-www-form-urlencoded')) return refuse(req, res);
        readForm(req, res, next);
      },
    ],
    tokenOk: (req, binding) => binding !== null && isCsrfToken(secret, binding, (req.body as Record<string, unknown> | undefined)?.[CSRF_FIELD]),
  };
}
