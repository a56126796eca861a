import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { access } from '../../shared/content/accessPageWords';
import { notFound, outage, serverError } from '../../shared/content/errorPageWords';
import { details, pricing } from '../../shared/content/landingPageWords';
import { type LegalFacts, legalTexts } from '../../shared/content/legalTexts';
import { promptPage } from '../../shared/content/promptPageWords';
import { refundPromise } from '../../shared/content/salePromises';
import { prices, type SellerContact, site, workshop } from '../../shared/content/siteFacts';
import { thanks } from '../../shared/content/thanksPageWords';
import type { PageAssets } from '../../shared/buildManifest';
import { Document, type PageMeta } from '../../shared/components/Document';
import type { FooterProps } from '../../shared/components/Footer';
import { LandingPage } from '../../shared/components/LandingPage';
import { LegalPage } from '../../shared/components/LegalPage';
import { OutagePage } from '../../shared/components/OutagePage';
import type { EarlyBirdOffer, NormalOffer } from '../../shared/components/landing/PriceCard';
import { PromptPage } from '../../shared/components/PromptPage';
import { StatusPage } from '../../shared/components/StatusPage';
import { ThanksPage, type ThanksView } from '../../shared/components/ThanksPage';
import { AccessPage, type AccessView } from '../../shared/components/AccessPage';
import { calendarUrl, icsCalendar, workshopEvent, workshopUid } from '../../shared/logic/calendar';
import { cardsOnlyFromMs } from '../../shared/logic/cardsOnly';
import { eventJsonLd, type OfferFacts, type PriceFact } from '../../shared/logic/eventJsonLd';
import { type PesoPrice, pesoAmountLabel, pesoAmountValue } from '../../shared/logic/pesoPrice';
import { earlyBirdEndMs } from '../../shared/logic/sale';
import type { Spots } from '../../shared/logic/spots';
import { type LegalPageName, ROUTES } from '../../shared/routes';
import { calendarDaysAfterEndMs, cityTimes, dateTimeLabel, isoInWorkshopZone, workshopSchedule } from '../../shared/logic/schedule';
import type { SiteConfig } from '../config/settings';
import type { LandingSnapshot } from './snapshot';

/** Renders each page to a complete HTML document; the current time is an argument, never read here. */
export interface Documents {
  landing(snapshot: LandingSnapshot): string;
  prompt(year: number): string;
  /** The terms, the refund policy or the privacy notice, with the prices in pesos where the checkouts have them. */
  legal(page: LegalPageName, year: number, pesoPrice: PesoPrice | null, normalPesoPrice: PesoPrice | null): string;
  notFound(): string;
  serverError(): string;
  /** The page a shared cache keeps and shows while no instance answers. */
  outage(): string;
  /** The workshop as an iCalendar file, stamped with the given instant: the edition's event, cancelled where it is. */
  calendarFile(stampMs: number): string;
  /** The page after the checkout, for one buyer: never indexed, never kept (docs/fulfilment.md). */
  thanks(view: ThanksView, year: number): string;
  /** A buyer's personal link: never indexed, never kept. */
  access(view: AccessView, year: number): string;
}

const toHtml = (element: ReactElement): string => `<!DOCTYPE html>${renderToString(element)}`;

