import { pricing } from '../../content';
import type { PricingCardProps } from '../../islands/types';
import { Icon } from '../Icon';
import { Island } from '../Island';
import { Section } from '../Section';

export function PricingSection({ card }: { card: PricingCardProps }) {
  return (
    <Section id={pricing.id} eyebrow={pricing.eyebrow} title={pricing.title}>
      <div className="pricing">
        <div className="pricing__card">
          <Island name="pricing" props={card} hydrate="visible" />
        </div>
        <div className="pricing__includes">
          <h3 className="details__subtitle">{pricing.includesTitle}</h3>
          <ul className="checklist">
            {pricing.includes.map((item) => (
              <li key={item}>
                <Icon name="check" className="icon icon--yes" />
                <span>{item}</span>
              </li>
            ))}
          </ul>
          <div className="guarantee">
            <Icon name="shield" className="icon icon--accent" />
            <div>
              <p className="guarantee__title">{pricing.guaranteeTitle}</p>
              <p>{pricing.guarantee}</p>
            </div>
          </div>
        </div>
      </div>
    </Section>
  );
}
