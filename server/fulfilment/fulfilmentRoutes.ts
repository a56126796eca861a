import { randomBytes } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { LinkRole } from '../../shared/logic/sale';
import type { AccessView } from '../../shared/components/AccessPage';
import type { ThanksView } from '../../shared/components/ThanksPage';
import { workshopUid } from '../../shared/logic/calendar';
import { fillPath, ROUTES } from '../../shared/routes';
import type { FulfilmentSettings, SiteConfig } from '../config/settings';
import type { Clock } from '../ops/clock';
import type { Logger } from '../ops/logger';
import type { Metrics } from '../ops/metrics';
import type { Scheduler } from '../ops/scheduler';
import type { LiveSale } from '../sale/liveSale';
import { linkOf } from '../sale/saleSettings';
import { type CallKind, type LaneName, waitOn } from '../stripe/pace';
import type { StripeBoundary } from '../stripe/stripeBoundary';
import { accessToken, purchaseReference, sampleToken } from './pages/accessToken';
import { accessPage } from './pages/accessRoute';
import { checkoutApi } from '../stripe/checkoutApi';
import type { LinkRoles, Purchase } from './records/purchase';
import { journeyOf } from './records/purchaseJourney';
import { saleInForce } from './records/saleInForce';
import { type Due, dueNow } from './settle/dueNow';
import { createEndAccess, createFulfil, createVerify, type Known, knownOf } from './settle/fulfilSession';
import { type FulfilmentMetrics, registerFulfilmentMetrics } from './reports/fulfilmentMetrics';
import { buyerInvite } from './mail/buyerInvite';
import { createLinkLimit, type LinkLimit } from './links/placesBackAtLink';
import { mailMessages } from './mail/mailMessages';
import { type Mailer, MailError, type MailMessage, smtpMailer } from './mail/smtpMailer';
import { refundStep } from './pages/refundAction';
import { refundLink } from './pages/refundLink';
import { refundMailLimit } from './pages/refundMailLimit';
import { refundLinkMessage } from './mail/refundLinkMessage';
import { refundsUnderWay } from './settle/refundsUnderWay';
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
/**
 * The refund after a new date has a budget of its own, its step, its request and its mailed link alike, so that its
 * presses never spend the personal links' (docs/decisions/0030-a-refund-confirmed-by-mail.md): a buyer the instance
 * knows costs no read, and each read is remembered; what is left of Stripe's 25 a second for the endpoint.
 */
export const REFUND_READS = { perSecond: 0.1, atOnce: 5 } as const;
/** Confirmation links mailed to one purchase in an hour, per instance: enough for a mail that went astray, never a flood. */
const REFUND_MAILS_PER_HOUR = 3;
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
  /** GET /acceso/:token/reembolso: the refund's step. */
  refundPage: RequestHandler;
  /** POST /acceso/:token/reembolso: mails the purchase's address the link that confirms the refund. */
  refundRequest: RequestHandler[];
  /** GET /acceso/:token/reembolso/:code: the mailed link's page, one button. */
  refundLinkPage: RequestHandler;
  /** POST /acceso/:token/reembolso/:code: the refund a new date entitles the buyer to, confirmed. */
  refundConfirm: RequestHandler[];
  /** A shutdown waits for the refunds buyers confirmed, until each is decided at Stripe. */
  refundsSettled(): Promise<void>;
  /** POST /webhooks/stripe */
  webhook: RequestHandler[];
  /** One pass over the link's purchases: the entry runs it on a timer (server/fulfilment/sweep/sweepTimer.ts). */
  sweep: Sweep;
  /** When a wave falls due for every buyer: the reminders' moments and the workshop's end, of the sale in force. */
  waveMoments: () => number[];
  /** What the seller's page (server/panel/) takes of the fulfilment: its one mailer, a buyer's mails, the links' roles. */
  forPanel: FulfilmentForPanel;
}

interface FulfilmentForPanel {
  /** The one SMTP client, from MAIL_FROM: the owner's mails go the way the buyers' do. */
  mailer: Mailer;
  /** A buyer's confirmation, as the fulfilment sends it: the same personal link, the same invite. */
  confirmation(purchase: Purchase, nowMs: number): MailMessage;
  /** What a purchase is owed now (server/fulfilment/settle/dueNow.ts), on its own journey in the sale in force. */
  due(purchase: Purchase, nowMs: number): Due;
  /** The Payment Links the edition in force has sold through, by id, for reading a session as a purchase. */
  roles(nowMs: number): LinkRoles;
}

