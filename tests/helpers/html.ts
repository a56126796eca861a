import { Window } from 'happy-dom';

/** Parses served HTML into a DOM to assert on what a visitor sees, without executing anything. */
export function parseHtml(html: string): Document {
  const window = new Window();
  return new window.DOMParser().parseFromString(html, 'text/html') as unknown as Document;
}

/** The visible text of an element, whitespace collapsed. */
export const textOf = (element: Element | null | undefined): string => (element?.textContent ?? '').replace(/\s+/g, ' ').trim();
