import type { RequestHandler } from 'express';
import type { ThanksView } from '../../shared/components/ThanksPage';
import type { FulfilmentSettings, SiteConfig } from '../config/settings';
import type { Clock } from '../ops/clock';
import type { Logger } from '../ops/logger';
import type { Metrics } from '../ops/metrics';
import { type FulfilmentMetrics, registerFulfilmentMetrics } from './fulfilmentMetrics';
import { checkoutApi } from './checkout';
import { createFulfil, type Verified } from './fulfil';
import { buyerInvite } from './invite';
import { smtpMailer } from './mailer';
import { confirmationMessage } from './message';
import { readBudget } from './readBudget';
import { recentSessions } from './recentSessions';
import { stripeClient } from '../stripe/client';
import { thanksPage } from './thanksPage';
import { stripeWebhook } from './webhook';

/**
 * Each call to Stripe ends within this, well inside the edge's bound on the page (deploy/varnish/taller.vcl): a
 * read that takes longer gets the page's 503, and the webhook's non-2xx.
 */
const STRIPE_DEADLINE_MS = 4_000;
/**
 * Reads for the page, per instance: two a second, ten at once. Ten instances (the autoscaler's most) stay under
 * Stripe's 25 a second for one endpoint, and leave room for the rest of the account's 100.
 */
export const READS_PER_SECOND = 2;
export const READS_AT_ONCE = 10;
const REMEMBERED_SESSIONS = 1_000;

export interface FulfilmentRoutes {
  /** GET /gracias */
  page: RequestHandler;
  /** GET /gracias/invitacion.ics */
  calendar: RequestHandler;
  /** POST /webhooks/stripe */
  webhook: RequestHandler[];
}

export interface FulfilmentOptions {
  settings: FulfilmentSettings;
  /** Whom buyers write to, the site's address (the invite's UID), and the workshop's start. */
  config: Pick<SiteConfig, 'contactEmail' | 'publicUrl' | 'sale'>;
  /** Renders the page after the checkout (server/render/documents.tsx). */
  render: (view: ThanksView, year: number) => string;
  clock: Clock;
  logger: Logger;
  metrics?: FulfilmentMetrics;
}

/** After the checkout (docs/fulfilment.md): one fulfilment, reached from Stripe's webhook and from the buyer's page. */
export function fulfilmentRoutes({ settings, config, render, clock, logger, metrics }: FulfilmentOptions): FulfilmentRoutes {
  const { stripe, mailFrom } = settings;
  const { contactEmail, publicUrl } = config;
  const workshopStartMs = config.sale.workshopStartMs;
  const invite = buyerInvite({ workshopStartMs, publicUrl, contactEmail, joinUrl: settings.meetingUrl() });
  const mailDomain = mailFrom.address.slice(mailFrom.address.lastIndexOf('@') + 1);
  const fulfil = createFulfil({
    checkout: checkoutApi(stripeClient({ secretKey: stripe.secretKey(), apiUrl: stripe.apiUrl, deadlineMs: STRIPE_DEADLINE_MS })),
    paymentLink: stripe.paymentLink,
    mailer: smtpMailer(settings.smtpUrl(), mailFrom, contactEmail),
    compose: (buyer, nowMs) => confirmationMessage(invite, buyer, mailDomain, nowMs),
    clock,
    counted: (outcome) => metrics?.confirmation(outcome),
  });
  const { page, calendar } = thanksPage({
    fulfil,
    invite,
    memory: recentSessions<Verified>(REMEMBERED_SESSIONS),
    budget: readBudget(READS_PER_SECOND, READS_AT_ONCE),
    render,
    clock,
    logger,
    metrics,
  });
  return { page, calendar, webhook: stripeWebhook({ secret: settings.webhookSecret(), fulfil, clock, logger, metrics }) };
}

/** The fulfilment's routes where its settings are given, its counters on the process's registry; none otherwise. */
export function startFulfilment(
  config: SiteConfig,
  { render, clock, logger, metrics }: Pick<FulfilmentOptions, 'render' | 'clock' | 'logger'> & { metrics?: Metrics },
): FulfilmentRoutes | undefined {
  if (!config.fulfilment) return undefined;
  return fulfilmentRoutes({ settings: config.fulfilment, config, render, clock, logger, metrics: metrics && registerFulfilmentMetrics(metrics.registry) });
}
