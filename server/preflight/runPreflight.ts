import { isIP } from 'node:net';
import { ConfigError, type Environment, readConfig, type SiteConfig } from '../config/settings';
import { stripeFailureDetail } from '../stripe/failure';
import { stripeBoundary } from '../stripe/stripeBoundary';
import { keyKind, keyModeCheck, permissionChecks } from './keyChecks';
import { accessSecretCheck, dateChecks, materialChecks } from './launchChecks';
import { linkChecks, saleOriginCheck, sellingLinks } from './linkChecks';
import { mailDnsChecks, readMailDns } from './mailDnsChecks';
import { mailServerCheck } from './mailChecks';
import { meetingChecks } from './meetingChecks';
import { type Check, fail, ok, warn } from './preflightCheck';
import { sendSampleMails } from './sampleMails';
import { readStripe } from './stripeReads';
import { webhookChecks } from './webhookChecks';

/** The one setting of the preflight's own: a DNS server (`host:port`) to ask instead of the system's, for tests. */
const DNS_SERVER_SETTING = 'PREFLIGHT_DNS_SERVER';

interface PreflightOptions {
  nowMs: number;
  /** Whether to mail the samples to CONTACT_EMAIL (`--no-samples`: not). */
  samples: boolean;
}

export interface RunOptions extends PreflightOptions {
  config: SiteConfig;
  /** Whether the server runs with NODE_ENV=production: its rules, and a live key. */
  production: boolean;
  env: Environment;
}

function settingsChecks(config: SiteConfig, production: boolean): Check[] {
  const checks: Check[] = [
    production
      ? ok('settings.start', 'settings', 'Settings', 'the server starts with them, with NODE_ENV=production')
      : warn(
          'settings.start',
          'settings',
          'Settings',
          "the server starts with them, but NODE_ENV is not production: production's rules were not applied; run the preflight with the server's own environment",
        ),
  ];
  for (const name of config.placeholders)
    checks.push(warn(`settings.${name}`, 'settings', name, 'still its placeholder: set the real value (production refuses to start)'));
  for (const name of config.unsetForProduction) checks.push(warn(`settings.${name}`, 'settings', name, 'unset: production refuses to start without it'));
  for (const name of config.datesFromClock)
    checks.push(warn(`settings.${name}`, 'settings', name, 'unset: the page shows a date made from the clock, and production refuses to start without it'));
  if (config.editionUnnamed)
    checks.push(
      warn(
        'settings.EDITION',
        'settings',
        'EDITION',
        `unset: purchases are marked as the edition "${config.edition}", and production refuses to start without it`,
      ),
    );
  if (!config.spots)
    checks.push(
      warn(
        'stripe.settings',
        'stripe',
        'Stripe settings',
        'STRIPE_SECRET_KEY and STRIPE_PAYMENT_LINK are not set: the page counts no spots, and the checkout at CHECKOUT_URL goes unchecked: open it yourself (docs/spots.md)',
      ),
    );
  if (!config.fulfilment)
    checks.push(
      warn(
        'mail.settings',
        'mail',
        "Buyers' mails",
        'off (STRIPE_WEBHOOK_SECRET, SMTP_URL, MAIL_FROM, MEETING_URL, ACCESS_SECRET unset): nobody sends buyers the join link; write to each by hand (docs/fulfilment.md)',
      ),
    );
  return checks;
}

