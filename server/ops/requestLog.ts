import type { RequestHandler } from 'express';
import { crawlerPrefix, ROUTES, routeList } from '../../shared/routes';
import type { Logger } from './logger';

/** Long enough to read, short enough that a hostile path cannot flood the log. */
const MAX_LOGGED_PATH = 2048;

const SESSION_ID_PARAM = 'session_id';
/** A Checkout Session id anywhere in the address, as Stripe writes them. */
const SESSION_ID_VALUE = /cs_(test|live)_[A-Za-z0-9]+/gi;
const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/**
 * Each segment a route writes `:name` (a buyer's personal link's token, a refund's confirmation code), in any case: the
 * first after its prefix whatever follows, and every later one on its route's own path.
 */
const CREDENTIAL_SEGMENTS = [
  ...routeList
    .filter((route) => route.path.split(':').length > 2)
    .map((route) => {
      let source = '^';
      let replacement = '';
      for (const [at, part] of route.path.split(/(:\w+)/).entries()) {
        // split's odd places are the `:name` segments, its even ones the text around them.
        source += at % 2 === 1 ? '[^/?#]+' : `(${escaped(part)})`;
        replacement += at % 2 === 1 ? '[redacted]' : `$${at / 2 + 1}`;
      }
      return { pattern: new RegExp(source, 'i'), replacement };
    }),
  ...[...new Set(routeList.filter((route) => route.path.includes(':')).map((route) => crawlerPrefix(route.path)))].map((prefix) => ({
    pattern: new RegExp(`^(${escaped(prefix)})[^/?#]+`, 'i'),
    replacement: '$1[redacted]',
  })),
];

/** The seller's page: its query is a sign-in link's token or a search by a buyer's name or address, redacted whole. */
const WHOLE_QUERY = new RegExp(`^${ROUTES.panel.path}(/|$)`, 'i');

const decoded = (text: string): string => {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return text;
  }
};

/**
 * A Checkout Session id opens its buyer's page after the checkout, a personal link's token opens the workshop, and the
 * panel's query holds a sign-in link or a buyer's address: none reaches a log, however its parameter is spelt
 * (`session%5Fid` is `session_id` to the app) or wherever else it appears.
 */
function withoutSessionIds(url: string): string {
  const queryAt = url.indexOf('?');
  const path = CREDENTIAL_SEGMENTS.reduce((kept, { pattern, replacement }) => kept.replace(pattern, replacement), queryAt === -1 ? url : url.slice(0, queryAt));
  const query =
    queryAt === -1
      ? ''
      : WHOLE_QUERY.test(path)
        ? '?[redacted]'
        : `?${url
            .slice(queryAt + 1)
            .split('&')
            .map((part) => {
              const equals = part.indexOf('=');
              return equals !== -1 && decoded(part.slice(0, equals)) === SESSION_ID_PARAM ? `${part.slice(0, equals)}=[redacted]` : part;
            })
            .join('&')}`;
  return (path + query).replace(SESSION_ID_VALUE, '[redacted]');
}

export const loggablePath = (url: string): string => withoutSessionIds(url.slice(0, MAX_LOGGED_PATH));

/**
 * One JSON line per request once the response is finished (or the client went away): method, path
 * (JSON escapes control characters, so a path cannot forge lines), status, duration and body bytes.
 */
export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.once('close', () => {
      const length = Number(res.getHeader('Content-Length'));
      logger.info(
        {
          event: 'request',
          method: req.method,
          path: loggablePath(req.originalUrl),
          status: res.statusCode,
          ms: Math.round(Number(process.hrtime.bigint() - started) / 1e4) / 100,
          bytes: req.method === 'HEAD' || res.statusCode === 304 || Number.isNaN(length) ? 0 : length,
          ...(res.writableFinished ? {} : { aborted: true }),
        },
        'request',
      );
    });
    next();
  };
}
