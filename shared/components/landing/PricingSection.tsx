import { pricing } from '../../content/landingPageWords';
import type { SaleState } from '../../logic/sale';
import { Icon } from '../Icon';
import { SaleSlot, type SaleView } from '../SaleSlot';
import { Section } from '../Section';
import { type EarlyBirdOffer, type NormalOffer, PriceCard } from './PriceCard';

const TITLES: Record<SaleState, string> = {
  'early-bird': pricing.title,
  normal: pricing.normalTitle,
  'sold-out': pricing.soldOutTitle,
  closed: pricing.closedTitle,
  cancelled: pricing.cancelledTitle,
};

interface PricingSectionProps {
  sale: SaleView;
  offer: EarlyBirdOffer | null;
  normalOffer: NormalOffer | null;
  earlyBirdTaken: boolean;
  contactEmail: string;
  workshopDateLabel: string;
}

export function PricingSection({ sale, offer, normalOffer, earlyBirdTaken, contactEmail, workshopDateLabel }: PricingSectionProps) {
  return (
    <Section id={pricing.id} eyebrow={pricing.eyebrow} title={<SaleSlot sale={sale}>{(state) => TITLES[state]}</SaleSlot>}>
      <div className="pricing">
        <div className="pricing__card">
          <SaleSlot sale={sale} block>
            {(state) => (
              <PriceCard
                state={state}
                offer={state === 'early-bird' ? offer : null}
                normalOffer={state === 'normal' ? normalOffer : null}
                earlyBirdTaken={earlyBirdTaken}
                contactEmail={contactEmail}
                workshopDateLabel={workshopDateLabel}
              />
            )}
          </SaleSlot>
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
