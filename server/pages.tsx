import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { details, notFound, prices, promptPage, serverError, site, trainer, workshop } from '../shared/content';
import { Document, type PageAssets, type PageMeta } from '../shared/components/Document';
import { LandingPage } from '../shared/components/LandingPage';
import { PromptPage } from '../shared/components/PromptPage';
import { StatusPage } from '../shared/components/StatusPage';
import { calendarUrl, icsCalendar, type CalendarEvent } from '../shared/logic/calendar';
import { eventJsonLd } from '../shared/logic/eventJsonLd';
import { pricePhase } from '../shared/logic/pricing';
import { cityTimes, isoInWorkshopZone, workshopSchedule } from '../shared/logic/schedule';
import type { SiteConfig } from './config';

/** Renders each page to a complete HTML document; the current time is an argument, never read here. */
export interface Pages {
  landing(nowMs: number, year: number): string;
  prompt(year: number): string;
  notFound(): string;
  serverError(): string;
  /** The workshop as an iCalendar file, stamped with the given instant. */
  calendarFile(stampMs: number): string;
}

/** Where the .ics download is served. */
export const ICS_PATH = `/${details.icsFileName}`;

const toHtml = (element: ReactElement): string => `<!DOCTYPE html>${renderToString(element)}`;

export function createPages(config: SiteConfig, assets: PageAssets): Pages {
  // Everything that depends only on configuration is worked out once, not per request.
  const schedule = workshopSchedule(config.workshopStartMs);
  const event: CalendarEvent = {
    title: workshop.title,
    startMs: schedule.startMs,
    endMs: schedule.endMs,
    description: workshop.calendarDescription,
    location: workshop.calendarLocation,
  };
  const calendar = calendarUrl(event);
  const times = cityTimes(schedule.startMs, details.cities);
  const { contactEmail, publicUrl } = config;
  const imageUrl = `${publicUrl}${site.ogImage.path}`;
  const meta = (title: string, description: string, path: string | null): PageMeta => ({
    title,
    description,
    canonicalUrl: path === null ? null : `${publicUrl}${path}`,
    imageUrl,
  });
  const jsonLdAt = (nowMs: number) => {
    const phase = pricePhase(nowMs, config.earlyBirdDeadlineMs);
    return eventJsonLd({
      name: workshop.title,
      description: site.description,
      startDate: isoInWorkshopZone(schedule.startMs),
      endDate: isoInWorkshopZone(schedule.endMs),
      pageUrl: `${publicUrl}/`,
      imageUrl,
      performerName: trainer.name,
      phase,
      price: phase === 'early-bird' ? prices.earlyBird : prices.normal,
      currency: prices.currency,
      validThrough: isoInWorkshopZone(phase === 'early-bird' ? config.earlyBirdDeadlineMs : schedule.startMs),
      offerUrl: phase === 'early-bird' ? config.checkoutUrl : `${publicUrl}/#precios`,
    });
  };

  return {
    landing: (nowMs, year) =>
      toHtml(
        <Document meta={meta(site.title, site.description, '/')} assets={assets} hasIslands jsonLd={jsonLdAt(nowMs)}>
          <LandingPage
            schedule={schedule}
            calendarUrl={calendar}
            icsUrl={ICS_PATH}
            cityTimes={times}
            card={{ nowMs, deadlineMs: config.earlyBirdDeadlineMs, checkoutUrl: config.checkoutUrl, contactEmail }}
            contactEmail={contactEmail}
            year={year}
          />
        </Document>,
      ),
    prompt: (year) =>
      toHtml(
        <Document meta={meta(promptPage.title, promptPage.description, '/prompt1')} assets={assets} hasIslands>
          <PromptPage contactEmail={contactEmail} year={year} />
        </Document>,
      ),
    notFound: () =>
      toHtml(
        <Document meta={meta(`${notFound.title} | ${site.name}`, site.description, null)} assets={assets} hasIslands={false}>
          <StatusPage code={404} heading={notFound.heading} homeLink={notFound.homeLink} />
        </Document>,
      ),
    serverError: () =>
      toHtml(
        <Document meta={meta(`${serverError.title} | ${site.name}`, site.description, null)} assets={assets} hasIslands={false}>
          <StatusPage code={500} heading={serverError.heading} text={serverError.text} homeLink={serverError.homeLink} />
        </Document>,
      ),
    calendarFile: (stampMs) =>
      icsCalendar({
        event,
        uid: `taller-${schedule.startMs}@${new URL(publicUrl).hostname}`,
        stampMs,
        url: `${publicUrl}/`,
        reminderText: details.icsReminder,
        reminderMinutes: 60,
      }),
  };
}
