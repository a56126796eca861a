import { Window } from 'happy-dom';

/** Parses served HTML into a DOM to assert on what a visitor sees, without executing anything. */
export function parseHtml(html: string): Document {
  const window = new Window();
  return new window.DOMParser().parseFromString(html, 'text/html') as unknown as Document;
}

/** A text as a visitor reads it on a page: every run of white space (a no-break space included) as one space. */
export const asRead = (text: string): string => text.replace(/\s+/g, ' ').trim();
/** The visible text of an element, whitespace collapsed. */
export const textOf = (element: Element | null | undefined): string => asRead(element?.textContent ?? '');