export interface FulfilmentOptions {
  settings: FulfilmentSettings;
  /** Whom buyers write to, the site's address (the invite's UID, the personal links), and the trainer who signs. */
  config: Pick<SiteConfig, 'contactEmail' | 'publicUrl' | 'trainerName'>;
  /** The sale in force at each instant (server/sale/liveSale.ts): its edition and dates, its links, its recording. */
  live: LiveSale;
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
export function fulfilmentRoutes({ settings, config, live, render, clock, logger, metrics, stripe, scheduler }: FulfilmentOptions): FulfilmentRoutes {
  const { mailFrom } = settings;
  const { contactEmail, publicUrl } = config;
  const secret = settings.accessSecret();
  const inForce = saleInForce(live, publicUrl, settings.materials());
  const edition = (nowMs: number) => inForce(nowMs).edition;
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
  const mailDomain = mailFrom.address.slice(mailFrom.address.lastIndexOf('@') + 1);
  const memory = recentSessions<Known>(REMEMBERED_SESSIONS);
  const know = (sessionId: string, known: Known, atMs = clock(), forMs = REMEMBER_MS[known.verified.kind]): void =>
    memory.remember(sessionId, known, atMs, forMs);
  // What the sweep listed is known until its next listing names the buyer again, whenever in the period a visit comes.
  const listedForMs = ({ verified }: Known): number => Math.max(REMEMBER_MS[verified.kind], listedUntilNextMs(verified.kind, settings.sweepSeconds * 1000));
  const mailer = smtpMailer(settings.smtpUrl(), mailFrom, contactEmail);
  const compose = mailMessages({
    invite,
    edition,
    accessUrlOf,
    referenceOf: (sessionId) => purchaseReference(secret, sessionId),
    mailDomain,
  });
  const sendOnce = createSendOnce({ checkout, waveCheckout, rank, ...(wait && { wait }), mailer, compose, clock });
  // Each link in force's limit, kept as long as the link is: a new edition's links get limits of their own.
  const limits = new Map<string, LinkLimit>();
  const linkLimits = (role: LinkRole): LinkLimit | undefined => {
    const link = linkOf(live.current(clock()), role);
    if (!link) return undefined;
    const known = limits.get(link.paymentLink);
    if (known) return known;
    const made = createLinkLimit({ checkout, link, sale: () => inForce(clock()).sale, clock, logger, metrics });
    limits.set(link.paymentLink, made);
    return made;
  };
  const refundOnce = createRefundOnce({ checkout, waveCheckout, sendOnce, logger, metrics });
  const settle = createSettle({ inForce, checkout, sendOnce, refundOnce, linkLimits, clock, logger, metrics });
  const reading = { inForce, clock };
  const fulfil = createFulfil(checkout, settle, reading, know);
  const fulfilForPage = createFulfil(pageCheckout, settle, reading);
  // The page after the checkout reads through the fulfilment (the mail goes out too); the personal link only reads.
  const thanksLookup = sessionLookup({
    read: (sessionId) => fulfilForPage(sessionId, 'page').known,
    memory,
    budget: readBudget(THANKS_READS.perSecond, THANKS_READS.atOnce),
    clock,
  });
  const verify = createVerify(pageCheckout, reading);
  const accessLookup = sessionLookup({ read: verify, memory, budget: readBudget(ACCESS_READS.perSecond, ACCESS_READS.atOnce), clock });
  const refundLookup = sessionLookup({ read: verify, memory, budget: readBudget(REFUND_READS.perSecond, REFUND_READS.atOnce), clock });
  const { page, calendar } = thanksPage({ lookup: thanksLookup, invite, accessUrlOf, render: render.thanks, clock, metrics });
  const access = accessPage({
    accessSecret: secret,
    lookup: accessLookup,
    invite,
    accessUrlOf,
    sample: (nowMs) => {
      const { name, startMs } = edition(nowMs);
      return { url: `${publicUrl}${fillPath(ROUTES.access.path, { token: sampleToken(secret, startMs) })}`, startMs, uid: workshopUid(name, publicUrl) };
    },
    meetingUrl: settings.meetingUrl(),
    materials: (nowMs) => inForce(nowMs).materials,
    render: render.access,
    clock,
    metrics,
  });
  const linkMessage = refundLinkMessage({
    contactEmail,
    trainerName: config.trainerName,
    referenceOf: (sessionId) => purchaseReference(secret, sessionId),
    mailDomain,
  });
  const step = refundStep({
    accessSecret: secret,
    publicUrl,
    lookup: refundLookup,
    mailLimit: refundMailLimit(REFUND_MAILS_PER_HOUR, REMEMBERED_SESSIONS),
    mailLink: async (purchase, link) => {
      try {
        await mailer(linkMessage(purchase, link));
      } catch (error) {
        logger.warn(
          {
            event: 'refund_link',
            ...(purchase.paymentIntentId && { payment_intent: purchase.paymentIntentId }),
            cause: error instanceof MailError ? `smtp ${error.detail}` : 'unexpected failure',
          },
          'the link that confirms a refund could not be mailed: the buyer is asked to try again in a minute',
        );
        throw error;
      }
    },
    edition,
    render: render.access,
    clock,
    metrics,
  });
  // A refund its buyer confirmed is finished as the sweep finishes one (refundOnce puts 'link' in the wave's lanes), after the answer.
  const confirmed = refundsUnderWay({
    refund: (purchase) => refundOnce(purchase, 'date_change', 'link'),
    ...(wait && { wait }),
    done: (purchase, refunded) => {
      // Not marked, or another instance holds its refund right now: the next look reads what Stripe says.
      if (!refunded?.refund) return memory.forget(purchase.sessionId);
      const made = refunded.refund.outcome === 'refunded' || refunded.refund.outcome === 'already_refunded';
      know(purchase.sessionId, knownOf({ ...purchase, refundReason: 'date_change', standing: made ? 'refunded' : purchase.standing }, reading));
    },
    logger,
  });
  const link = refundLink({
    accessSecret: secret,
    publicUrl,
    lookup: refundLookup,
    refund: (purchase) => {
      // Decided: this instance's pages say so at once; Stripe's mark follows in the background.
      know(purchase.sessionId, knownOf({ ...purchase, refundReason: 'date_change' }, reading));
      confirmed.start(purchase);
    },
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
    refundPage: step.page,
    refundRequest: step.request,
    refundLinkPage: link.page,
    refundConfirm: link.confirm,
    refundsSettled: () => confirmed.settled(),
    webhook: stripeWebhook({
      secret: settings.webhookSecret(),
      fulfil,
      endAccess: createEndAccess(checkout, settle, reading, know),
      clock,
      logger,
      metrics,
    }),
    sweep: createSweep({
      checkout: waveCheckout,
      inForce,
      settle,
      linkLimits,
      clock,
      logger,
      metrics,
      learn: (purchase, readAtMs) => {
        const known = knownOf(purchase, reading);
        know(purchase.sessionId, known, readAtMs, listedForMs(known));
      },
      rank,
    }),
    waveMoments: () => {
      const { timeline } = inForce(clock());
      return [timeline.dayBeforeMs, timeline.hourBeforeMs, timeline.endMs];
    },
    forPanel: {
      mailer,
      confirmation: (purchase, nowMs) => compose(purchase, 'confirmation', nowMs, Math.max(1, purchase.marks.confirmation.attempt)),
      due: (purchase, nowMs) => {
        const terms = inForce(nowMs);
        return dueNow(purchase, nowMs, journeyOf(purchase, terms.edition, nowMs), terms.materialsReady, terms.sale);
      },
      roles: (nowMs) => inForce(nowMs).roles,
    },
  };
}

/**
 * The fulfilment where its settings are given, its counters on the process's registry; none otherwise. Its settings
 * need Stripe's (server/config/settings.ts), so the site has its way to Stripe wherever it has them.
 */
export function startFulfilment(
  config: SiteConfig,
  {
    live,
    render,
    clock,
    logger,
    metrics,
    stripe,
    scheduler,
  }: Pick<FulfilmentOptions, 'live' | 'render' | 'clock' | 'logger' | 'scheduler'> & { metrics?: Metrics; stripe: StripeBoundary | undefined },
): FulfilmentRoutes | undefined {
  if (!config.fulfilment || !stripe) return undefined;
  return fulfilmentRoutes({
    settings: config.fulfilment,
    config,
    live,
    render,
    clock,
    logger,
    stripe,
    scheduler,
    metrics: metrics && registerFulfilmentMetrics(metrics.registry, config.fulfilment.sweepSeconds, clock()),
  });
}
