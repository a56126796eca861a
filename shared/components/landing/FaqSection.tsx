import { faq } from '../../content';
import { Island } from '../Island';
import { Section } from '../Section';

export function FaqSection() {
  return (
    <Section id={faq.id} eyebrow={faq.eyebrow} title={faq.title} tone="tinted">
      <Island name="faq" props={{}} hydrate="visible" />
    </Section>
  );
}
