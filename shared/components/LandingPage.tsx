import type { CityTime, WorkshopSchedule } from '../logic/schedule';
import { Footer, type FooterProps } from './Footer';
import { SALE_CLOCK_ID } from '../logic/pageClock';
import { jsonForScript } from './jsonForScript';
import { Audience } from './landing/Audience';
import { Closing } from './landing/Closing';
import { Details } from './landing/Details';
import { FaqSection } from './landing/FaqSection';
import { Hero } from './landing/Hero';
import { NavBar } from './landing/NavBar';
import { Outcomes } from './landing/Outcomes';
import { Pillars } from './landing/Pillars';
import type { EarlyBirdOffer, NormalOffer } from './landing/PriceCard';
import { PricingSection } from './landing/PricingSection';
import { Trainer } from './landing/Trainer';
import { WhatItIs } from './landing/WhatItIs';
import type { ResponsivePhoto } from './responsivePhoto';
import type { SaleView } from './SaleSlot';

export interface LandingPageProps {
  sale: SaleView;
  /** Only in the Early Bird state. */
  offer: EarlyBirdOffer | null;
  /** The normal price's own checkout, in the normal state and in the Early Bird page's template of it; null without one. */
  normalOffer: NormalOffer | null;
  /** The normal price because the checkout sold the Early Bird's last spot. */
  earlyBirdTaken: boolean;
  schedule: WorkshopSchedule;
  calendarUrl: string;
  icsUrl: string;
  cityTimes: CityTime[];
  contactEmail: string;
  /** TRAINER_NAME. */
  trainerName: string;
  trainerPhoto: ResponsivePhoto;
  /** The site sends each buyer's confirmation mail itself (docs/fulfilment.md). */
  automaticMail: boolean;
  footer: FooterProps;
}

/** The sections in the order of the spec. */
export function LandingPage({
  sale,
  offer,
  normalOffer,
  earlyBirdTaken,
  schedule,
  calendarUrl,
  icsUrl,
  cityTimes,
  contactEmail,
  trainerName,
  trainerPhoto,
  automaticMail,
  footer,
}: LandingPageProps) {
  return (
    <>
      <NavBar sale={sale} contactEmail={contactEmail} />
      <main id="contenido">
        <Hero schedule={schedule} sale={sale} contactEmail={contactEmail} trainerName={trainerName} />
        <WhatItIs />
        <Audience />
        <Outcomes />
        <Pillars />
        <Trainer name={trainerName} photo={trainerPhoto} />
        <Details sale={sale} schedule={schedule} calendarUrl={calendarUrl} icsUrl={icsUrl} cityTimes={cityTimes} />
        <PricingSection
          sale={sale}
          offer={offer}
          normalOffer={normalOffer}
          earlyBirdTaken={earlyBirdTaken}
          contactEmail={contactEmail}
          workshopDateLabel={schedule.dateLabel}
        />
        <FaqSection automaticMail={automaticMail} />
        <Closing sale={sale} contactEmail={contactEmail} />
      </main>
      <Footer {...footer} />
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: JSON escaped by jsonForScript, never executed */}
      {sale.upcoming.length > 0 && <script type="application/json" id={SALE_CLOCK_ID} dangerouslySetInnerHTML={{ __html: jsonForScript(sale.clock) }} />}
    </>
  );
}
