import express, { type Request, type RequestHandler, type Response } from 'express';
import { privateHeaders } from './privatePage';

/** An origin's host, or null for one that is none (`null`, sent where a browser will not say). */
function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

/** The forms hold one short value each: anything larger is not the page's. */
const readForm = express.urlencoded({ extended: false, limit: 2048, parameterLimit: 4 });

/**
 * What the buyer's two forms (the refund step's, the mailed link's page's) check before reading a byte of the body or
 * asking anything of Stripe: the address names a purchase (`signed`), and the request came from a page of this site. A
 * browser says where a form was sent from: this site's origin, or the host the request was sent to (the same origin
 * however the site is reached), and `same-origin`; a request that says another site, or another context, did not come
 * from the page, and is a 403. Then the form itself is read.
 */
export interface BuyerFormOptions {
  /** The site's own origin: a form's POST that says it comes from another site is refused. */
  publicUrl: string;
  /** Whether the address names a purchase this site signed; if not, `notFound` answers. */
  signed: (req: Request) => boolean;
  notFound: (res: Response) => void;
  /** Counted, for the owner: a POST that did not come from the page. */
  refused: () => void;
}

export function buyerForm({ publicUrl, signed, notFound, refused }: BuyerFormOptions): RequestHandler {
  const origin = new URL(publicUrl).origin;
  const fromThisSite = (req: Request): boolean => {
    const from = req.get('origin');
    const site = req.get('sec-fetch-site');
    return (from === undefined || from === origin || hostOf(from) === req.get('host')) && (site === undefined || site === 'same-origin');
  };
  return (req, res, next) => {
    if (!signed(req)) return notFound(res);
    if (!fromThisSite(req) || !req.is('application/x-www-form-urlencoded')) {
      refused();
      privateHeaders(res);
      return void res.status(403).type('text').send('Forbidden');
    }
    readForm(req, res, next);
  };
}
