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
import type { LiveSale } from '../sale/liveSale';
import { linkOf, type SaleSettings } from '../sale/saleSettings';
import { createDocuments, type Documents } from './documents';
import { recentKeysMemo } from './recentKeysMemo';
import type { Preparable } from './renderAhead';
import {
  htmlCacheControl,
  keptAtMost,
  type LandingSnapshot,
  landingSnapshot,
  type PricedSnapshot,
  pricedSnapshot,
  type Snapshot,
  yearSnapshot,
} from './snapshot';
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
  /** The .ics file, stamped to the minute, and how long it may be kept. */
  calendarFile(): Promise<PageBody>;
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
  /** The sale's settings in force at each instant (server/sale/liveSale.ts): the pages follow them. */
  live: LiveSale;
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

/** The fixed files' life in every cache; bounded, as the pages are, where a change of the sale can come sooner. */
const FILE_MAX_AGE = 3600;
/** How much sooner than a change a copy must be gone: its way to the cache. */
const TRANSIT_MS = 1000;

/** The settings as the documents read them: the sale's dates, its edition and its checkouts, as in force. */
const configIn = (config: SiteConfig, settings: SaleSettings): SiteConfig => {
  const earlyBird = linkOf(settings, 'early_bird');
  const normal = linkOf(settings, 'normal');
  return {
    ...config,
    sale: settings.sale,
    edition: settings.edition,
    checkoutUrl: earlyBird?.checkoutUrl ?? config.checkoutUrl,
    normalCheckout: normal ? { paymentLink: normal.paymentLink, url: normal.checkoutUrl } : null,
  };
};

/** Which snapshot a request gets, and its body: from memory when that snapshot was rendered before. */
export function createBodies({ config, assets, clock, logger, metrics, spots, price, normal, live }: PageBodiesOptions): PageBodies {
  /** The pages that show nothing of the sale (the prompt, the errors, the buyer's pages), from the settings the site started with. */
  const fixed = createDocuments(config, assets);
  /** The documents of the settings in force, made again when they change. */
  let made: { version: string; documents: Documents } | null = null;
  const documentsOf = (settings: SaleSettings): Documents => {
    if (made?.version !== settings.version) made = { version: settings.version, documents: createDocuments(configIn(config, settings), assets) };
    return made.documents;
  };
  /**
   * A page whose words a change of the sale can end is kept by a shared cache no longer than such a change takes to be
   * in force here: the one waiting's instant, or the undo window less a poll for one not yet known. So every copy at the
   * edge is gone when a change shows, without a purge (docs/caching.md).
   */
  const bounded = <T extends Pick<Snapshot, 'sharedMaxAge'>>(snapshot: T, nowMs: number): T => {
    const withinMs = live.nextChangeWithinMs(nowMs);
    return keptAtMost(snapshot, withinMs === null ? null : Math.floor((withinMs - TRANSIT_MS) / 1000));
  };
  const spotsNow = () => spots?.current() ?? null;
  const priceNow = () => price?.pesoPrice() ?? null;
  const normalNow = () => ({ spots: normal?.current() ?? null, pesoPrice: normal?.pesoPrice() ?? null });
  /** A legal page's snapshot: the terms follow the price, the others only the year. */
  const legalSnapshot = (page: LegalPageName, nowMs: number, settings: SaleSettings): PricedSnapshot => {
    const snapshot = PRICED_PAGES.includes(page)
      ? pricedSnapshot(nowMs, priceNow(), price !== undefined, normal?.pesoPrice() ?? null)
      : { ...yearSnapshot(nowMs), pesoPrice: null, normalPesoPrice: null };
    // The legal pages state the edition's dates: their key follows the settings.
    return bounded({ ...snapshot, key: `${settings.version}:${snapshot.key}` }, nowMs);
  };
  /** The landing page of the settings in force at `nowMs`, its key theirs too. */
  const landingAt = (nowMs: number): { snapshot: LandingSnapshot; documents: Documents } => {
    const settings = live.current(nowMs);
    const snapshot = landingSnapshot(nowMs, settings.sale, spotsNow(), priceNow(), normalNow());
    return { snapshot: bounded({ ...snapshot, key: `${settings.version}:${snapshot.key}` }, nowMs), documents: documentsOf(settings) };
  };

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
  const renderLanding = (snapshot: LandingSnapshot, documents: Documents) => async () => encodeBody(documents.landing(snapshot));
  const prompt = memo('prompt');
  const renderPrompt = (year: number) => async () => encodeBody(fixed.prompt(year));
  const legal = Object.fromEntries(LEGAL_PAGES.map((page) => [page, memo(page)])) as Record<LegalPageName, ReturnType<typeof memo>>;
  const renderLegal = (page: LegalPageName, snapshot: PricedSnapshot, documents: Documents) => async () =>
    encodeBody(documents.legal(page, snapshot.year, snapshot.pesoPrice, snapshot.normalPesoPrice));
  const calendar = memo('calendar');

  let lastLandingVisitMs = Number.NEGATIVE_INFINITY;

  return {
    async landing() {
      lastLandingVisitMs = clock();
      const { snapshot, documents } = landingAt(lastLandingVisitMs);
      const body = await landing.serve(snapshot.key, snapshot.state, renderLanding(snapshot, documents));
      return { body, cacheControl: htmlCacheControl(snapshot) };
    },
    async prompt() {
      const snapshot = yearSnapshot(clock());
      const body = await prompt.serve(snapshot.key, 'none', renderPrompt(snapshot.year));
      return { body, cacheControl: htmlCacheControl(snapshot) };
    },
    async legal(page) {
      const now = clock();
      const settings = live.current(now);
      const snapshot = legalSnapshot(page, now, settings);
      const body = await legal[page].serve(snapshot.key, 'none', renderLegal(page, snapshot, documentsOf(settings)));
      return { body, cacheControl: htmlCacheControl(snapshot) };
    },
    async calendarFile() {
      const now = clock();
      const settings = live.current(now);
      // DTSTAMP says when the file was made: to the minute, so one file serves a whole minute of downloads.
      const minute = Math.floor(now / 60_000) * 60_000;
      const body = await calendar.serve(`${settings.version}:${minute}`, 'none', async () => encodeBody(documentsOf(settings).calendarFile(minute)));
      const { sharedMaxAge } = bounded({ sharedMaxAge: FILE_MAX_AGE }, now);
      return { body, cacheControl: sharedMaxAge === null ? 'no-store' : `public, max-age=${sharedMaxAge}` };
    },
    notFound: encodeBody(fixed.notFound()),
    outage: encodeBody(fixed.outage()),
    serverErrorHtml: () => fixed.serverError(),
    thanksHtml: (view, year) => fixed.thanks(view, year),
    accessHtml: (view, year) => fixed.access(view, year),
    prepareLanding(secondMs) {
      const { snapshot, documents } = landingAt(secondMs);
      landing.prepare(snapshot.key, snapshot.state, ROUTES.landing.path, renderLanding(snapshot, documents));
    },
    prepareYearPages() {
      const snapshot = yearSnapshot(clock());
      prompt.prepare(snapshot.key, 'none', ROUTES.prompt.path, renderPrompt(snapshot.year));
      const settings = live.current(clock());
      for (const page of LEGAL_PAGES) {
        const legalNow = legalSnapshot(page, clock(), settings);
        legal[page].prepare(legalNow.key, 'none', ROUTES[page].path, renderLegal(page, legalNow, documentsOf(settings)));
      }
    },
    lastLandingVisitMs: () => lastLandingVisitMs,
  };
}
