import { outcomes } from '../../content/landingPageWords';
import { Icon } from '../Icon';
import { Section } from '../Section';

export function Outcomes() {
  return (
    <Section id={outcomes.id} eyebrow={outcomes.eyebrow} title={outcomes.title}>
      <ul className="card-grid card-grid--3">
        {outcomes.items.map((item) => (
          <li key={item.title} className="card">
            <Icon name="check" className="icon icon--badge" />
            <h3 className="card__title">{item.title}</h3>
            <p>{item.text}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
