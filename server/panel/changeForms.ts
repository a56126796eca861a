import { randomBytes } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import type { PreviewView } from '../../shared/components/panel/ChangeReview';
import { panel, panelChanges } from '../../shared/content/panelWords';
import { workshop } from '../../shared/content/siteFacts';
import { type Money, moneyLabel } from '../../shared/logic/money';
import { dateTimeLabel } from '../../shared/logic/schedule';
import { ROUTES } from '../../shared/routes';
import type { Clock } from '../ops/clock';
import type { Logger } from '../ops/logger';
import type { SaleChanges } from '../changes/saleChanges';
import type { ChangePreview } from '../changes/changePreview';
import { type Change, summaryOf } from '../sale/saleChange';
import type { Claims } from './onceAtStripe';
import type { OwnerMails } from './ownerMail';
import type { PanelGuard, PanelSession } from './panelGuard';
import type { PanelPages } from './panelPages';
import { CODE_MS, changeCode, isChangeCode, previewToken, readPreview, signInName } from './panelTokens';
import { clockLabel } from './signIn';

/** Codes mailed in an hour, whoever asks, across every instance: a stolen session cannot flood her mailbox. */
const CODES_AN_HOUR = 6;
/** Tries of one preview's code, across every instance: a guess at a million codes has five. */
const TRIES_PER_CODE = 5;
const HOUR_MS = 3_600_000;

/** Each change's form: the route it posts to and the change's kind. */
const CHANGE_ROUTES = {
  date: ROUTES.panelDate.path,
  close: ROUTES.panelClose.path,
  cancel: ROUTES.panelCancel.path,
  recording: ROUTES.panelRecording.path,
  edition: ROUTES.panelEdition.path,
} as const satisfies Record<Change['kind'], string>;

/** The fields each change's form posts, the ones a preview sends again with its code. */
const FIELDS: Record<Change['kind'], readonly string[]> = {
  date: ['inicio'],
  close: [],
  cancel: [],
  recording: ['url'],
  edition: ['edicion', 'inicio', 'fin_preventa'],
};

/** Where a change's `?aviso=` sends her back to her panel. */
export const CHANGE_NOTICES = { scheduled: 'programado', undone: 'deshecho' } as const;

export interface ChangeFormsOptions {
  secret: string;
  guard: PanelGuard;
  pages: PanelPages;
  changes: SaleChanges;
  claims: Claims;
  mails: OwnerMails;
  /** Her address, half hidden: where the code went. */
  ownerHint: string;
  /** How long a change waits before it takes effect (CHANGE_DELAY_SECONDS). */
  delayMs: number;
  /** Refuses a form with no session or no token (server/panel/panelRoutes.ts), and answers it; else her session. */
  signedForm: (req: Request, res: Response) => PanelSession | null;
  refuse: (req: Request, res: Response) => void;
  clock: Clock;
  logger: Logger;
}

/** An instant as the panel writes it. */
const when = (ms: number): string => `${dateTimeLabel(ms)} ${workshop.zoneShortLabel}`;
const sums = (amounts: readonly Money[]): string | null => (amounts.length === 0 ? null : amounts.map(moneyLabel).join(' · '));

/**
 * The mail's HTML made part of the page: its body as a block (its <main> a <div>, since the page has its own), every
 * style on its element as the mail client gets it. The page's policy allows exactly those styles, by their hashes.
 */
function mailBodyOf(html: string): string {
  const body = /<body( style="[^"]*")?>([\s\S]*)<\/body>/.exec(html);
  const inner = (body?.[2] ?? '')
    .replaceAll('<main', '<div')
    .replaceAll('</main>', '</div>')
    .replaceAll('<h1', '<p role="heading" aria-level="3"')
    .replaceAll('</h1>', '</p>')
    .replaceAll('<h2', '<p role="heading" aria-level="4"')
    .replaceAll('</h2>', '</p>');
  return `<div${body?.[1] ?? ''}>${inner}</div>`;
}

/** A change's fields as its form posts them. */
function fieldsOf(req: Request, kind: Change['kind']): Record<string, string> {
  const body = req.body as Record<string, unknown>;
  return Object.fromEntries(FIELDS[kind].map((name) => [name, typeof body[name] === 'string' ? (body[name] as string).slice(0, 600) : '']));
}

/**
 * The change forms (docs/operations.md): each POST without a code is a preview (what the engine says the change will
 * do, and a 6-digit code mailed to OWNER_EMAIL); the same form with the preview's token and the code records the change
 * (server/changes/saleChanges.ts), in force after the undo window; /panel/deshacer takes it back before then. A code is
 * the session's and the preview's alone, works 15 minutes, once, and takes five tries at most across every instance.
 */
