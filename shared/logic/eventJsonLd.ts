import type { PricePhase } from './pricing';

export interface EventFacts {
  name: string;
  description: string;
  /** ISO 8601 with offset. */
  startDate: string;
  endDate: string;
  pageUrl: string;
  imageUrl: string;
  performerName: string;
  phase: PricePhase;
  price: number;
  currency: string;
  /** The Early Bird deadline in the Early Bird phase, the start of the workshop after it. */
  validThrough: string;
  offerUrl: string;
}

/** A schema.org Event for search engines: an online event whose offer follows the price phase. */
export function eventJsonLd(facts: EventFacts) {
  const trainer = { '@type': 'Person', name: facts.performerName, url: facts.pageUrl };
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: facts.name,
    description: facts.description,
    startDate: facts.startDate,
    endDate: facts.endDate,
    eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
    eventStatus: 'https://schema.org/EventScheduled',
    location: { '@type': 'VirtualLocation', url: facts.pageUrl },
    image: [facts.imageUrl],
    inLanguage: 'es',
    performer: trainer,
    organizer: trainer,
    offers: {
      '@type': 'Offer',
      name: facts.phase === 'early-bird' ? 'Early Bird' : 'Precio normal',
      price: String(facts.price),
      priceCurrency: facts.currency,
      availability: facts.phase === 'early-bird' ? 'https://schema.org/LimitedAvailability' : 'https://schema.org/InStock',
      validThrough: facts.validThrough,
      url: facts.offerUrl,
    },
  };
}
