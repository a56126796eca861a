import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Request, Response } from 'express';
import { refusedByIfMatch } from './preconditions';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** One body in every encoding we serve, each with its own strong ETag, compressed once. */
export interface EncodedBody {
  identity: Buffer;
  br: Buffer | null;
  gzip: Buffer | null;
  etag: string;
}

/** Below this, compression costs more than it saves. */
const MIN_COMPRESSIBLE = 1024;

export const etagOf = (body: Buffer): string => `"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`;

/**
 * Brotli's best, for every body, the landing page's one-second ones included: the slowest to compress (for those, once
 * a second, off the main thread, before the second begins: server/render/renderAhead.ts) and the smallest. The page
 * must fit what a new connection's first round trip carries (TCP's initial window), or a slow phone waits one more
 * round trip; the quality below it (three times faster) no longer left it room once a launch's real settings were in
 * (tests/routes/first-round-trip.test.ts). npm run bench prints the page's weight in each encoding.
 */
const BROTLI_BEST = 11;

/** Compresses off the main thread (zlib's pool); each body is compressed once and served many times. */
export async function encodeBody(text: string | Buffer): Promise<EncodedBody> {
  const identity = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  if (identity.length < MIN_COMPRESSIBLE) return { identity, br: null, gzip: null, etag: etagOf(identity) };
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_BEST, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
    }),
    gzipAsync(identity, { level: 9 }),
  ]);
  return { identity, br, gzip: gz, etag: etagOf(identity) };
}

type Encoding = 'br' | 'gzip' | 'identity';

/** The representation chosen for one request: its bytes and their own strong validator. */
export interface Representation {
  encoding: Encoding;
  bytes: Buffer;
  etag: string;
}

/**
 * Brotli whenever the client accepts it, then gzip: browsers list "gzip, deflate, br" with equal
 * weights, and brotli is the smaller of the two.
 */
function chooseEncoding(req: Request, body: EncodedBody): Encoding {
  if (body.br && req.acceptsEncodings('br') === 'br') return 'br';
  if (body.gzip && req.acceptsEncodings('gzip') === 'gzip') return 'gzip';
  return 'identity';
}

/** Each encoding is a representation of its own, so each has its own ETag (identity keeps the plain one). */
export function negotiate(req: Request, body: EncodedBody): Representation {
  const encoding = chooseEncoding(req, body);
  const bytes = encoding === 'br' ? body.br : encoding === 'gzip' ? body.gzip : null;
  return bytes ? { encoding, bytes, etag: `${body.etag.slice(0, -1)}-${encoding}"` } : { encoding: 'identity', bytes: body.identity, etag: body.etag };
}

/** What a 200, a 206 and a 304 for the same request all carry. */
export function setRepresentationHeaders(res: Response, representation: Representation): void {
  res.vary('Accept-Encoding');
  if (representation.encoding !== 'identity') res.set('Content-Encoding', representation.encoding);
  res.set('ETag', representation.etag);
}

/**
 * Sends the chosen encoding with Content-Length and a per-encoding ETag; a failed If-Match gets 412, and res.send
 * answers 304 when the client's copy is fresh and leaves the body out for HEAD.
 */
export function sendEncoded(req: Request, res: Response, body: EncodedBody): void {
  const representation = negotiate(req, body);
  setRepresentationHeaders(res, representation);
  if (refusedByIfMatch(req, res, representation.etag)) return;
  res.send(representation.bytes);
}
