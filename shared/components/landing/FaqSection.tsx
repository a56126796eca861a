import { faq } from '../../content/landingPageWords';
import { Section } from '../Section';

/**
 * Native <details> sharing one `name`: every item opens and closes without JavaScript, keyboards and screen readers
 * get the built-in disclosure, and browsers keep one item open at a time (client/detailsGroups.ts does it where
 * they ignore `name`). No island: a tap on a question runs no React.
 * `automaticMail`: the site sends the buyer's mails itself, so the answers about access and the recording say so.
 */
export function FaqSection({ automaticMail }: { automaticMail: boolean }) {
  return (
    <Section id={faq.id} eyebrow={faq.eyebrow} title={faq.title} tone="tinted">
      <div className="faq-list">
        {faq.items.map((item) => (
          <details key={item.question} className="faq-item" name="faq">
            <summary className="faq-item__question">{item.question}</summary>
            <div className="faq-item__answer">
              <p>{automaticMail && 'automaticAnswer' in item ? item.automaticAnswer : item.answer}</p>
            </div>
          </details>
        ))}
      </div>
    </Section>
  );
}
