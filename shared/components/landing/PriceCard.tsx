import { contactCalls, pricing } from '../../content/landingPageWords';
import { consentLine } from '../../content/legalTexts';
import { prices } from '../../content/siteFacts';
import type { CountdownProps } from '../../islands/types';
import { mailtoWithSubject } from '../../logic/mailto';
import { type PesoPrice, pesoAmountLabel } from '../../logic/pesoPrice';
import type { SaleState } from '../../logic/sale';
import { ROUTES } from '../../routes';
import { InlineText } from '../InlineText';
import { Island } from '../Island';

/** Everything only the Early Bird card shows: the page has it in no other state. */
export interface EarlyBirdOffer {
  checkoutUrl: string;
  /** The offer's end in words, with its year: "martes 30 de septiembre de 2025, 11:59 p. m.". */
  untilLabel: string;
  /** The spots line: how many are left when the checkout has said, else the content's promise. */
  spotsLabel: string;
  countdown: CountdownProps;
  /** The price's amount in pesos as the checkout charges it in Mexico; null: the card shows dollars. */
  pesoPrice: PesoPrice | null;
}

/** The normal price's own checkout (docs/pricing.md): where it has one, the normal card sells through it. */
export interface NormalOffer {
  checkoutUrl: string;
  /** The places it has left, where its link has a limit; null: no count to show. */
  spotsLabel: string | null;
  /** Its price's amount in pesos as the checkout charges it in Mexico; null: the card shows dollars. */
  pesoPrice: PesoPrice | null;
}

export interface PriceCardProps {
  state: SaleState;
  /** Present only when the page is rendered in the Early Bird state. */
  offer: EarlyBirdOffer | null;
  /** The normal price's checkout, where the owner gave one; null: the seed's disabled button. */
  normalOffer: NormalOffer | null;
  /** The normal price came before the deadline: the checkout sold the last Early Bird spot. */
  earlyBirdTaken: boolean;
  contactEmail: string;
  /** The workshop's date with its year, for the closed and the cancelled card. */
  workshopDateLabel: string;
}

const usd = (amount: number): string => `${amount} ${prices.currency}`;

function Price({ amount, currency }: { amount: string; currency: string }) {
  return (
    <p className={currency === prices.pesoCurrency ? 'price-card__now price-card__now--pesos' : 'price-card__now'}>
      <span className="price-card__amount">{amount}</span> <span className="price-card__currency">{currency}</span>
    </p>
  );
}

/** Under the price, where a buyer decides: that it is the total, and the currency the charge is in. */
function PriceNotes({ pesos }: { pesos: boolean }) {
  return (
    <>
      <p className="price-card__taxes">{pricing.taxesIncluded}</p>
      <p className="price-card__note">{pesos ? pricing.pesoNote : pricing.currencyNote}</p>
    </>
  );
}

const LEGAL_PATHS = { terms: ROUTES.terms.path, refunds: ROUTES.refunds.path, privacy: ROUTES.privacy.path };

/** Beside the pay button: what paying accepts, with the texts one click away. */
function Consent() {
  return (
    <p className="price-card__note price-card__consent">
      <InlineText parts={consentLine(LEGAL_PATHS)} />
    </p>
  );
}

/** A price's amount as the pay button says it: in pesos where the checkout has an amount in pesos, else in dollars. */
const payLabel = (pesoPrice: PesoPrice | null, dollars: number): string =>
  // A no-break space keeps the price in one piece on a narrow button.
  pricing.checkoutCta(pesoPrice ? `${pesoAmountLabel(pesoPrice)}\u00a0${prices.pesoCurrency}` : `${dollars}\u00a0${prices.currency}`);

/** The pay button, opening the checkout in a new tab; the entry adds the landing page's attribution to it. */
function PayButton({ checkoutUrl, label }: { checkoutUrl: string; label: string }) {
  return (
    <>
      <a className="btn btn--primary btn--block btn--large" href={checkoutUrl} target="_blank" rel="noopener noreferrer" data-checkout="">
        {label}
      </a>
      <p className="price-card__note">{pricing.checkoutNote}</p>
      <Consent />
    </>
  );
}

/** The Early Bird's price: in pesos with the dollars beside it where the checkout has a peso amount, else in dollars. */
function EarlyBirdPrice({ pesoPrice }: { pesoPrice: PesoPrice | null }) {
  return (
    <>
      <div className="price-card__prices">
        <p className="price-card__old">
          <span className="visually-hidden">{pricing.formerPriceLabel}: </span>
          <del>{usd(prices.normal)}</del>
        </p>
        {pesoPrice ? (
          <Price amount={pesoAmountLabel(pesoPrice)} currency={prices.pesoCurrency} />
        ) : (
          <Price amount={String(prices.earlyBird)} currency={prices.currency} />
        )}
      </div>
      {pesoPrice && (
        <p className="price-card__dollars">
          {pricing.dollarsLabel} {usd(prices.earlyBird)}
        </p>
      )}
      <PriceNotes pesos={pesoPrice !== null} />
    </>
  );
}

