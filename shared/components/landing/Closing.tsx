import { closing } from '../../content';
import { Icon } from '../Icon';

export function Closing() {
  return (
    <section className="closing" aria-labelledby="cierre-titulo">
      <div className="container closing__inner">
        <h2 id="cierre-titulo" className="closing__title">
          {closing.title}
        </h2>
        <p className="closing__text">{closing.text}</p>
        <a className="btn btn--primary btn--large" href="#precios">
          {closing.cta}
          <Icon name="arrow" />
        </a>
      </div>
    </section>
  );
}
