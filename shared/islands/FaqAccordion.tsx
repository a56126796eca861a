import { useState } from 'react';
import { faq } from '../content';

/**
 * Native <details>: without JavaScript every item still opens and closes, keyboard and screen readers
 * get the built-in disclosure behaviour, and the shared `name` already makes modern browsers exclusive.
 * The island enforces one-open-at-a-time for the browsers that ignore `name`.
 */
export default function FaqAccordion() {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  return (
    <div className="faq-list">
      {faq.items.map((item, index) => (
        <details
          key={item.question}
          className="faq-item"
          name="faq"
          open={openIndex === index}
          onToggle={(event) => {
            const isOpen = event.currentTarget.open;
            setOpenIndex((current) => (isOpen ? index : current === index ? null : current));
          }}
        >
          <summary className="faq-item__question">{item.question}</summary>
          <div className="faq-item__answer">
            <p>{item.answer}</p>
          </div>
        </details>
      ))}
    </div>
  );
}