export function changeForms({ secret, guard, pages, changes, claims, mails, ownerHint, delayMs, signedForm, refuse, clock, logger }: ChangeFormsOptions): {
  forms: Record<Change['kind'], RequestHandler[]>;
  undo: RequestHandler[];
} {
  const refused = (res: Response, csrf: string, kind: Change['kind'], summary: string, sentence: string): void =>
    pages.send(res, 409, { state: 'preview', preview: refusedView(csrf, kind, summary, sentence) });

  const previewView = (
    csrf: string,
    kind: Change['kind'],
    fields: Record<string, string>,
    preview: ChangePreview,
    token: string | null,
    codeError: string | null,
  ): PreviewView => ({
    csrf,
    action: CHANGE_ROUTES[kind],
    fields,
    token,
    summary: summaryOf(preview.change),
    refusal: preview.refusal,
    codeError,
    takesEffectLabel: when(preview.takesEffectAtMs),
    delayMinutes: Math.round(delayMs / 60_000),
    buyers: preview.buyers,
    mails: preview.mails.map(({ kind: mail, count }) => ({ label: panel.buyers.mail[mail], count })),
    refunds: {
      count: preview.refunds.count,
      total: sums(preview.refunds.totals),
      byTransfer: preview.refunds.byTransfer,
      bonifications: sums(preview.refunds.bonifications),
    },
    page: preview.page,
    links: preview.links.map((link) => ({ name: panel.places.link[link.role], price: link.price, limit: link.limit })),
    sample: preview.sample && { subject: preview.sample.subject, body: mailBodyOf(preview.sample.html) },
    listedLabel: preview.listedAtMs === null ? null : when(preview.listedAtMs),
    ownerHint,
  });

  const form = (kind: Change['kind']): RequestHandler[] => [
    ...guard.form(refuse),
    async (req, res) => {
      const session = signedForm(req, res);
      if (!session) return;
      const csrf = guard.csrfFor(session.signInId);
      const fields = fieldsOf(req, kind);
      const read = changes.fromForm(kind, fields);
      if ('refused' in read) return refused(res, csrf, kind, panelChanges[kind].title, read.refused);
      const { change } = read;
      const key = JSON.stringify(change);
      const nowMs = clock();
      let preview: ChangePreview;
      try {
        preview = await changes.preview(change, nowMs);
      } catch {
        return pages.send(res, 503, { state: 'unavailable' });
      }
      const body = req.body as Record<string, unknown>;
      if (body.codigo === undefined) {
        if (preview.refusal) return pages.send(res, 409, { state: 'preview', preview: previewView(csrf, kind, fields, preview, null, null) });
        const slot = await claims.slot('codigos', String(Math.floor(nowMs / HOUR_MS)), CODES_AN_HOUR);
        if (slot === 'unknown') return pages.send(res, 503, { state: 'unavailable' });
        if (!slot) return refused(res, csrf, kind, summaryOf(change), panelChanges.code.tooManyMails(clockLabel(Math.ceil(nowMs / HOUR_MS) * HOUR_MS)));
        const previewId = randomBytes(12).toString('base64url');
        try {
          await mails.code({ change: summaryOf(change), code: changeCode(secret, session.signInId, previewId), untilLabel: clockLabel(nowMs + CODE_MS) });
        } catch {
          return pages.send(res, 503, { state: 'unavailable' });
        }
        logger.info({ event: 'panel_change', step: 'preview', kind, signIn: signInName(session.signInId) }, 'a change previewed, its code mailed to the owner');
        return pages.send(res, 200, { state: 'preview', preview: previewView(csrf, kind, fields, preview, previewToken(secret, previewId, nowMs, key), null) });
      }
      // The confirmation: the preview this code was mailed for, this change, this session, within its 15 minutes.
      const shown = readPreview(secret, body.vista, key, nowMs);
      if (shown === null) return refuse(req, res);
      if (shown === 'expired') return refused(res, csrf, kind, summaryOf(change), panelChanges.code.expired);
      const token = String(body.vista);
      const tried = await claims.slot('intentos', shown.previewId, TRIES_PER_CODE);
      if (tried === 'unknown') return pages.send(res, 503, { state: 'unavailable' });
      if (!tried) return refused(res, csrf, kind, summaryOf(change), panelChanges.code.tooMany);
      if (!isChangeCode(secret, session.signInId, shown.previewId, body.codigo)) {
        logger.warn({ event: 'panel_change', step: 'code', outcome: 'wrong', kind, signIn: signInName(session.signInId) }, 'a wrong code: nothing changed');
        return pages.send(res, 422, { state: 'preview', preview: previewView(csrf, kind, fields, preview, token, panelChanges.code.wrong) });
      }
      const once = await claims.claim('codigo', shown.previewId);
      if (once === 'unknown') return pages.send(res, 503, { state: 'unavailable' });
      if (once === 'taken') return refused(res, csrf, kind, summaryOf(change), panelChanges.code.used);
      const result = await changes.schedule(change, signInName(session.signInId));
      if ('refused' in result) return refused(res, csrf, kind, summaryOf(change), result.refused);
      res.redirect(303, `${ROUTES.panel.path}?aviso=${CHANGE_NOTICES.scheduled}`);
    },
  ];

  return {
    forms: { date: form('date'), close: form('close'), cancel: form('cancel'), recording: form('recording'), edition: form('edition') },
    undo: [
      ...guard.form(refuse),
      async (req, res) => {
        const session = signedForm(req, res);
        if (!session) return;
        const id = (req.body as Record<string, unknown>).cambio;
        const result = await changes.undo(typeof id === 'string' ? id.slice(0, 80) : '', signInName(session.signInId));
        if ('refused' in result) return refused(res, guard.csrfFor(session.signInId), 'date', panelChanges.underWay.undo, result.refused);
        res.redirect(303, `${ROUTES.panel.path}?aviso=${CHANGE_NOTICES.undone}`);
      },
    ],
  };
}

/** A refusal as a preview page: the change's name, the sentence, and the way back. */
function refusedView(csrf: string, kind: Change['kind'], summary: string, sentence: string): PreviewView {
  return {
    csrf,
    action: CHANGE_ROUTES[kind],
    fields: {},
    token: null,
    summary,
    refusal: sentence,
    codeError: null,
    takesEffectLabel: '',
    delayMinutes: 0,
    buyers: 0,
    mails: [],
    refunds: { count: 0, total: null, byTransfer: 0, bonifications: null },
    page: null,
    links: [],
    sample: null,
    listedLabel: null,
    ownerHint: '',
  };
}
