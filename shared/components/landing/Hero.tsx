import { hero, trainer, workshop } from '../../content';
import type { WorkshopSchedule } from '../../logic/schedule';
import { Icon } from '../Icon';

export function Hero({ schedule }: { schedule: WorkshopSchedule }) {
  return (
    <section id="inicio" className="hero" aria-labelledby="inicio-titulo">
      <div className="container hero__inner">
        <p className="badge badge--hot">{hero.badge}</p>
        <p className="hero__eyebrow">{hero.eyebrow}</p>
        <h1 id="inicio-titulo" className="hero__title">
          {hero.title}
        </h1>
        <p className="hero__lead">{hero.lead}</p>
        <div className="hero__actions">
          <a className="btn btn--primary btn--large" href="#precios">
            {hero.primaryCta}
          </a>
          <a className="btn btn--outline btn--large" href="#que-es">
            {hero.secondaryCta}
          </a>
        </div>
        <ul className="hero__facts">
          <li>
            <Icon name="calendar" />
            <span>
              {schedule.dateLabel}, {schedule.timeLabel} {workshop.zoneLabel}
            </span>
          </li>
          <li>
            <Icon name="video" />
            <span>{workshop.durationLabel} · {workshop.format}</span>
          </li>
        </ul>
        <p className="hero__proof">
          {hero.proofPrefix} <strong>{trainer.name}</strong> · {hero.proof}
        </p>
      </div>
    </section>
  );
}
