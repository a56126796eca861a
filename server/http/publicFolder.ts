import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { RequestHandler } from 'express';
import { etagOf, negotiate, setRepresentationHeaders, type EncodedBody } from './encodedBody';
import { ASSETS_PREFIX } from '../../shared/routes';
import { refusedByIfMatch } from './preconditions';
import { requestedRange } from './ranges';

interface StaticFile extends EncodedBody {
  extension: string;
  cacheControl: string;
}

/** Content-hashed names change with their content, so browsers and CDNs may keep them for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const SHORT = 'public, max-age=3600';

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? listFiles(full) : [full];
  });
}

const readIfExists = (file: string): Buffer | null => {
  try {
    return readFileSync(file);
  } catch {
    return null;
  }
};

/**
 * The public folder, read into memory once at start with the brotli and gzip files the build wrote
 * beside each one. Requests are looked up by exact path in a map: nothing a client sends ever
 * reaches the file system, so no path can escape the folder.
 */
function loadStaticFiles(publicDir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  for (const file of listFiles(publicDir)) {
    if (file.endsWith('.br') || file.endsWith('.gz')) continue;
    const urlPath = `/${path.relative(publicDir, file).split(path.sep).join('/')}`;
    const identity = readFileSync(file);
    files.set(urlPath, {
      identity,
      br: readIfExists(`${file}.br`),
      gzip: readIfExists(`${file}.gz`),
      etag: etagOf(identity),
      extension: path.extname(file),
      cacheControl: urlPath.startsWith(ASSETS_PREFIX) ? IMMUTABLE : SHORT,
    });
  }
  return files;
}

/**
 * Serves the public folder from memory. A byte range applies to the representation the request
 * negotiated (RFC 9110 §14): a gzip download resumes with gzip bytes, each encoding has its own
 * strong ETag for If-Range, and Content-Range counts that representation's bytes. Every encoding is
 * already complete in memory, so slicing it costs nothing, and refusing ranges on compressed
 * representations would leave nothing to resume for a client that accepts compression.
 */
export function publicFolder(publicDir: string): RequestHandler {
  const files = loadStaticFiles(publicDir);
  return (req, res, next) => {
    const file = req.method === 'GET' || req.method === 'HEAD' ? files.get(req.path) : undefined;
    if (!file) return next();
    res.type(file.extension);
    res.set('Cache-Control', file.cacheControl);
    res.set('Accept-Ranges', 'bytes');
    const representation = negotiate(req, file);
    const size = representation.bytes.length;
    setRepresentationHeaders(res, representation);
    // RFC 9110 §13.2.2's order: If-Match first, then a client whose copy is current gets 304 before any range is
    // considered; req.fresh compares against the ETag just set.
    if (refusedByIfMatch(req, res, representation.etag)) return;
    const range = req.fresh ? { kind: 'whole' as const } : requestedRange(req, size, representation.etag);
    if (range.kind === 'unsatisfiable') {
      // No content: nothing to type, encode or validate. Vary still says which representation's length
      // this is, and no cache may keep it: it would answer every later request for the file.
      for (const name of ['Content-Type', 'Content-Encoding', 'ETag']) res.removeHeader(name);
      res.status(416).set('Cache-Control', 'no-store').set('Content-Range', `bytes */${size}`).end();
      return;
    }
    if (range.kind === 'part') {
      res.status(206).set('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
      res.send(representation.bytes.subarray(range.start, range.end + 1));
      return;
    }
    res.send(representation.bytes);
  };
}
