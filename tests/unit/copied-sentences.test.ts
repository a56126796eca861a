/**
 * Tests take the site's words from shared/content/: a test checks that a page shows the content's text, or a fact
 * in it (a price, a date, a name), never a copy of a sentence, so a copy edit breaks no test that guards no behaviour.
 * This counts the Spanish sentences of 60 characters or more still written in tests/, and holds them to the few whose
 * exact words are the behaviour, each named below with why.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const LONG = 60;
const MAX_KEPT = 10;
/** The sentences kept, by file and opening words: each is words the site must say exactly as they are. */
const KEPT = [
  // The guarantee as the brief wrote it, which the site keeps letter for letter.
  'tests/routes/legal.test.ts: Si al terminar el taller',
  // The seller's cancellation as LFPC arts. 92 and 92 ter prescribe it: the refund and the bonificación.
  'tests/routes/legal.test.ts: Si cancelamos el taller, o',
];
/** This file, whose examples below are sentences on purpose. */
const SELF = 'tests/unit/copied-sentences.test.ts';

const SPANISH = new Set('de la el que en los las tu por con para una del se te y es un al lo su tus le nos'.split(' '));
const ENGLISH = new Set('the and is with of to that its which are be by an or as at it this'.split(' '));
const LITERAL = /'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g;

/** A file's code without its comments (block comments, and line comments at a line's start or after a space). */
const withoutComments = (source: string): string => source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/ .*$/gm, '$1');

/** Spanish and long: three of its function words and none of English's, as a sentence of the site reads. */
function isSpanishSentence(text: string): boolean {
  if (text.length < LONG) return false;
  const words = text.toLowerCase().match(/[a-záéíóúñü]+/g) ?? [];
  return words.filter((word) => SPANISH.has(word)).length >= 3 && !words.some((word) => ENGLISH.has(word));
}

/** Each Spanish sentence written in a test file, as "file: its first words". */
function copiedSentences(): string[] {
  const files = readdirSync('tests', { recursive: true, encoding: 'utf8' })
    .map((file) => path.join('tests', file).split(path.sep).join('/'))
    .filter((file) => /\.tsx?$/.test(file) && file !== SELF);
  const found = new Set<string>();
  for (const file of files) {
    for (const [literal] of withoutComments(readFileSync(file, 'utf8')).matchAll(LITERAL)) {
      const text = literal.slice(1, -1);
      if (isSpanishSentence(text)) found.add(`${file}: ${text.split(' ').slice(0, 5).join(' ')}`);
    }
  }
  return [...found].sort();
}

describe('sentences of the site written in tests/', () => {
  it(`are at most ${MAX_KEPT}, each one kept on purpose`, () => {
    expect(KEPT.length).toBeLessThanOrEqual(MAX_KEPT);
    expect(copiedSentences()).toEqual([...KEPT].sort());
  });

  it('are told apart from English test names and from short labels', () => {
    expect(isSpanishSentence('Si pagas con una ficha de OXXO, te escribimos cuando el pago se acredita.')).toBe(true);
    expect(isSpanishSentence('says under the price that the charge is in US dollars, and the checkout may show local currency')).toBe(false);
    expect(isSpanishSentence('Contactar para precio normal')).toBe(false);
    expect(isSpanishSentence('Av. Insurgentes Sur 1234, Col. Del Valle, 03100 Ciudad de México, México')).toBe(false);
  });
});
