/** A price as schema.org writes it: the amount with a point and no grouping, and its ISO 4217 code. */
export interface PriceFact {
  price: string;
  currency: string;
}

export interface OfferFacts {
  name: string;
  /** The price, then any other currency's amount beside it; every one the total, taxes included. */
  prices: [PriceFact, ...PriceFact[]];
  availability: 'LimitedAvailability' | 'InStock' | 'SoldOut';
  /** ISO 8601 with offset: when this price stops applying. */
  validThrough: string;
  url: string;
  /** How many can still be bought at this price, when the checkout has said. */
  inventoryLevel?: number;
}

export interface EventFacts {
  name: string;
  description: string;
  /** ISO 8601 with offset. */
  startDate: string;
  endDate: string;
  pageUrl: string;
  imageUrl: string;
  performerName: string;
  /** What can be bought now; null once registration has closed. */
  offer: OfferFacts | null;
  /** The owner called it off: schema.org's EventCancelled, and nothing to buy. */
  cancelled: boolean;
}

/**
 * A schema.org Event for search engines: an online event whose offer follows the state of the sale, priced as the
 * page prices it (in pesos with the dollars beside, where the checkout has a peso amount), taxes included; a cancelled
 * one says so, with no offer. Its facts, the offer's for each state included, are chosen by `offerFacts` in
 * server/render/documents.tsx, which puts it in the landing page (tests/routes/seo.test.ts, tests/routes/sale-pages.test.ts).
 */
export function eventJsonLd(facts: EventFacts) {
  const trainer = { '@type': 'Person', name: facts.performerName, url: facts.pageUrl };
  const { offer } = facts;
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: facts.name,
    description: facts.description,
    startDate: facts.startDate,
    endDate: facts.endDate,
    eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
    eventStatus: facts.cancelled ? 'https://schema.org/EventCancelled' : 'https://schema.org/EventScheduled',
    location: { '@type': 'VirtualLocation', url: facts.pageUrl },
    image: [facts.imageUrl],
    inLanguage: 'es',
    performer: trainer,
    organizer: trainer,
    ...(offer && {
      offers: {
        '@type': 'Offer',
        name: offer.name,
        price: offer.prices[0].price,
        priceCurrency: offer.prices[0].currency,
        priceSpecification: offer.prices.map(({ price, currency }) => ({
          '@type': 'PriceSpecification',
          price,
          priceCurrency: currency,
          valueAddedTaxIncluded: true,
        })),
        availability: `https://schema.org/${offer.availability}`,
        validThrough: offer.validThrough,
        url: offer.url,
        ...(offer.inventoryLevel !== undefined && { inventoryLevel: { '@type': 'QuantitativeValue', value: offer.inventoryLevel } }),
      },
    }),
  };
}
