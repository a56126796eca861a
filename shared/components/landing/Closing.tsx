import { closing } from '../../content/landingPageWords';
import type { SaleState } from '../../logic/sale';
import { CallToAction, callKind } from '../CallToAction';
import { Icon } from '../Icon';
import { SaleSlot, type SaleView } from '../SaleSlot';

/** The urgency of the Early Bird goes with it: each state says only what is still true. */
const TEXTS: Record<SaleState, string> = {
  'early-bird': closing.text,
  normal: closing.normalText,
  'sold-out': closing.soldOutText,
  closed: closing.closedText,
  cancelled: closing.cancelledText,
};

export function Closing({ sale, contactEmail }: { sale: SaleView; contactEmail: string }) {
  return (
    <section className="closing layout-later" aria-labelledby="cierre-titulo">
      <div className="container closing__inner">
        <h2 id="cierre-titulo" className="closing__title">
          {closing.title}
        </h2>
        <p className="closing__text">
          <SaleSlot sale={sale}>{(state) => TEXTS[state]}</SaleSlot>
        </p>
        <SaleSlot sale={sale} variant={callKind}>
          {(state) => (
            <CallToAction
              state={state}
              contactEmail={contactEmail}
              bookLabel={closing.cta}
              className="btn btn--primary btn--large"
              icon={<Icon name="arrow" />}
            />
          )}
        </SaleSlot>
      </div>
    </section>
  );
}
