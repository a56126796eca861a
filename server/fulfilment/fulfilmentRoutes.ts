import { randomBytes } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { LinkRole } from '../../shared/logic/sale';
import type { AccessView } from '../../shared/components/AccessPage';
import type { ThanksView } from '../../shared/components/ThanksPage';
import { workshopUid } from '../../shared/logic/calendar';
import { journeyTimeline } from '../../shared/logic/journey';
import { fillPath, ROUTES } from '../../shared/routes';
import { sellingLinks } from '../config/sellingLinks';
import type { FulfilmentSettings, SiteConfig } from '../config/settings';
import type { Clock } from '../ops/clock';
import type { Logger } from '../ops/logger';
import type { Metrics } from '../ops/metrics';
import type { Scheduler } from '../ops/scheduler';
import { type CallKind, type LaneName, waitOn } from '../stripe/pace';
import type { StripeBoundary } from '../stripe/stripeBoundary';
import { accessToken, purchaseReference, sampleToken } from './pages/accessToken';
import { accessPage } from './pages/accessRoute';
import { checkoutApi } from '../stripe/checkoutApi';
import { purchaseOf } from './records/purchase';
import type { EditionTerms } from './records/purchaseJourney';
import { createEndAccess, createFulfil, createVerify, type Verified, verifiedOf } from './settle/fulfilSession';
import { type FulfilmentMetrics, registerFulfilmentMetrics } from './reports/fulfilmentMetrics';
import { buyerInvite } from './mail/buyerInvite';
import { createLinkLimit } from './links/placesBackAtLink';
import { mailMessages } from './mail/mailMessages';
import { smtpMailer } from './mail/smtpMailer';
import { refundAction } from './pages/refundAction';
import { readBudget } from './pages/stripeReadBudget';
import { recentSessions } from './pages/recentSessions';
import { createSendOnce } from './mail/sendMailOnce';
import { createRefundOnce } from './settle/refundOnce';
import { listedUntilNextMs, REMEMBER_MS, sessionLookup } from './pages/sessionLookup';
import { createSettle } from './settle/settlePurchase';
import { createSweep, type Sweep } from './sweep/purchaseSweep';
import { thanksPage } from './pages/thanksRoute';
import { stripeWebhook } from './webhook/stripeWebhook';

/**
 * Each call to Stripe ends within this, well inside the edge's bound on the pages (deploy/varnish/taller.vcl): a
 * read that takes longer gets the page's 503, and the webhook's non-2xx.
 */
const STRIPE_DEADLINE_MS = 4_000;
/**
 * Reads for the buyer's pages, per instance, each page its own budget so that a flood of made-up ids at one never
 * empties the other's: after the checkout, 1.5 a second and ten at once; the personal link, which a buyer the instance
 * knows (from its sweep's listing or an event) opens without a read, 0.5 a second and five at once. With the lane of
 * the other reads (server/stripe/pace.ts), ten instances (the autoscaler's most) stay within Stripe's 25 a second for
 * the endpoint.
 */
export const THANKS_READS = { perSecond: 1.5, atOnce: 10 } as const;
export const ACCESS_READS = { perSecond: 0.5, atOnce: 5 } as const;
/** Every buyer of a sale of ten thousand, twice over: what the sweep lists, and what the pages and events add. */
const REMEMBERED_SESSIONS = 20_000;
/** How long a rate-limited call keeps trying: a webhook's within its answer; a page's not at all (its 503 says a minute). */
const EVENT_PATIENCE_MS = 8_000;
const PAGE_PATIENCE_MS = 0;

export interface FulfilmentRoutes {
  /** GET /gracias */
  page: RequestHandler;
  /** GET /gracias/invitacion.ics */
  calendar: RequestHandler;
  /** GET /acceso/:token */
  access: RequestHandler;
  /** GET /acceso/:token/invitacion.ics */
  accessCalendar: RequestHandler;
  /** GET /acceso/:token/reembolso: the refund's confirmation step. */
  refundPage: RequestHandler;
  /** POST /acceso/:token/reembolso: the refund a new date entitles the buyer to. */
  refundAction: RequestHandler[];
  /** POST /webhooks/stripe */
  webhook: RequestHandler[];
  /** One pass over the link's purchases: the entry runs it on a timer (server/fulfilment/sweep/sweepTimer.ts). */
  sweep: Sweep;
  /** When a wave falls due for every buyer: the reminders' moments and the workshop's end. */
  waveMoments: number[];
}

