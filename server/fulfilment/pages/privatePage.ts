import type { Response } from 'express';

/** "Vuelve a cargar esta página en un minuto." */
const RETRY_AFTER_SECONDS = 60;

/** A buyer's page: its address is a credential, kept by nobody, sent to no one, shown to no search engine. */
export function privateHeaders(res: Response): void {
  res.set({ 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'no-referrer', 'X-Robots-Tag': 'noindex' });
}

/**
 * The one page with a form (the refund's confirmation step, server/fulfilment/pages/refundAction.ts): its policy lets a
 * form post to this site, where every other page's lets none post anywhere. Its referrer policy names this site's origin
 * and no more: under `no-referrer` a browser sends a form's POST with `Origin: null`, and the POST could not tell that it
 * came from here; under `same-origin` the POST's Referer would carry the page's address, token and all, to whatever
 * logs requests in front of the site.
 */
function allowFormToSelf(res: Response): void {
  const policy = res.getHeader('Content-Security-Policy');
  if (typeof policy === 'string') res.setHeader('Content-Security-Policy', policy.replace("form-action 'none'", "form-action 'self'"));
  res.setHeader('Referrer-Policy', 'strict-origin');
}

/**
 * A buyer's page, private; `tryAgain`: Stripe could not say, and the page asks for a reload in a minute; `withForm`: the
 * page holds the one form that posts to this site.
 */
export function sendPrivatePage(res: Response, status: number, html: string, tryAgain: boolean, withForm = false): void {
  privateHeaders(res);
  if (withForm) allowFormToSelf(res);
  if (tryAgain) res.set('Retry-After', String(RETRY_AFTER_SECONDS));
  res.status(status).type('html').send(html);
}
