// What a response body offers, read from the bytes as they arrived (decoded when compressed).
import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

const STATES: Record<string, string> = { early: 'early-bird', normal: 'normal', 'sold-out': 'sold-out', closed: 'closed' };
/**
 * The pricing card's element: the first in the page is the one shown (the cards of later states follow it
 * in inert templates). Matched on the element's class attribute, never on the bare class names, which the
 * inline stylesheet carries on every page.
 */
const CARD = /class="price-card price-card--([a-z-]+)"/;

/**
 * The sale state a landing page shows, from its pricing card's class, and whether it offers the Early Bird
 * at all: its checkout link or '49 USD' (with a space or a no-break space), which only an Early Bird page
 * may carry. A page that shows another card but still carries the offer is an Early Bird body all the same.
 */
export function saleState(html: string, checkoutUrl: string): string {
  const card = CARD.exec(html)?.[1];
  const offer = html.includes(checkoutUrl) || /49(\s|\u00a0|&nbsp;|&#160;)USD/.test(html);
  const state = (card && STATES[card]) || 'unknown';
  return offer && state !== 'early-bird' ? `${state}, with the offer` : state;
}

/** An Early Bird body: its card, or the offer inside another card. */
export const isEarlyBird = (state: string | null): boolean => state === 'early-bird' || (typeof state === 'string' && state.endsWith(', with the offer'));
/** States in which the page still sells the workshop. */
export const isSelling = (state: string | null): boolean => isEarlyBird(state) || state === 'normal';
export const KNOWN = new Set(Object.values(STATES));

/** The bytes of a response body as sent before its Content-Encoding (br, gzip, or none). */
export const decode = (body: Buffer, encoding = 'identity'): Buffer =>
  encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;

/**
 * saleState of raw response bytes. Equal bytes decode to equal pages, so each distinct body is decoded once
 * (a cache serves the same bytes thousands of times). A body that does not decode is 'undecodable'.
 */
export type BodyReader = (body: Buffer, encoding?: string) => string;

export function createBodyReader(checkoutUrl: string): BodyReader {
  const seen = new Map<string, string>();
  return (body, encoding = 'identity') => {
    const key = `${encoding}:${createHash('sha1').update(body).digest('base64')}`;
    let state = seen.get(key);
    if (state === undefined) {
      try {
        state = saleState(decode(body, encoding).toString('utf8'), checkoutUrl);
      } catch {
        state = 'undecodable';
      }
      seen.set(key, state);
    }
    return state;
  };
}
