import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { notFound, promptPage, serverError, site, workshop } from '../shared/content';
import { Document, type PageAssets } from '../shared/components/Document';
import { LandingPage } from '../shared/components/LandingPage';
import { PromptPage } from '../shared/components/PromptPage';
import { StatusPage } from '../shared/components/StatusPage';
import { calendarUrl } from '../shared/logic/calendar';
import { workshopSchedule } from '../shared/logic/schedule';
import type { SiteConfig } from './config';

/** Renders each page to a complete HTML document; the current time is an argument, never read here. */
export interface Pages {
  landing(nowMs: number, year: number): string;
  prompt(year: number): string;
  notFound(): string;
  serverError(): string;
}

const toHtml = (element: ReactElement): string => `<!DOCTYPE html>${renderToString(element)}`;

export function createPages(config: SiteConfig, assets: PageAssets): Pages {
  // Everything that depends only on configuration is worked out once, not per request.
  const schedule = workshopSchedule(config.workshopStartMs);
  const calendar = calendarUrl({
    title: workshop.title,
    startMs: schedule.startMs,
    endMs: schedule.endMs,
    description: workshop.calendarDescription,
    location: workshop.calendarLocation,
  });
  const { contactEmail } = config;

  return {
    landing: (nowMs, year) =>
      toHtml(
        <Document title={site.title} description={site.description} assets={assets} hasIslands>
          <LandingPage
            schedule={schedule}
            calendarUrl={calendar}
            card={{ nowMs, deadlineMs: config.earlyBirdDeadlineMs, checkoutUrl: config.checkoutUrl, contactEmail }}
            contactEmail={contactEmail}
            year={year}
          />
        </Document>,
      ),
    prompt: (year) =>
      toHtml(
        <Document title={promptPage.title} description={promptPage.description} assets={assets} hasIslands>
          <PromptPage contactEmail={contactEmail} year={year} />
        </Document>,
      ),
    notFound: () =>
      toHtml(
        <Document title={`${notFound.title} | ${site.name}`} description={site.description} assets={assets} hasIslands={false}>
          <StatusPage code={404} heading={notFound.heading} homeLink={notFound.homeLink} />
        </Document>,
      ),
    serverError: () =>
      toHtml(
        <Document title={`${serverError.title} | ${site.name}`} description={site.description} assets={assets} hasIslands={false}>
          <StatusPage code={500} heading={serverError.heading} text={serverError.text} homeLink={serverError.homeLink} />
        </Document>,
      ),
  };
}
