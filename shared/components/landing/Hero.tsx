import { hero } from '../../content/landingPageWords';
import { workshop } from '../../content/siteFacts';
import type { SaleState } from '../../logic/sale';
import type { WorkshopSchedule } from '../../logic/schedule';
import { CallToAction, callKind } from '../CallToAction';
import { Icon } from '../Icon';
import { SaleSlot, type SaleView } from '../SaleSlot';

const BADGES: Record<SaleState, string> = {
  'early-bird': hero.badge,
  normal: hero.badge,
  'sold-out': hero.soldOutBadge,
  closed: hero.closedBadge,
  cancelled: hero.cancelledBadge,
};

/** Over, one way or the other: the hero says when it was, never when to come. */
const isOver = (state: SaleState): boolean => state === 'closed' || state === 'cancelled';
const dateVariant = (state: SaleState): string => (isOver(state) ? state : 'open');

interface HeroProps {
  schedule: WorkshopSchedule;
  sale: SaleView;
  contactEmail: string;
  trainerName: string;
}

export function Hero({ schedule, sale, contactEmail, trainerName }: HeroProps) {
  return (
    <section id="inicio" className="hero" aria-labelledby="inicio-titulo">
      <div className="container hero__inner">
        <SaleSlot sale={sale} block variant={(state) => BADGES[state]}>
          {(state) => <p className={`badge ${isOver(state) ? 'badge--closed' : 'badge--hot'}`}>{BADGES[state]}</p>}
        </SaleSlot>
        <p className="hero__eyebrow">{hero.eyebrow}</p>
        <h1 id="inicio-titulo" className="hero__title">
          {hero.title}
        </h1>
        <p className="hero__lead">{hero.lead}</p>
        <div className="hero__actions">
          <SaleSlot sale={sale} variant={callKind}>
            {(state) => <CallToAction state={state} contactEmail={contactEmail} bookLabel={hero.primaryCta} className="btn btn--primary btn--large" />}
          </SaleSlot>
          <a className="btn btn--outline btn--large" href="#que-es">
            {hero.secondaryCta}
          </a>
        </div>
        <ul className="hero__facts">
          <li>
            <Icon name="calendar" />
            <SaleSlot sale={sale} variant={dateVariant}>
              {(state) =>
                state === 'closed'
                  ? `${hero.closedDatePrefix} ${schedule.dateLabel}`
                  : state === 'cancelled'
                    ? `${hero.cancelledDatePrefix} ${schedule.dateLabel}`
                    : `${schedule.dateLabel}, ${schedule.timeLabel} ${workshop.zoneLabel}`
              }
            </SaleSlot>
          </li>
          <li>
            <Icon name="video" />
            <span>
              {workshop.durationLabel} · {workshop.format}
            </span>
          </li>
        </ul>
        <p className="hero__proof">
          {hero.proofPrefix} <strong>{trainerName}</strong> · {hero.proof}
        </p>
      </div>
    </section>
  );
}