function EarlyBirdCard({ offer }: { offer: EarlyBirdOffer }) {
  return (
    <div className="price-card price-card--early">
      <p className="price-card__banner">{pricing.banner}</p>
      <div className="price-card__body">
        <p className="price-card__label">{pricing.earlyBirdLabel}</p>
        <EarlyBirdPrice pesoPrice={offer.pesoPrice} />
        <p className="badge badge--saving">{pricing.savingBadge}</p>
        <p className="price-card__spots">{offer.spotsLabel}</p>
        <Island name="countdown" props={offer.countdown} hydrate="visible" />
        <p className="price-card__until">
          {pricing.untilPrefix} {offer.untilLabel}
        </p>
        <PayButton checkoutUrl={offer.checkoutUrl} label={payLabel(offer.pesoPrice, prices.earlyBird)} />
      </div>
    </div>
  );
}

/** The normal price sold through its own checkout: in pesos with the dollars beside it where it has an amount in pesos. */
function NormalSellingCard({ offer, earlyBirdTaken }: { offer: NormalOffer; earlyBirdTaken: boolean }) {
  const { pesoPrice } = offer;
  return (
    <div className="price-card price-card--normal">
      <div className="price-card__body">
        <p className="price-card__label">{pricing.normalLabel}</p>
        {pesoPrice ? (
          <>
            <Price amount={pesoAmountLabel(pesoPrice)} currency={prices.pesoCurrency} />
            <p className="price-card__dollars">
              {pricing.dollarsLabel} {usd(prices.normal)}
            </p>
          </>
        ) : (
          <Price amount={String(prices.normal)} currency={prices.currency} />
        )}
        <PriceNotes pesos={pesoPrice !== null} />
        {offer.spotsLabel && <p className="price-card__spots">{offer.spotsLabel}</p>}
        <PayButton checkoutUrl={offer.checkoutUrl} label={payLabel(pesoPrice, prices.normal)} />
        <p className="price-card__note">{earlyBirdTaken ? pricing.earlyBirdTakenSellingNote : pricing.normalSellingNote}</p>
      </div>
    </div>
  );
}

/** The brief's normal-price card: the price and a disabled button; the owner is reached by mail instead. */
function NormalCard({ contactEmail, earlyBirdTaken }: { contactEmail: string; earlyBirdTaken: boolean }) {
  return (
    <div className="price-card price-card--normal">
      <div className="price-card__body">
        <p className="price-card__label">{pricing.normalLabel}</p>
        <Price amount={String(prices.normal)} currency={prices.currency} />
        <PriceNotes pesos={false} />
        <button type="button" className="btn btn--block btn--large" disabled>
          {pricing.normalCta}
        </button>
        <p className="price-card__note">
          {earlyBirdTaken ? pricing.earlyBirdTakenNote : pricing.normalNote} <a href={`mailto:${contactEmail}`}>{contactEmail}</a>
        </p>
      </div>
    </div>
  );
}

function ContactCard({
  modifier,
  label,
  text,
  call,
  contactEmail,
}: {
  modifier: string;
  label: string;
  text: string;
  call: { label: string; subject: string };
  contactEmail: string;
}) {
  return (
    <div className={`price-card price-card--${modifier}`}>
      <div className="price-card__body">
        <p className="price-card__status">{label}</p>
        <p className="price-card__text">{text}</p>
        <a className="btn btn--primary btn--block btn--large" href={mailtoWithSubject(contactEmail, call.subject)}>
          {call.label}
        </a>
        <p className="price-card__note">
          <a href={`mailto:${contactEmail}`}>{contactEmail}</a>
        </p>
      </div>
    </div>
  );
}

/** The pricing card of each state of the sale; the Early Bird's links to its checkout, the normal price's to its own where it has one. */
export function PriceCard({ state, offer, normalOffer, earlyBirdTaken, contactEmail, workshopDateLabel }: PriceCardProps) {
  switch (state) {
    case 'early-bird':
      if (!offer) throw new Error('An Early Bird card needs its offer');
      return <EarlyBirdCard offer={offer} />;
    case 'normal':
      return normalOffer ? (
        <NormalSellingCard offer={normalOffer} earlyBirdTaken={earlyBirdTaken} />
      ) : (
        <NormalCard contactEmail={contactEmail} earlyBirdTaken={earlyBirdTaken} />
      );
    case 'sold-out':
      return (
        <ContactCard modifier="sold-out" label={pricing.soldOutLabel} text={pricing.soldOutText} call={contactCalls.waitlist} contactEmail={contactEmail} />
      );
    case 'closed':
      return (
        <ContactCard
          modifier="closed"
          label={pricing.closedLabel}
          text={`${pricing.closedTextPrefix} ${workshopDateLabel}. ${pricing.closedText}`}
          call={contactCalls.nextEdition}
          contactEmail={contactEmail}
        />
      );
    case 'cancelled':
      return (
        <ContactCard
          modifier="cancelled"
          label={pricing.cancelledLabel}
          text={`${pricing.cancelledTextPrefix} ${workshopDateLabel}. ${pricing.cancelledText}`}
          call={contactCalls.nextEdition}
          contactEmail={contactEmail}
        />
      );
  }
}
