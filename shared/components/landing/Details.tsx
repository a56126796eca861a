import { details } from '../../content/landingPageWords';
import { workshop } from '../../content/siteFacts';
import type { SaleState } from '../../logic/sale';
import type { CityTime, WorkshopSchedule } from '../../logic/schedule';
import { Icon, type IconName } from '../Icon';
import { SaleSlot, type SaleView } from '../SaleSlot';
import { Section } from '../Section';

interface DetailsProps {
  sale: SaleView;
  schedule: WorkshopSchedule;
  calendarUrl: string;
  icsUrl: string;
  cityTimes: CityTime[];
}

/** Adding a workshop that has already taken place (or never will) to a calendar helps nobody: the links go once it starts. */
function CalendarLinks({ calendarUrl, icsUrl }: { calendarUrl: string; icsUrl: string }) {
  return (
    <>
      <a className="btn btn--outline btn--block" href={calendarUrl} target="_blank" rel="noopener noreferrer">
        <Icon name="calendar" />
        {details.calendarCta}
      </a>
      <p className="details__hint">{details.calendarHint}</p>
      <a className="details__ics" href={icsUrl} download>
        {details.icsCta}
      </a>
    </>
  );
}

const isOver = (state: SaleState): boolean => state === 'closed' || state === 'cancelled';

export function Details({ sale, schedule, calendarUrl, icsUrl, cityTimes }: DetailsProps) {
  const facts: { icon: IconName; label: string; value: string }[] = [
    { icon: 'calendar', label: details.labels.date, value: schedule.dateLabel },
    { icon: 'clock', label: details.labels.time, value: `${schedule.timeLabel} ${workshop.zoneLabel}` },
    { icon: 'hourglass', label: details.labels.duration, value: workshop.durationLabel },
    { icon: 'video', label: details.labels.format, value: workshop.format },
    { icon: 'users', label: details.labels.capacity, value: workshop.capacity },
  ];
  return (
    <Section id={details.id} eyebrow={details.eyebrow} title={details.title} tone="tinted">
      <div className="details">
        <div className="card details__facts">
          <dl className="facts">
            {facts.map((fact) => (
              <div key={fact.label} className="facts__row">
                <dt>
                  <Icon name={fact.icon} className="icon icon--accent" />
                  {fact.label}
                </dt>
                <dd>{fact.value}</dd>
              </div>
            ))}
          </dl>
          <div className="zones">
            <h3 className="zones__title">{details.zonesTitle}</h3>
            <ul className="zones__list">
              {cityTimes.map((entry) => (
                <li key={entry.city}>
                  <span className="zones__city">{entry.city}</span> <span className="zones__time">{entry.label}</span>
                </li>
              ))}
            </ul>
          </div>
          <SaleSlot sale={sale} block variant={(state) => String(isOver(state))}>
            {(state) => (isOver(state) ? null : <CalendarLinks calendarUrl={calendarUrl} icsUrl={icsUrl} />)}
          </SaleSlot>
        </div>
        <div className="details__bonuses">
          <h3 className="details__subtitle">{details.bonusesTitle}</h3>
          <ul className="bonus-list">
            {details.bonuses.map((bonus) => (
              <li key={bonus.title} className="bonus">
                <Icon name="gift" className="icon icon--accent" />
                <div>
                  <p className="bonus__title">{bonus.title}</p>
                  <p className="bonus__text">{bonus.text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </Section>
  );
}
