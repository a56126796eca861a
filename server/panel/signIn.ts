import { randomBytes } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { workshop } from '../../shared/content/siteFacts';
import { timeOfDayLabel } from '../../shared/logic/schedule';
import { ROUTES } from '../../shared/routes';
import type { Clock } from '../ops/clock';
import type { Logger } from '../ops/logger';
import type { Claims } from './onceAtStripe';
import type { OwnerMails } from './ownerMail';
import type { PanelGuard } from './panelGuard';
import type { PanelPages } from './panelPages';
import { readSignInToken, SIGN_IN_LINK_MS, signInName, signInToken } from './panelTokens';

/** Sign-in links mailed in an hour, whoever presses the button, across every instance: a flood mails nobody. */
const LINKS_AN_HOUR = 3;
const HOUR_MS = 3_600_000;

export interface SignInOptions {
  secret: string;
  publicUrl: string;
  guard: PanelGuard;
  pages: PanelPages;
  claims: Claims;
  mails: OwnerMails;
  clock: Clock;
  logger: Logger;
}

/** Where a sign-in link's `?aviso=` sends her once it is mailed: the signed-out page says so. */
export const LINK_SENT_NOTICE = 'enlace';

/** An instant's time of day, as the panel and its mails write it: "9:15 p. m. (Ciudad de México)". */
export const clockLabel = (ms: number): string => `${timeOfDayLabel(ms)} ${workshop.zoneShortLabel}`;

/**
 * Signing in without a password (docs/security.md): the signed-out page's button POSTs to /panel/enlace, which mails
 * OWNER_EMAIL a link to /panel/entrar?enlace=<token>, good for SIGN_IN_LINK_MS. Opening it shows one button (a mail
 * scanner that fetches the link spends nothing); its POST claims the link's nonce at Stripe, once for every instance,
 * and only then begins the session. Links mailed are limited to LINKS_AN_HOUR an hour, claimed at Stripe as slots.
 */
export function signInRoutes({ secret, publicUrl, guard, pages, claims, mails, clock, logger }: SignInOptions): {
  requestLink: RequestHandler[];
  linkPage: RequestHandler;
  signIn: RequestHandler[];
  signOut: RequestHandler[];
} {
  const refuse = (_req: Request, res: Response): void => {
    logger.warn({ event: 'panel_refused', reason: 'origin' }, 'a panel form came from elsewhere: nothing done');
    pages.send(res, 403, { state: 'refused' });
  };
  /** The form's token, bound to the browser's own cookie: else nothing is done. */
  const visitorForm = (req: Request, res: Response): string | null => {
    const visitor = guard.visitorOf(req, res);
    if (guard.tokenOk(req, visitor)) return visitor;
    logger.warn({ event: 'panel_refused', reason: 'csrf' }, 'a panel form without its token: nothing done');
    pages.send(res, 403, { state: 'refused' });
    return null;
  };

  return {
    requestLink: [
      ...guard.form(refuse),
      async (req, res) => {
        if (!visitorForm(req, res)) return;
        const nowMs = clock();
        const hour = Math.floor(nowMs / HOUR_MS);
        const slot = await claims.slot('enlaces', String(hour), LINKS_AN_HOUR);
        if (slot === 'unknown') {
          logger.warn({ event: 'panel_sign_in', step: 'link', outcome: 'stripe_unavailable' }, 'no sign-in link mailed: Stripe did not answer');
          return pages.send(res, 503, { state: 'unavailable' });
        }
        if (!slot) {
          logger.warn({ event: 'panel_sign_in', step: 'link', outcome: 'too_many' }, 'no sign-in link mailed: this hour has had its links');
          return pages.send(res, 429, { state: 'too_many', untilLabel: clockLabel((hour + 1) * HOUR_MS) });
        }
        const token = signInToken(secret, randomBytes(16).toString('base64url'), nowMs);
        const url = `${publicUrl}${ROUTES.panelSignIn.path}?enlace=${encodeURIComponent(token)}`;
        try {
          await mails.signIn({ url, untilLabel: clockLabel(nowMs + SIGN_IN_LINK_MS) });
        } catch {
          logger.warn({ event: 'panel_sign_in', step: 'link', outcome: 'mail_failed' }, 'no sign-in link mailed: the mail server refused it');
          return pages.send(res, 503, { state: 'unavailable' });
        }
        logger.info({ event: 'panel_sign_in', step: 'link', outcome: 'sent' }, 'sign-in link mailed to the owner');
        res.redirect(303, `${ROUTES.panel.path}?aviso=${LINK_SENT_NOTICE}`);
      },
    ],
    linkPage(req, res) {
      const visitor = guard.visitorOf(req, res);
      const token = req.query.enlace;
      const read = readSignInToken(secret, token, clock());
      if (read === null || read === 'expired' || typeof token !== 'string') {
        return pages.send(res, read === 'expired' ? 410 : 404, { state: 'link_spent', csrf: guard.csrfFor(visitor) });
      }
      pages.send(res, 200, { state: 'confirm', csrf: guard.csrfFor(visitor), token });
    },
    signIn: [
      ...guard.form(refuse),
      async (req, res) => {
        const visitor = visitorForm(req, res);
        if (!visitor) return;
        const read = readSignInToken(secret, (req.body as Record<string, unknown>).enlace, clock());
        if (read === null || read === 'expired') {
          logger.warn({ event: 'panel_sign_in', step: 'enter', outcome: read ?? 'forged' }, 'sign-in refused: the link is not good');
          return pages.send(res, read === 'expired' ? 410 : 404, { state: 'link_spent', csrf: guard.csrfFor(visitor) });
        }
        const claimed = await claims.claim('entrada', read.nonce);
        if (claimed === 'unknown') {
          logger.warn({ event: 'panel_sign_in', step: 'enter', outcome: 'stripe_unavailable' }, 'sign-in not completed: Stripe did not answer');
          return pages.send(res, 503, { state: 'unavailable' });
        }
        if (claimed === 'taken') {
          logger.warn({ event: 'panel_sign_in', step: 'enter', outcome: 'spent' }, 'sign-in refused: the link was used already');
          return pages.send(res, 410, { state: 'link_spent', csrf: guard.csrfFor(visitor) });
        }
        const session = guard.signIn(res, clock());
        logger.info({ event: 'panel_sign_in', step: 'enter', outcome: 'signed_in', signIn: signInName(session.signInId) }, 'the owner signed in to the panel');
        res.redirect(303, ROUTES.panel.path);
      },
    ],
    signOut: [
      ...guard.form(refuse),
      (req, res) => {
        const session = guard.sessionOf(req);
        if (session && !guard.tokenOk(req, session.signInId)) return refuse(req, res);
        guard.signOut(res);
        if (session) logger.info({ event: 'panel_sign_in', step: 'leave', signIn: signInName(session.signInId) }, 'the owner signed out of the panel');
        res.redirect(303, ROUTES.panel.path);
      },
    ],
  };
}
