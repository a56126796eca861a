import type { SyntheticEvent } from 'react';
import { faq } from '../content';
import type { FaqProps } from './types';

/** When an item opens, closes every other item of the same list. */
function closeOthers(event: SyntheticEvent<HTMLDetailsElement>): void {
  const opened = event.currentTarget;
  if (!opened.open) return;
  for (const other of opened.parentElement?.querySelectorAll<HTMLDetailsElement>('details.faq-item') ?? []) {
    if (other !== opened && other.open) other.open = false;
  }
}

/**
 * Native <details>: without JavaScript every item still opens and closes, keyboard and screen readers
 * get the built-in disclosure behaviour, and the shared `name` already makes modern browsers exclusive.
 * The island enforces one-open-at-a-time for the browsers that ignore `name`. The items stay uncontrolled:
 * the DOM owns which one is open, so an item the visitor opened before hydration is kept and is closed like
 * any other (a controlled `open` would not be: React never patches an attribute whose prop did not change).
 */
export default function FaqAccordion({ automaticMail }: FaqProps) {
  return (
    <div className="faq-list">
      {faq.items.map((item) => (
        // `open` may differ from the server HTML by the visitor's own hand: that is no mismatch.
        <details key={item.question} className="faq-item" name="faq" onToggle={closeOthers} suppressHydrationWarning>
          <summary className="faq-item__question">{item.question}</summary>
          <div className="faq-item__answer">
            <p>{automaticMail && 'automaticAnswer' in item ? item.automaticAnswer : item.answer}</p>
          </div>
        </details>
      ))}
    </div>
  );
}
