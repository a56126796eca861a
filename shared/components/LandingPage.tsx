import type { PricingCardProps } from '../islands/types';
import type { CityTime, WorkshopSchedule } from '../logic/schedule';
import { Footer } from './Footer';
import { Audience } from './landing/Audience';
import { Closing } from './landing/Closing';
import { Details } from './landing/Details';
import { FaqSection } from './landing/FaqSection';
import { Hero } from './landing/Hero';
import { NavBar } from './landing/NavBar';
import { Outcomes } from './landing/Outcomes';
import { Pillars } from './landing/Pillars';
import { PricingSection } from './landing/PricingSection';
import { Trainer } from './landing/Trainer';
import { WhatItIs } from './landing/WhatItIs';

export interface LandingPageProps {
  schedule: WorkshopSchedule;
  calendarUrl: string;
  icsUrl: string;
  cityTimes: CityTime[];
  card: PricingCardProps;
  contactEmail: string;
  year: number;
}

/** The sections in the order of the spec. */
export function LandingPage({ schedule, calendarUrl, icsUrl, cityTimes, card, contactEmail, year }: LandingPageProps) {
  return (
    <>
      <NavBar />
      <main id="contenido">
        <Hero schedule={schedule} />
        <WhatItIs />
        <Audience />
        <Outcomes />
        <Pillars />
        <Trainer />
        <Details schedule={schedule} calendarUrl={calendarUrl} icsUrl={icsUrl} cityTimes={cityTimes} />
        <PricingSection card={card} />
        <FaqSection />
        <Closing />
      </main>
      <Footer contactEmail={contactEmail} year={year} />
    </>
  );
}
