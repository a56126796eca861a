import { faq } from '../../content';
import { Island } from '../Island';
import { Section } from '../Section';

/** `automaticMail`: the site sends the buyer's mails itself, so the answers about access and the recording say so. */
export function FaqSection({ automaticMail }: { automaticMail: boolean }) {
  return (
    <Section id={faq.id} eyebrow={faq.eyebrow} title={faq.title} tone="tinted">
      <Island name="faq" props={{ automaticMail }} hydrate="visible" />
    </Section>
  );
}
