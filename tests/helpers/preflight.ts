/**
 * What the preflight's tests share: a launch set up as the owner should, against the Stripe stand-in (its link with
 * the redirect, the URL, a price in pesos, and a webhook endpoint), a real SMTP server and a DNS server on loopback
 * with the sending domain's MX, SPF and DMARC. Each test breaks one thing.
 */
import { type DnsRecords, type DnsStandIn, startDnsStandIn } from '../../scripts/lib/dnsStandIn';
import { type SmtpStandIn, startSmtpStandIn } from '../../scripts/lib/smtpStandIn';
import { type StripeStandIn, startStripeStandIn } from '../../scripts/lib/stripeStandIn';
import { HANDLED_EVENTS } from '../../server/preflight/webhookChecks';
import type { Check } from '../../server/preflight/preflightCheck';
import { ACCESS_SECRET, CONTACT_EMAIL, KEY, LINK, MEETING_URL, PUBLIC_URL, WEBHOOK_SECRET } from './fulfilment';

export const MAIL_DOMAIN = 'taller.example.org';
export const SMTP_PASSWORD = 'stand-in-password';
/** Before the deadline, which is a week before the start. */
export const NOW_MS = Date.parse('2025-09-01T12:00:00-06:00');
export const DATES = { EARLY_BIRD_DEADLINE: '2025-09-30T23:59:59-06:00', WORKSHOP_START: '2025-10-08T20:00:00-06:00' };

const WELL_SET_DNS: DnsRecords = {
  mx: { [MAIL_DOMAIN]: [{ exchange: `mx.${MAIL_DOMAIN}`, preference: 10 }] },
  txt: { [MAIL_DOMAIN]: ['v=spf1 include:_spf.example.net ~all'], [`_dmarc.${MAIL_DOMAIN}`]: [`v=DMARC1; p=none; rua=mailto:${CONTACT_EMAIL}`] },
};

export interface PreflightRig {
  stripe: StripeStandIn;
  smtp: SmtpStandIn;
  dns: DnsStandIn;
  /** The settings of a launch ready to go, as the server reads them. */
  env(): Record<string, string>;
  /** Everything as the owner should have left it. */
  reset(): void;
  close(): Promise<void>;
}

export async function startPreflightRig(): Promise<PreflightRig> {
  const stripe = await startStripeStandIn({ key: KEY, linkId: LINK, price: { currency: 'usd', unitAmount: 4900, options: { mxn: 89000 } } });
  const smtp = await startSmtpStandIn();
  const dns = await startDnsStandIn(WELL_SET_DNS);
  const reset = () => {
    stripe.setLinkFields({ after_completion: { type: 'redirect', redirect: { url: `${PUBLIC_URL}/gracias?session_id={CHECKOUT_SESSION_ID}` } } });
    stripe.account.clearWebhookEndpoints();
    stripe.account.addWebhookEndpoint({ url: `${PUBLIC_URL}/webhooks/stripe`, enabledEvents: [...HANDLED_EVENTS] });
    stripe.account.refuse([]);
    smtp.setFault(null);
    dns.setRecords(WELL_SET_DNS);
  };
  reset();
  return {
    stripe,
    smtp,
    dns,
    env: () => ({
      ...DATES,
      CHECKOUT_URL: stripe.link().url,
      CONTACT_EMAIL,
      PUBLIC_URL,
      STRIPE_SECRET_KEY: KEY,
      STRIPE_PAYMENT_LINK: LINK,
      STRIPE_API_URL: stripe.url,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      SMTP_URL: smtp.url(),
      MAIL_FROM: `Valeria Montes <taller@${MAIL_DOMAIN}>`,
      MEETING_URL,
      ACCESS_SECRET,
      PREFLIGHT_DNS_SERVER: dns.address,
    }),
    reset,
    async close() {
      await Promise.all([stripe.close(), smtp.close(), dns.close()]);
    },
  };
}

/** The ids of the checks that failed. */
export const failed = (checks: readonly Check[]): string[] => checks.filter((check) => check.status === 'fail').map((check) => check.id);
/** The check of an id. */
export function checkOf(checks: readonly Check[], id: string): Check {
  const check = checks.find((candidate) => candidate.id === id);
  if (!check) throw new Error(`no check ${id} among ${checks.map((candidate) => candidate.id).join(', ')}`);
  return check;
}