export interface FulfilmentOptions {
  settings: FulfilmentSettings;
  /**
   * Whom buyers write to, the site's address (the invite's UID, the personal links), the edition and its start, the
   * trainer who signs, and the links the site sells through.
   */
  config: Pick<SiteConfig, 'contactEmail' | 'publicUrl' | 'sale' | 'edition' | 'trainerName' | 'spots' | 'checkoutUrl' | 'normalCheckout'>;
  /** Renders the buyer's pages (server/render/documents.tsx). */
  render: { thanks: (view: ThanksView, year: number) => string; access: (view: AccessView, year: number) => string };
  clock: Clock;
  logger: Logger;
  metrics?: FulfilmentMetrics;
  /** The instance's one way to Stripe (server/stripe/stripeBoundary.ts): the fulfilment's calls are views of it. */
  stripe: StripeBoundary;
  /** What keeps time between two tries of a mail's `sent` mark; none: tried again at once, for a test's hand-moved clock. */
  scheduler?: Scheduler;
}

/**
 * After the checkout (docs/fulfilment.md): one step for what each purchase is due, reached from Stripe's webhook, the
 * buyer's page and the sweep; the buyer's personal link; and an expired voucher's place given back at the link.
 */
export function fulfilmentRoutes({ settings, config, render, clock, logger, metrics, stripe, scheduler }: FulfilmentOptions): FulfilmentRoutes {
  const { mailFrom } = settings;
  const { contactEmail, publicUrl } = config;
  const secret = settings.accessSecret();
  const materials = settings.materials();
  const timeline = journeyTimeline(config.sale.workshopStartMs);
  const edition: EditionTerms = { name: config.edition, startMs: timeline.startMs, cancelled: config.sale.cancelled, publicUrl };
  const invite = buyerInvite({ contactEmail, trainerName: config.trainerName });
  const accessUrlOf = (sessionId: string): string => `${publicUrl}${fillPath(ROUTES.access.path, { token: accessToken(secret, sessionId) })}`;
  // Each kind of call in its lane (server/stripe/pace.ts): the sweep's writes in the wave's, everyone else's in their own.
  const view = (lanes: Record<CallKind, LaneName>, patienceMs: number) =>
    checkoutApi(stripe.view({ deadlineMs: STRIPE_DEADLINE_MS, lanes, patienceMs, onRateLimited: metrics?.rateLimited }));
  const checkout = view({ read: 'read', list: 'list', write: 'write', refund: 'write' }, EVENT_PATIENCE_MS);
  const waveCheckout = view({ read: 'read', list: 'list', write: 'wave', refund: 'waveRefunds' }, Number.POSITIVE_INFINITY);
  // A buyer's page reads within its budget, never waiting in a lane.
  const pageCheckout = view({ read: 'pages', list: 'list', write: 'write', refund: 'write' }, PAGE_PATIENCE_MS);
  const wait = scheduler && waitOn(scheduler);
  // This instance's rank among those that may send a wave at once: drawn at its start (server/fulfilment/records/mailMarks.ts).
  const rank = randomBytes(6).toString('hex');
  const memory = recentSessions<Verified>(REMEMBERED_SESSIONS);
  const know = (sessionId: string, verified: Verified, atMs = clock(), forMs = REMEMBER_MS[verified.kind]): void =>
    memory.remember(sessionId, verified, atMs, forMs);
  // What the sweep listed is known until its next listing names the buyer again, whenever in the period a visit comes.
  const listedForMs = (verified: Verified): number => Math.max(REMEMBER_MS[verified.kind], listedUntilNextMs(verified.kind, settings.sweepSeconds * 1000));
  const sendOnce = createSendOnce({
    checkout,
    waveCheckout,
    rank,
    ...(wait && { wait }),
    mailer: smtpMailer(settings.smtpUrl(), mailFrom, contactEmail),
    compose: mailMessages({
      invite,
      edition,
      accessUrlOf,
      referenceOf: (sessionId) => purchaseReference(secret, sessionId),
      mailDomain: mailFrom.address.slice(mailFrom.address.lastIndexOf('@') + 1),
    }),
    clock,
  });
  const materialsReady = Object.values(materials).every((link) => link !== null);
  const links = sellingLinks(config);
  const roles = new Map(links.map(({ paymentLink, role }) => [paymentLink, role]));
  const linkLimitOf = (role: LinkRole) => {
    const link = links.find((candidate) => candidate.role === role);
    return link && createLinkLimit({ checkout, link, sale: config.sale, clock, logger, metrics });
  };
  const linkLimits = { early_bird: linkLimitOf('early_bird'), normal: linkLimitOf('normal') };
  const refundOnce = createRefundOnce({ checkout, waveCheckout, sendOnce, logger, metrics });
  const settle = createSettle({
    links: roles,
    checkout,
    sendOnce,
    refundOnce,
    linkLimits,
    edition,
    sale: config.sale,
    materialsReady,
    recordingUrl: materials.recording,
    clock,
    logger,
    metrics,
  });
  const reading = { edition, clock };
  const fulfil = createFulfil(checkout, settle, roles, reading, know);
  const fulfilForPage = createFulfil(pageCheckout, settle, roles, reading);
  // The personal link's budget, which its refund's confirmation spends too: never the thanks page's.
  const accessBudget = readBudget(ACCESS_READS.perSecond, ACCESS_READS.atOnce);
  // The page after the checkout reads through the fulfilment (the mail goes out too); the personal link only reads.
  const thanksLookup = sessionLookup({
    read: (sessionId) => fulfilForPage(sessionId, 'page').verified,
    memory,
    budget: readBudget(THANKS_READS.perSecond, THANKS_READS.atOnce),
    clock,
  });
  const accessLookup = sessionLookup({
    read: createVerify(pageCheckout, roles, reading),
    memory,
    budget: accessBudget,
    clock,
  });
  const { page, calendar } = thanksPage({ lookup: thanksLookup, invite, accessUrlOf, render: render.thanks, clock, metrics });
  const access = accessPage({
    accessSecret: secret,
    lookup: accessLookup,
    invite,
    accessUrlOf,
    sampleUrl: `${publicUrl}${fillPath(ROUTES.access.path, { token: sampleToken(secret, timeline.startMs) })}`,
    workshopStartMs: timeline.startMs,
    uid: workshopUid(edition.name, publicUrl),
    meetingUrl: settings.meetingUrl(),
    materials,
    render: render.access,
    clock,
    metrics,
  });
  const refund = refundAction({
    accessSecret: secret,
    publicUrl,
    lookup: accessLookup,
    readPurchase: async (sessionId) => {
      const session = await pageCheckout.session(sessionId);
      return session && purchaseOf(session, roles);
    },
    budget: accessBudget,
    refund: (purchase) => refundOnce(purchase, 'date_change', 'page'),
    forget: memory.forget,
    edition,
    render: render.access,
    clock,
    metrics,
  });
  return {
    page,
    calendar,
    access: access.page,
    accessCalendar: access.calendar,
    refundPage: refund.page,
    refundAction: refund.action,
    webhook: stripeWebhook({
      secret: settings.webhookSecret(),
      fulfil,
      endAccess: createEndAccess(checkout, settle, roles, reading, know),
      clock,
      logger,
      metrics,
    }),
    sweep: createSweep({
      checkout: waveCheckout,
      links,
      roles,
      settle,
      linkLimits,
      timeline,
      clock,
      logger,
      metrics,
      learn: (purchase, readAtMs) => {
        const verified = verifiedOf({ purchase }, reading);
        know(purchase.sessionId, verified, readAtMs, listedForMs(verified));
      },
      rank,
    }),
    waveMoments: [timeline.dayBeforeMs, timeline.hourBeforeMs, timeline.endMs],
  };
}

/**
 * The fulfilment where its settings are given, its counters on the process's registry; none otherwise. Its settings
 * need Stripe's (server/config/settings.ts), so the site has its way to Stripe wherever it has them.
 */
export function startFulfilment(
  config: SiteConfig,
  {
    render,
    clock,
    logger,
    metrics,
    stripe,
    scheduler,
  }: Pick<FulfilmentOptions, 'render' | 'clock' | 'logger' | 'scheduler'> & { metrics?: Metrics; stripe: StripeBoundary | undefined },
): FulfilmentRoutes | undefined {
  if (!config.fulfilment || !stripe) return undefined;
  return fulfilmentRoutes({
    settings: config.fulfilment,
    config,
    render,
    clock,
    logger,
    stripe,
    scheduler,
    metrics: metrics && registerFulfilmentMetrics(metrics.registry, config.fulfilment.sweepSeconds, clock()),
  });
}
