import { useEffect, useState } from 'react';
import { prices, pricing } from '../content';
import { countdownParts, pricePhase } from '../logic/pricing';
import { Countdown } from './Countdown';
import type { PricingCardProps } from './types';

/** The normal-price button's handler; the button is disabled, as the spec asks, so this is a last resort. */
export function contactForNormalPrice(): void {
  console.info('Normal price requested: the visitor is asked to get in touch.');
  window.alert(pricing.normalAlert);
}

/**
 * Ticks on the deadline's own second boundaries so the display changes exactly when a second is used up,
 * and stops once the deadline has passed. The first frame is the server's `now` (no hydration mismatch).
 */
function useNow(initialNowMs: number, deadlineMs: number): number {
  const [now, setNow] = useState(initialNowMs);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = (): void => {
      const current = Date.now();
      setNow(current);
      if (current < deadlineMs) {
        const untilBoundary = (deadlineMs - current) % 1000 || 1000;
        timer = setTimeout(tick, untilBoundary);
      }
    };
    tick();
    return () => clearTimeout(timer);
  }, [deadlineMs]);
  return now;
}

const usd = (amount: number): string => `${amount} ${prices.currency}`;

function EarlyBird({ nowMs, deadlineMs, checkoutUrl }: PricingCardProps) {
  return (
    <div className="price-card price-card--early">
      <p className="price-card__banner">{pricing.banner}</p>
      <div className="price-card__body">
        <p className="price-card__label">{pricing.earlyBirdLabel}</p>
        <div className="price-card__prices">
          <p className="price-card__old">
            <span className="visually-hidden">{pricing.formerPriceLabel}: </span>
            <del>{usd(prices.normal)}</del>
          </p>
          <p className="price-card__now">
            <span className="price-card__amount">{prices.earlyBird}</span>{' '}
            <span className="price-card__currency">{prices.currency}</span>
          </p>
        </div>
        <p className="badge badge--saving">{pricing.savingBadge}</p>
        <p className="price-card__spots">{pricing.spots}</p>
        <Countdown parts={countdownParts(nowMs, deadlineMs)} />
        <a className="btn btn--primary btn--block btn--large" href={checkoutUrl} target="_blank" rel="noopener noreferrer">
          {pricing.checkoutCta}
        </a>
        <p className="price-card__note">{pricing.checkoutNote}</p>
      </div>
    </div>
  );
}

function NormalPrice({ contactEmail }: PricingCardProps) {
  return (
    <div className="price-card price-card--normal">
      <div className="price-card__body">
        <p className="price-card__label">{pricing.normalLabel}</p>
        <p className="price-card__now">
          <span className="price-card__amount">{prices.normal}</span>{' '}
          <span className="price-card__currency">{prices.currency}</span>
        </p>
        <button type="button" className="btn btn--block btn--large" disabled onClick={contactForNormalPrice}>
          {pricing.normalCta}
        </button>
        <p className="price-card__note">
          {pricing.normalNote} <a href={`mailto:${contactEmail}`}>{contactEmail}</a>
        </p>
      </div>
    </div>
  );
}

export default function PricingCard(props: PricingCardProps) {
  const nowMs = useNow(props.nowMs, props.deadlineMs);
  const state = { ...props, nowMs };
  return pricePhase(nowMs, props.deadlineMs) === 'early-bird' ? <EarlyBird {...state} /> : <NormalPrice {...state} />;
}
