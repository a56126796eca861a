import type { Request } from 'express';

/** What to send of a representation for one request. */
export type RangeAnswer = { kind: 'whole' } | { kind: 'part'; start: number; end: number } | { kind: 'unsatisfiable' };

const WHOLE: RangeAnswer = { kind: 'whole' };

/** RFC 9110 §14.1.1's syntax for byte ranges: `bytes=0-99`, `bytes=100-`, `bytes=-100`, comma-separated. */
const BYTE_RANGES = /^bytes=[ \t]*(?:\d+-\d*|-\d+)(?:[ \t]*,[ \t]*(?:\d+-\d*|-\d+))*[ \t]*$/i;

/**
 * RFC 9110 §13.1.5: the Range applies only while the client's copy is the current representation. Only a
 * strong entity tag can say so: a weak tag never matches, and neither does a date (we send no
 * Last-Modified), so the client gets the whole representation instead of a part it could not splice.
 */
const ifRangeHolds = (ifRange: string | undefined, etag: string): boolean => ifRange === undefined || ifRange.trim() === etag;

/**
 * RFC 9110 §14: the part of the selected representation (`size` bytes, validator `etag`) a request asks
 * for. Ranges are defined for GET only. A malformed header, another unit or several disjoint ranges may
 * be ignored, and are: the answer is then the whole representation. Well-formed ranges of which none is
 * satisfiable (all past the end, `bytes=-0`, or last before first) are refused with 416. Overlapping
 * ranges are combined (range-parser, as Express parses it). The caller evaluates If-None-Match first
 * (§13.2.2).
 */
export function requestedRange(req: Request, size: number, etag: string): RangeAnswer {
  const header = req.headers.range;
  if (req.method !== 'GET' || header === undefined || !BYTE_RANGES.test(header)) return WHOLE;
  if (!ifRangeHolds(req.get('If-Range'), etag)) return WHOLE;
  const ranges = req.range(size, { combine: true });
  if (ranges === -1) return { kind: 'unsatisfiable' };
  if (ranges === undefined || ranges === -2 || ranges.length !== 1 || !ranges[0]) return WHOLE;
  return { kind: 'part', start: ranges[0].start, end: ranges[0].end };
}
