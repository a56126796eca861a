import type { Inline, LegalText } from '../../shared/content/legalTexts';
import { textOf } from './html';

const collapsed = (text: string): string => text.replace(/\s+/g, ' ').trim();
const inlineText = (parts: readonly Inline[]): string => collapsed(parts.map((part) => (typeof part === 'string' ? part : part.text)).join(''));

/** A legal text of shared/content/legalTexts.ts as a visitor reads it: the lead, then each paragraph and list item in order. */
export function passagesOf(text: LegalText): string[] {
  return [
    inlineText(text.lead),
    ...text.sections.flatMap((section) => section.blocks.flatMap((block) => (Array.isArray(block) ? [inlineText(block)] : block.list.map(inlineText)))),
  ];
}

/** A served legal page's paragraphs and list items in order, as a visitor reads them, but its date and the way back. */
export const passagesOn = (doc: Document): string[] => [...doc.querySelectorAll('main p:not(.legal__updated, .page__back), main li')].map(textOf);
