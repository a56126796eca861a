import type { PageAssets } from '../../shared/buildManifest';
import type { ThanksView } from '../../shared/components/ThanksPage';
import type { AccessView } from '../../shared/components/AccessPage';
import type { SaleState } from '../../shared/logic/sale';
import { LEGAL_PAGES, type LegalPageName, ROUTES } from '../../shared/routes';
import type { Clock } from '../ops/clock';
import type { SiteConfig } from '../config/settings';
import { encodeBody, type EncodedBody } from '../http/encodedBody';
import type { Logger } from '../ops/logger';
import type { Metrics, PageName } from '../ops/metrics';
import { createDocuments } from './documents';
import { recentKeysMemo } from './recentKeysMemo';
import type { Preparable } from './renderAhead';
import { htmlCacheControl, type LandingSnapshot, landingSnapshot, type PricedSnapshot, pricedSnapshot, yearSnapshot } from './snapshot';
import type { PriceFeed, SpotsFeed } from '../spots/poller';

/** A page's body for this moment, and how long caches may keep it. */
interface PageBody {
  body: EncodedBody;
  cacheControl: string;
}

/** Every body the app serves, rendered and compressed once per snapshot, then served from memory. */
export interface PageBodies extends Preparable {
  landing(): Promise<PageBody>;
  prompt(): Promise<PageBody>;
  /** The terms, the refund policy or the privacy notice: like the prompt page, they change with the year; the terms with the price in pesos too. */
  legal(page: LegalPageName): Promise<PageBody>;
  /** The .ics file, stamped to the minute. */
  calendarFile(): Promise<EncodedBody>;
  notFound: Promise<EncodedBody>;
  outage: Promise<EncodedBody>;
  /** Rendered when it is needed: a fault may have left nothing else to answer with. */
  serverErrorHtml(): string;
  /** One buyer's page after the checkout: rendered for each request, never kept. */
  thanksHtml(view: ThanksView, year: number): string;
  /** One buyer's personal link: rendered for each request, never kept. */
  accessHtml(view: AccessView, year: number): string;
}

export interface PageBodiesOptions {
  config: SiteConfig;
  assets: PageAssets;
  clock: Clock;
  logger: Logger;
  metrics?: Metrics;
  spots?: SpotsFeed;
  /** The checkout's price in pesos; absent: the pages show dollars. */
  price?: PriceFeed;
  /** The normal price's own checkout, where it has one: its places and its price in pesos. */
  normal?: SpotsFeed & PriceFeed;
}

/** The legal pages that state the checkout's price. */
const PRICED_PAGES: readonly LegalPageName[] = ['terms'];