/** The checkout: the key, every selling link, the webhook endpoint and the key's permissions, all by reads. */
async function stripeChecks(config: SiteConfig, production: boolean, nowMs: number): Promise<Check[]> {
  if (!config.spots) return [];
  const links = sellingLinks(config);
  const key = config.spots.secretKey();
  const checks: Check[] = [keyModeCheck(key, production)];
  // Its few reads, one after another, in a lane of its own that counts them (server/stripe/pace.ts).
  const readings = await readStripe(stripeBoundary(config.spots), [...new Set(links.map((link) => link.id))], config.spots.paymentLink);
  const first = readings.links.get(config.spots.paymentLink);
  if (first && 'failure' in first && (first.failure.status === 401 || first.failure.status === null)) {
    const refused = first.failure.status === 401;
    checks.push(
      fail(
        'stripe.access',
        'stripe',
        'Stripe',
        refused
          ? 'Stripe refused STRIPE_SECRET_KEY (401): it is wrong, revoked, or of another account; copy it again from Dashboard → Developers → API keys'
          : `Stripe did not answer (${stripeFailureDetail(first.failure)}): check this machine's connection and run the preflight again`,
      ),
    );
    return checks;
  }
  const fulfilment = config.fulfilment !== null;
  for (const link of links) checks.push(...linkChecks(link, readings.links.get(link.id), { publicUrl: config.publicUrl, fulfilment, nowMs }));
  if (fulfilment) checks.push(...webhookChecks(readings.endpoints, config.publicUrl));
  checks.push(...permissionChecks(readings, config.spots.paymentLink, fulfilment, keyKind(key).restricted));
  const origin = saleOriginCheck(first, nowMs);
  if (origin) checks.push(origin);
  return checks;
}

/** The mail server, one sample of each buyer's mail to the owner, and the sending domain's DNS. */
async function mailChecks(config: SiteConfig, dnsServer: string | null, options: PreflightOptions): Promise<Check[]> {
  const settings = config.fulfilment;
  if (!settings) return [];
  const domain = settings.mailFrom.address.slice(settings.mailFrom.address.lastIndexOf('@') + 1);
  const [server, dns] = await Promise.all([mailServerCheck(settings.smtpUrl()), readMailDns(domain, dnsServer)]);
  const checks = [server];
  if (server.status === 'fail') checks.push(warn('mail.samples', 'mail', 'Sample mails', 'not sent: fix the mail server first'));
  else if (!options.samples) checks.push(warn('mail.samples', 'mail', 'Sample mails', 'not sent (--no-samples): read them once before the launch'));
  else checks.push(...(await sendSampleMails(config, settings, options.nowMs)));
  checks.push(...mailDnsChecks(dns, config.contactEmail));
  return checks;
}

/** `host` or `host:port` of an IP address. */
function dnsServerOf(value: string | undefined): string | null | Check {
  const server = value?.trim();
  if (!server) return null;
  const host = server.replace(/:\d{1,5}$/, '');
  return isIP(host) || isIP(host.replace(/^\[|\]$/g, ''))
    ? server
    : fail('settings.dns_server', 'settings', DNS_SERVER_SETTING, `expected an IP address and port like 127.0.0.1:53, got ${JSON.stringify(server)}`);
}

/** Every check of a launch whose settings were read, in the order the output prints them. */
export async function runPreflight({ config, production, env, nowMs, samples }: RunOptions): Promise<Check[]> {
  const dnsServer = dnsServerOf(env[DNS_SERVER_SETTING]);
  if (dnsServer !== null && typeof dnsServer === 'object') return [dnsServer];
  const [stripe, mail] = await Promise.all([stripeChecks(config, production, nowMs), mailChecks(config, dnsServer, { nowMs, samples })]);
  const secret = config.fulfilment?.accessSecret();
  return [
    ...settingsChecks(config, production),
    ...stripe,
    ...mail,
    ...dateChecks(config.sale, config.fulfilment !== null, nowMs),
    ...(secret && config.fulfilment ? [accessSecretCheck(secret), ...materialChecks(config.fulfilment.materials())] : []),
    ...meetingChecks(config.fulfilment?.meetingUrl() ?? null),
  ];
}

/**
 * The preflight of the server's own environment: settings the server would refuse are one `fail`, its own line, and
 * nothing else is checked; otherwise every check.
 */
export async function preflightFromEnvironment(env: Environment, options: PreflightOptions): Promise<{ checks: Check[]; publicUrl: string | null }> {
  let config: SiteConfig;
  try {
    config = readConfig(env, options.nowMs);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return { checks: [fail('settings.start', 'settings', 'Settings', `the server would not start: ${error.message}`)], publicUrl: null };
  }
  return { checks: await runPreflight({ config, production: env.NODE_ENV === 'production', env, ...options }), publicUrl: config.publicUrl };
}
