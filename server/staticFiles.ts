import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { RequestHandler } from 'express';
import { etagOf, sendEncoded, type EncodedBody } from './encodedBody';

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
      cacheControl: urlPath.startsWith('/assets/') ? IMMUTABLE : SHORT,
    });
  }
  return files;
}

export function staticFiles(publicDir: string): RequestHandler {
  const files = loadStaticFiles(publicDir);
  return (req, res, next) => {
    const file = req.method === 'GET' || req.method === 'HEAD' ? files.get(req.path) : undefined;
    if (!file) return next();
    res.type(file.extension);
    res.set('Cache-Control', file.cacheControl);
    res.set('Accept-Ranges', 'bytes');
    const size = file.identity.length;
    const ranges = req.headers.range ? req.range(size, { combine: true }) : undefined;
    if (ranges === -1) {
      res.status(416).set('Content-Range', `bytes */${size}`).end();
      return;
    }
    // One satisfiable range: that slice, unencoded. Several, or a malformed header: the whole file.
    if (Array.isArray(ranges) && ranges.length === 1 && ranges[0]) {
      const { start, end } = ranges[0];
      res.status(206).set('Content-Range', `bytes ${start}-${end}/${size}`).set('ETag', file.etag);
      res.send(file.identity.subarray(start, end + 1));
      return;
    }
    sendEncoded(req, res, file);
  };
}
