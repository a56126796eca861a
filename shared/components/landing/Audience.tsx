import { audience } from '../../content/landingPageWords';
import { Icon } from '../Icon';
import { Section } from '../Section';

export function Audience() {
  return (
    <Section id={audience.id} eyebrow={audience.eyebrow} title={audience.title} tone="tinted">
      <div className="split">
        <div className="card card--yes">
          <h3 className="card__title">{audience.forYou.title}</h3>
          <ul className="checklist">
            {audience.forYou.items.map((item) => (
              <li key={item}>
                <Icon name="check" className="icon icon--yes" />
                <span>{item}</span>
              </li>
            ))}
          </ul>
        </div>
        <div className="card card--no">
          <h3 className="card__title">{audience.notForYou.title}</h3>
          <ul className="checklist">
            {audience.notForYou.items.map((item) => (
              <li key={item}>
                <Icon name="cross" className="icon icon--no" />
                <span>{item}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </Section>
  );
}
