import type { Request, Response } from 'express';

/**
 * RFC 9110 §13.1.1 If-Match: the request applies only while the current representation is one the client names.
 * `*` names any; otherwise only a tag equal to ours counts, and a weak tag never does (strong comparison). Without
 * the header the condition holds. Our tags hold no comma, so a list splits on commas.
 */
function ifMatchHolds(req: Request, etag: string): boolean {
  const header = req.get('If-Match')?.trim();
  if (header === undefined || header === '*') return true;
  return header.split(',').some((tag) => tag.trim() === etag);
}

/**
 * Answers 412 when If-Match fails, and says whether it did. Only a response that would otherwise succeed is
 * conditional (§13.2.1): a 404 or 503 stays what it is. No body, and nothing about the representation; stored by no
 * cache, since it answers this request's condition alone (the route's Cache-Control was for its 200).
 */
export function refusedByIfMatch(req: Request, res: Response, etag: string): boolean {
  if (res.statusCode < 200 || res.statusCode > 299 || ifMatchHolds(req, etag)) return false;
  for (const name of ['Content-Type', 'Content-Encoding', 'ETag']) res.removeHeader(name);
  res.status(412).set('Cache-Control', 'no-store').end();
  return true;
}