/** Which snapshot a request gets, and its body: from memory when that snapshot was rendered before. */
export function createBodies({ config, assets, clock, logger, metrics, spots, price, normal }: PageBodiesOptions): PageBodies {
  const documents = createDocuments(config, assets);
  const spotsNow = () => spots?.current() ?? null;
  const priceNow = () => price?.pesoPrice() ?? null;
  const normalNow = () => ({ spots: normal?.current() ?? null, pesoPrice: normal?.pesoPrice() ?? null });
  /** A legal page's snapshot: the terms follow the price, the others only the year. */
  const legalSnapshot = (page: LegalPageName, nowMs: number): PricedSnapshot =>
    PRICED_PAGES.includes(page)
      ? pricedSnapshot(nowMs, priceNow(), price !== undefined, normal?.pesoPrice() ?? null)
      : { ...yearSnapshot(nowMs), pesoPrice: null, normalPesoPrice: null };

  /** A page's bodies for its most recent snapshot keys, each rendered once. */
  const memo = (page: PageName, slots = 1) => {
    const recent = recentKeysMemo<EncodedBody>(slots);
    /** Every render is counted, whoever asked for it. */
    const counted = (key: string, state: SaleState | 'none', render: () => Promise<EncodedBody>) => {
      const made = recent(key, render);
      if (made.made) metrics?.pageRendered(page, state);
      return made;
    };
    return {
      /** For a request: a render, or a body already in memory. */
      serve(key: string, state: SaleState | 'none', render: () => Promise<EncodedBody>): Promise<EncodedBody> {
        const { value, made } = counted(key, state, render);
        if (!made) metrics?.pageFromMemory(page, state);
        return value;
      },
      /** Before any request asks for it; a failure is logged here, and the request that asks for it answers it. */
      prepare(key: string, state: SaleState | 'none', path: string, render: () => Promise<EncodedBody>): void {
        counted(key, state, render).value.catch((error: unknown) => {
          logger.error({ event: 'render_error', err: error, path }, 'rendering ahead failed');
        });
      },
    };
  };

  // Two slots: the current second's landing page, and the next one's, rendered ahead.
  const landing = memo('landing', 2);
  // Renders are async, so that a fault while rendering rejects the body's promise (which the memo then
  // forgets) rather than throwing out of the render-ahead's timer.
  const renderLanding = (snapshot: LandingSnapshot) => async () => encodeBody(documents.landing(snapshot));
  const prompt = memo('prompt');
  const renderPrompt = (year: number) => async () => encodeBody(documents.prompt(year));
  const legal = Object.fromEntries(LEGAL_PAGES.map((page) => [page, memo(page)])) as Record<LegalPageName, ReturnType<typeof memo>>;
  const renderLegal = (page: LegalPageName, snapshot: PricedSnapshot) => async () =>
    encodeBody(documents.legal(page, snapshot.year, snapshot.pesoPrice, snapshot.normalPesoPrice));
  const calendar = memo('calendar');

  let lastLandingVisitMs = Number.NEGATIVE_INFINITY;

  return {
    async landing() {
      lastLandingVisitMs = clock();
      const snapshot = landingSnapshot(lastLandingVisitMs, config.sale, spotsNow(), priceNow(), normalNow());
      const body = await landing.serve(snapshot.key, snapshot.state, renderLanding(snapshot));
      return { body, cacheControl: htmlCacheControl(snapshot) };
    },
    async prompt() {
      const snapshot = yearSnapshot(clock());
      const body = await prompt.serve(snapshot.key, 'none', renderPrompt(snapshot.year));
      return { body, cacheControl: htmlCacheControl(snapshot) };
    },
    async legal(page) {
      const snapshot = legalSnapshot(page, clock());
      const body = await legal[page].serve(snapshot.key, 'none', renderLegal(page, snapshot));
      return { body, cacheControl: htmlCacheControl(snapshot) };
    },
    calendarFile() {
      // DTSTAMP says when the file was made: to the minute, so one file serves a whole minute of downloads.
      const minute = Math.floor(clock() / 60_000) * 60_000;
      return calendar.serve(String(minute), 'none', () => encodeBody(documents.calendarFile(minute)));
    },
    notFound: encodeBody(documents.notFound()),
    outage: encodeBody(documents.outage()),
    serverErrorHtml: () => documents.serverError(),
    thanksHtml: (view, year) => documents.thanks(view, year),
    accessHtml: (view, year) => documents.access(view, year),
    prepareLanding(secondMs) {
      const snapshot = landingSnapshot(secondMs, config.sale, spotsNow(), priceNow(), normalNow());
      landing.prepare(snapshot.key, snapshot.state, ROUTES.landing.path, renderLanding(snapshot));
    },
    prepareYearPages() {
      const snapshot = yearSnapshot(clock());
      prompt.prepare(snapshot.key, 'none', ROUTES.prompt.path, renderPrompt(snapshot.year));
      for (const page of LEGAL_PAGES) {
        const legalNow = legalSnapshot(page, clock());
        legal[page].prepare(legalNow.key, 'none', ROUTES[page].path, renderLegal(page, legalNow));
      }
    },
    lastLandingVisitMs: () => lastLandingVisitMs,
  };
}