/** A phone as dialled: the digits, with the leading + of an international number. */
const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`;

export function createDocuments(config: SiteConfig, assets: PageAssets): Documents {
  // Everything that depends only on configuration is worked out once, not per request.
  const schedule = workshopSchedule(config.sale.workshopStartMs);
  const event = workshopEvent(schedule);
  const calendar = calendarUrl(event);
  const times = cityTimes(schedule.startMs, details.cities);
  const { contactEmail, publicUrl, checkoutUrl, trainerName } = config;
  const offerEndMs = earlyBirdEndMs(config.sale);
  const untilLabel = `${dateTimeLabel(offerEndMs)} ${workshop.zoneShortLabel}`;
  const imageUrl = `${publicUrl}${site.ogImage.path}`;
  const pricingUrl = `${publicUrl}/#${pricing.id}`;
  const seller: SellerContact = {
    name: config.seller.name,
    address: config.seller.address,
    email: contactEmail,
    phone: config.seller.phone === null ? null : { text: config.seller.phone, href: telHref(config.seller.phone) },
  };
  const footer = (year: number): FooterProps => ({ seller, social: config.social, year });
  /** The site sends each buyer's mails itself: the FAQ and the terms say so. */
  const automaticMail = config.fulfilment !== null;
  const pesos = (price: PesoPrice | null): string | null => price && `${pesoAmountLabel(price)} ${prices.pesoCurrency}`;
  // The links take cards only from this instant only where the site can change them: with the Stripe settings.
  const cardsOnlyFrom = config.spots ? `${dateTimeLabel(cardsOnlyFromMs(schedule.startMs))} ${workshop.zoneLabel}` : null;
  const legalFacts = (pesoPrice: PesoPrice | null, normalPesoPrice: PesoPrice | null): LegalFacts => ({
    seller,
    trainerName,
    earlyBirdPesos: pesos(pesoPrice),
    normalCheckout: config.normalCheckout !== null,
    normalPesos: pesos(normalPesoPrice),
    cardsOnlyFrom,
    workshopDate: schedule.fullLabel,
    earlyBirdEnd: `${dateTimeLabel(offerEndMs)} ${workshop.zoneLabel}`,
    refundDeadline: `${dateTimeLabel(calendarDaysAfterEndMs(schedule.startMs, refundPromise.windowDays))} ${workshop.zoneLabel}`,
    automaticMail,
    paths: { terms: ROUTES.terms.path, refunds: ROUTES.refunds.path, privacy: ROUTES.privacy.path },
  });
  const meta = (title: string, description: string, path: string | null): PageMeta => ({
    title,
    description,
    canonicalUrl: path === null ? null : `${publicUrl}${path}`,
    imageUrl,
  });
  const dollars = (amount: number): PriceFact => ({ price: String(amount), currency: prices.currency });
  const { normalCheckout } = config;
  /** The normal price: in pesos with the dollars beside it where its own checkout has a peso amount, at that checkout where there is one. */
  const normalOfferFacts = (availability: OfferFacts['availability'], normal: LandingSnapshot['normal']): OfferFacts => ({
    name: pricing.normalLabel,
    prices: normal.pesoPrice ? [{ price: pesoAmountValue(normal.pesoPrice), currency: prices.pesoCurrency }, dollars(prices.normal)] : [dollars(prices.normal)],
    availability,
    validThrough: isoInWorkshopZone(schedule.startMs),
    url: (availability === 'InStock' && normalCheckout?.url) || pricingUrl,
    ...(availability === 'InStock' && normal.spots && { inventoryLevel: normal.spots.remaining }),
  });
  /** In pesos with the dollars beside it where the checkout has a peso amount, as the price card shows it. */
  const earlyBirdOffer = (spots: Spots | null, pesoPrice: PesoPrice | null): OfferFacts => ({
    name: pricing.earlyBirdLabel,
    prices: pesoPrice ? [{ price: pesoAmountValue(pesoPrice), currency: prices.pesoCurrency }, dollars(prices.earlyBird)] : [dollars(prices.earlyBird)],
    availability: 'LimitedAvailability',
    validThrough: isoInWorkshopZone(offerEndMs),
    url: checkoutUrl,
    ...(spots && { inventoryLevel: spots.remaining }),
  });
  /** The Early Bird offers its price and its checkout, the normal price its own where it has one; once closed there is nothing to offer. */
  const offerFacts = ({ state, spots, pesoPrice, normal }: LandingSnapshot): OfferFacts | null => {
    switch (state) {
      case 'early-bird':
        return earlyBirdOffer(spots, pesoPrice);
      case 'normal':
        return normalOfferFacts('InStock', normal);
      case 'sold-out':
        return normalOfferFacts('SoldOut', normal);
      case 'closed':
      case 'cancelled':
        return null;
    }
  };
  const jsonLd = (snapshot: LandingSnapshot) =>
    eventJsonLd({
      name: workshop.title,
      description: site.description,
      startDate: isoInWorkshopZone(schedule.startMs),
      endDate: isoInWorkshopZone(schedule.endMs),
      pageUrl: `${publicUrl}/`,
      imageUrl,
      performerName: trainerName,
      offer: offerFacts(snapshot),
      cancelled: snapshot.state === 'cancelled',
    });

  return {
    landing: (snapshot) => {
      const { state, spots, pesoPrice, normal, earlyBirdTaken, clock, year } = snapshot;
      const spotsLabel = spots ? pricing.spotsLeft(spots.remaining, spots.limit) : pricing.spots;
      const offer: EarlyBirdOffer | null =
        state === 'early-bird' ? { checkoutUrl, untilLabel, spotsLabel, countdown: { ...clock, endMs: offerEndMs }, pesoPrice } : null;
      // The Early Bird page carries it too, in its template of the normal price.
      const normalOffer: NormalOffer | null =
        normalCheckout && (state === 'early-bird' || state === 'normal')
          ? { checkoutUrl: normalCheckout.url, spotsLabel: normal.spots && pricing.normalSpotsLeft(normal.spots.remaining), pesoPrice: normal.pesoPrice }
          : null;
      return toHtml(
        <Document meta={meta(site.title, site.description, ROUTES.landing.path)} assets={assets} stylesheet="landing" hasScript jsonLd={jsonLd(snapshot)}>
          <LandingPage
            sale={snapshot}
            offer={offer}
            normalOffer={normalOffer}
            earlyBirdTaken={earlyBirdTaken}
            schedule={schedule}
            calendarUrl={calendar}
            icsUrl={ROUTES.calendarFile.path}
            cityTimes={times}
            contactEmail={contactEmail}
            trainerName={trainerName}
            trainerPhoto={assets.trainerPhoto}
            automaticMail={automaticMail}
            footer={footer(year)}
          />
        </Document>,
      );
    },
    prompt: (year) =>
      toHtml(
        <Document meta={meta(promptPage.title, promptPage.description, ROUTES.prompt.path)} assets={assets} stylesheet="simple" hasScript>
          <PromptPage footer={footer(year)} />
        </Document>,
      ),
    legal: (page, year, pesoPrice, normalPesoPrice) => {
      const text = legalTexts[page](legalFacts(pesoPrice, normalPesoPrice));
      return toHtml(
        <Document meta={meta(text.title, text.description, ROUTES[page].path)} assets={assets} stylesheet="simple" hasScript={false}>
          <LegalPage text={text} footer={footer(year)} />
        </Document>,
      );
    },
    notFound: () =>
      toHtml(
        <Document meta={meta(`${notFound.title} | ${site.name}`, site.description, null)} assets={assets} stylesheet="simple" hasScript={false}>
          <StatusPage code={404} heading={notFound.heading} homeLink={notFound.homeLink} />
        </Document>,
      ),
    serverError: () =>
      toHtml(
        <Document meta={meta(`${serverError.title} | ${site.name}`, site.description, null)} assets={assets} stylesheet="simple" hasScript={false}>
          <StatusPage code={500} heading={serverError.heading} text={serverError.text} homeLink={serverError.homeLink} />
        </Document>,
      ),
    outage: () =>
      toHtml(
        <Document meta={meta(`${outage.title} | ${site.name}`, site.description, null)} assets={assets} stylesheet="simple" hasScript={false}>
          <OutagePage contactEmail={contactEmail} />
        </Document>,
      ),
    thanks: (view, year) =>
      toHtml(
        <Document meta={meta(`${thanks.title} | ${site.name}`, site.description, null)} assets={assets} stylesheet="simple" hasScript={false}>
          <ThanksPage view={view} contactEmail={contactEmail} footer={footer(year)} />
        </Document>,
      ),
    access: (view, year) =>
      toHtml(
        <Document meta={meta(`${access.title} | ${site.name}`, site.description, null)} assets={assets} stylesheet="simple" hasScript={false}>
          <AccessPage view={view} contactEmail={contactEmail} footer={footer(year)} />
        </Document>,
      ),
    calendarFile: (stampMs) =>
      icsCalendar({
        event,
        uid: workshopUid(config.edition, publicUrl),
        cancelled: config.sale.cancelled,
        stampMs,
        url: `${publicUrl}/`,
        organizer: { name: trainerName, email: contactEmail },
        reminders: [{ text: details.icsReminder, minutes: 60 }],
      }),
  };
}
