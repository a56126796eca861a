import { randomBytes } from 'node:crypto';
import { samplePurchase } from '../../shared/content/preflightSampleWords';
import { prices } from '../../shared/content/siteFacts';
import { journeyTimeline } from '../../shared/logic/journey';
import { fillPath, ROUTES } from '../../shared/routes';
import type { FulfilmentSettings, SiteConfig } from '../config/settings';
import { buyerInvite } from '../fulfilment/mail/buyerInvite';
import { mailMessages } from '../fulfilment/mail/mailMessages';
import { MailError, smtpMailer } from '../fulfilment/mail/smtpMailer';
import { MAIL_KINDS, readRecord } from '../fulfilment/records/purchaseRecord';
import type { Purchase } from '../fulfilment/records/purchase';
import { sampleToken } from '../fulfilment/pages/accessToken';
import { type Check, fail, ok } from './preflightCheck';

/** Where the samples' personal link leads: the sample page of this edition (server/fulfilment/pages/accessToken.ts). */
const sampleAccessUrl = (publicUrl: string, accessSecret: string, workshopStartMs: number): string =>
  `${publicUrl}${fillPath(ROUTES.access.path, { token: sampleToken(accessSecret, workshopStartMs) })}`;

/**
 * One sample of every mail a buyer can receive (each kind of MAIL_KINDS, so a new kind gets its sample), composed by
 * the site's own code for a made-up buyer and sent through the site's own mailer, to CONTACT_EMAIL only, each subject
 * marked. Each run's Message-IDs are new, so a mail client shows a second run's samples too.
 */
export async function sendSampleMails(
  config: Pick<SiteConfig, 'contactEmail' | 'publicUrl' | 'sale' | 'edition' | 'trainerName'>,
  settings: FulfilmentSettings,
  nowMs: number,
): Promise<Check[]> {
  const { contactEmail, publicUrl } = config;
  const timeline = journeyTimeline(config.sale.workshopStartMs);
  const accessUrl = sampleAccessUrl(publicUrl, settings.accessSecret(), timeline.startMs);
  const run = randomBytes(8).toString('hex');
  const compose = mailMessages({
    invite: buyerInvite({ contactEmail, trainerName: config.trainerName }),
    edition: () => ({ name: config.edition, startMs: timeline.startMs, cancelled: false, publicUrl }),
    accessUrlOf: () => accessUrl,
    referenceOf: () => `muestra-${run}`,
    mailDomain: settings.mailFrom.address.slice(settings.mailFrom.address.lastIndexOf('@') + 1),
  });
  const send = smtpMailer(settings.smtpUrl(), settings.mailFrom, contactEmail);
  const purchase: Purchase = {
    sessionId: 'muestra',
    link: 'early_bird',
    standing: 'paid',
    firstName: samplePurchase.firstName,
    email: contactEmail,
    paymentIntentId: null,
    paidAtMs: nowMs,
    ...readRecord({}),
    // The refund's sample says why a late payment comes back, to the card that paid.
    refundReason: 'after_end',
    paidInCash: false,
    // The Early Bird's price: a new date's and a cancellation's samples show their amounts, the bonificación's included.
    paid: { minor: prices.earlyBird * 100, currency: prices.currency.toLowerCase() },
    edition: config.edition,
    metadata: {},
  };
  const checks: Check[] = [];
  for (const kind of MAIL_KINDS) {
    // A refund's and a cancellation's samples read as refunded to the card that paid, as a buyer's do once it is made.
    const refunded = kind === 'refund' || kind === 'cancellation';
    const message = compose({ ...purchase, standing: refunded ? 'refunded' : 'paid' }, kind, nowMs, 1);
    const subject = `${samplePurchase.subjectMark} ${message.subject}`;
    const label = `Sample: ${kind.replaceAll('_', ' ')}`;
    try {
      await send({ ...message, to: contactEmail, subject });
      checks.push(ok(`mail.sample.${kind}`, 'mail', label, `sent to ${contactEmail}: "${subject}"`));
    } catch (error) {
      const detail = error instanceof MailError ? error.detail : 'unexpected failure';
      checks.push(
        fail(`mail.sample.${kind}`, 'mail', label, `not sent (${detail}): the mail server refused it; check SMTP_URL and MAIL_FROM with your provider`),
      );
    }
  }
  return checks;
}
