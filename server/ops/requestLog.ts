import type { RequestHandler } from 'express';
import type { Logger } from './logger';

/** Long enough to read, short enough that a hostile path cannot flood the log. */
export const MAX_LOGGED_PATH = 2048;

export const loggablePath = (url: string): string => url.slice(0, MAX_LOGGED_PATH);

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
