import { DateTime } from 'luxon';
import type { SocialNetwork, SocialProfile } from '../../shared/content/siteFacts';
import type { SaleTerms } from '../../shared/logic/sale';
import { ConfigError } from './configError';
import { type NormalCheckout, parseNormalCheckout } from './normalCheckout';
import { saleUnderWay } from './saleUnderWay';
import { estimatedBits, STRONG_SECRET_BITS } from './secretStrength';
import { SMTP_STAND_IN_USER } from './standInSmtpUser';
import { ALLOWED_SMTP_OPTIONS, refusedSmtpOptions } from './smtpQuery';
import { parseTrustedProxies, type TrustedProxies } from './trustedProxies';

/** The settings whose defaults are placeholders: fine on a developer's machine, never in production. */
export const PLACEHOLDER_SETTINGS = ['CHECKOUT_URL', 'CONTACT_EMAIL', 'PUBLIC_URL', 'SELLER_NAME', 'SELLER_ADDRESS', 'TRAINER_NAME'] as const;
type PlaceholderSetting = (typeof PLACEHOLDER_SETTINGS)[number];
/** Optional on a developer's machine; production refuses to start without them (PROFECO and the card networks ask for a phone). */
export const REQUIRED_IN_PRODUCTION = ['SELLER_PHONE'] as const;
type ProductionSetting = (typeof REQUIRED_IN_PRODUCTION)[number];
/** The edition's dates: unset, a developer's machine shows a sale under way (saleUnderWay.ts); production never guesses them. */
const SALE_DATES = ['WORKSHOP_START', 'EARLY_BIRD_DEADLINE'] as const;
type SaleDateSetting = (typeof SALE_DATES)[number];
/** The edition's name where EDITION is unset, outside production: a developer's sale under way. */
const UNNAMED_EDITION = 'prueba';

export interface SiteConfig {
  port: number;
  /** Where Prometheus reads /metrics, on a listener of its own; null: no metrics. */
  metricsPort: number | null;
  host: string;
  checkoutUrl: string;
  contactEmail: string;
  /** Where visitors reach the site, without a trailing slash: canonical links, sitemap, social cards. */
  publicUrl: string;
  /** Who sells, as the legal pages and the footer name them. */
  seller: SellerSettings;
  /** Who teaches: the page, the legal pages, the JSON-LD, the calendar files and the mails name her. */
  trainerName: string;
  /** The footer's profiles, in order; a profile unset in production is left out, so no link goes nowhere. */
  social: SocialProfile[];
  /** When the sale changes state: the Early Bird deadline, the start, and the owner's sold-out and cancellation switches. */
  sale: SaleTerms;
  /**
   * The edition in force, as the owner names it (EDITION): every purchase is marked with the edition it belongs to, so
   * that a new WORKSHOP_START under the same name is a new date for its buyers, and a new name a new edition that leaves
   * the earlier one's buyers as they were (docs/decisions/0023-editions-after-the-sale.md).
   */
  edition: string;
  /** EDITION is unset here, so the edition is UNNAMED_EDITION: worth a warning (production refuses to start). */
  editionUnnamed: boolean;
  /** The placeholder settings still at their defaults, each worth a warning at start. */
  placeholders: PlaceholderSetting[];
  /** The settings production requires that are unset here, each worth a warning at start. */
  unsetForProduction: ProductionSetting[];
  /** The dates left unset here and made from the clock at start, for a sale under way: worth a warning. */
  datesFromClock: SaleDateSetting[];
  /** Adds the CSP's upgrade-insecure-requests: only where the site is served over HTTPS. */
  upgradeInsecureRequests: boolean;
  logLevel: LogLevel;
  /** After SIGTERM: how long /healthz says 503 while every other route is still served (the lame duck). */
  shutdownDelaySeconds: number;
  /** After the delay: how long requests in flight get before the process exits anyway. */
  shutdownDrainSeconds: number;
  /** How long a client may take to send a request's headers. */
  headersTimeoutSeconds: number;
  /** How long a response may take, from its request's arrival to its last byte handed to the connection. */
  responseTimeoutSeconds: number;
  /** Open connections past this many are closed as they arrive. */
  maxConnections: number;
  /** The proxies in front whose X-Forwarded-For entries name the client (server/http/clientAddress.ts). */
  trustedProxies: TrustedProxies;
  /** Where the Early Bird's spots are counted; null: not counted, the site behaves as without a checkout API. */
  spots: SpotsSettings | null;
  /** The normal price's own Payment Link and its URL; null: the normal price is not sold on the page (docs/pricing.md). */
  normalCheckout: NormalCheckout | null;
  /** The buyer's mails and personal link after a purchase (docs/fulfilment.md); null: the owner writes by hand. */
  fulfilment: FulfilmentSettings | null;
  /**
   * How long a change of the sale (a new date, a cancellation, the next edition…) waits before it takes effect: until
   * then it can be undone, and nothing has been sent (docs/sale.md, "Changing the sale").
   */
  changeDelaySeconds: number;
  /** The seller's page, /panel (docs/operations.md); null: none, and the owner runs the sale through these settings. */
  panel: PanelSettings | null;
}

/** The seller's page: what signs its links, codes and sessions, and where its mails go. */
export interface PanelSettings {
  /** PANEL_SECRET, a function as every secret is, so that printing the settings prints none. */
  secret: () => string;
  /** OWNER_EMAIL, or CONTACT_EMAIL where it is unset: the sign-in links, the codes and the morning mail. */
  ownerEmail: string;
  /** The session's cookie is `Secure` (and so named `__Host-`): in production, or wherever the site is served over https. */
  secureCookie: boolean;
}

interface SellerSettings {
  /** The legal name, person or company. */
  name: string;
  /** The postal address, on one line. */
  address: string;
  /** As the owner wrote it; null when unset. */
  phone: string | null;
}

/** The Stripe Payment Link that sells the Early Bird, and how to read it. */
export interface SpotsSettings {
  /** A function, so that printing the settings never prints the key. */
  secretKey: () => string;
  paymentLink: string;
  /** Where the SDK sends its one call: Stripe itself, or a stand-in for tests and rehearsals. */
  apiUrl: URL;
  pollSeconds: number;
}

/** What a buyer gets after the workshop, each an https link the owner sets once it exists; null: not yet. */
export interface MaterialLinks {
  recording: string | null;
  formula: string | null;
  gpt: string | null;
  hooks: string | null;
}

/** Who sends the buyer's mails, how, and what they carry. Secrets are functions, so printing the settings prints none. */
export interface FulfilmentSettings {
  /** The Payment Link's, its key and the API it is read at: the spots' own settings. */
  stripe: Pick<SpotsSettings, 'secretKey' | 'paymentLink' | 'apiUrl'>;
  /** whsec_…: what Stripe signs each webhook event with. */
  webhookSecret: () => string;
  /** smtp:// or smtps://, credentials inside. */
  smtpUrl: () => string;
  mailFrom: { address: string; name: string | null };
  /** The join link: the personal link's redirect during the workshop, and nowhere else; never logged. */
  meetingUrl: () => string;
  /** Signs each buyer's personal link (/acceso/<token>): whoever has it can make links. */
  accessSecret: () => string;
  /** A function, as the join link is: the recording is for paying buyers only. */
  materials: () => MaterialLinks;
  /** How often each instance goes over the link's purchases for what is due. */
  sweepSeconds: number;
}

/** The five settings that turn the buyer's mails and personal link on: all of them, or none. */
const FULFILMENT_SETTINGS = ['STRIPE_WEBHOOK_SECRET', 'SMTP_URL', 'MAIL_FROM', 'MEETING_URL', 'ACCESS_SECRET'] as const;
/** What the owner adds once it exists: each optional, each read only with the five above. */
export const MATERIAL_SETTINGS = { recording: 'RECORDING_URL', formula: 'FORMULA_URL', gpt: 'GPT_URL', hooks: 'HOOKS_URL' } as const;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
type LogLevel = (typeof LOG_LEVELS)[number];

export const DEFAULTS = {
  PORT: '3000',
  HOST: '127.0.0.1',
  CHECKOUT_URL: 'https://checkout.example.com/pagar/taller-marca-autoridad',
  CONTACT_EMAIL: 'hola@example.com',
  PUBLIC_URL: 'http://127.0.0.1:3000',
  SELLER_NAME: 'Nombre legal de ejemplo',
  SELLER_ADDRESS: 'Domicilio de ejemplo, Ciudad de México, México',
  /** Unset: no phone on the pages; production refuses to start. */
  SELLER_PHONE: '',
  /** A made-up name; production refuses it. */
  TRAINER_NAME: 'Valeria Montes',
  /** Unset: a placeholder link outside production, nothing in production. */
  INSTAGRAM_URL: '',
  LINKEDIN_URL: '',
  /** Both unset: outside production, a sale under way from the start of the process; production refuses to start. */
  WORKSHOP_START: '',
  EARLY_BIRD_DEADLINE: '',
  SOLD_OUT: 'false',
  /** Unset: outside production, UNNAMED_EDITION; production refuses to start. */
  EDITION: '',
  WORKSHOP_CANCELLED: 'false',
  UPGRADE_INSECURE_REQUESTS: 'false',
  LOG_LEVEL: 'info',
  SHUTDOWN_DELAY_SECONDS: '5',
  SHUTDOWN_DRAIN_SECONDS: '10',
  HEADERS_TIMEOUT_SECONDS: '10',
  RESPONSE_TIMEOUT_SECONDS: '30',
  MAX_CONNECTIONS: '1000',
  /** Unset: no proxy is trusted, and the client is the address that connected. */
  TRUSTED_PROXIES: '',
  /** Unset: no metrics listener. */
  METRICS_PORT: '',
  /** Both unset: the spots are not counted. */
  STRIPE_SECRET_KEY: '',
  STRIPE_PAYMENT_LINK: '',
  STRIPE_API_URL: 'https://api.stripe.com',
  SPOTS_POLL_SECONDS: '10',
  /** Both unset: the normal price shows the seed's disabled button. */
  STRIPE_NORMAL_PAYMENT_LINK: '',
  NORMAL_CHECKOUT_URL: '',
  /** All five unset: no mails, no /gracias, no personal links, no webhook (docs/fulfilment.md). */
  STRIPE_WEBHOOK_SECRET: '',
  SMTP_URL: '',
  MAIL_FROM: '',
  MEETING_URL: '',
  ACCESS_SECRET: '',
  /** Unset: the personal link says each is on its way. */
  RECORDING_URL: '',
  FORMULA_URL: '',
  GPT_URL: '',
  HOOKS_URL: '',
  SWEEP_SECONDS: '60',
  /** Ten minutes to take a change back. */
  CHANGE_DELAY_SECONDS: '600',
  /** Unset: no /panel (production runs without it, and says so at start). */
  PANEL_SECRET: '',
  /** Unset: CONTACT_EMAIL. */
  OWNER_EMAIL: '',
} as const;

type Variable = keyof typeof DEFAULTS;
export type Environment = Partial<Record<string, string | undefined>>;

export { ConfigError } from './configError';

function fail(variable: Variable, expected: string, value: string): never {
  throw new ConfigError(`Invalid ${variable}: expected ${expected}, got ${JSON.stringify(value)}`);
}

function parsePort(variable: Variable, value: string): number {
  const port = /^\d{1,5}$/.test(value) ? Number(value) : NaN;
  if (!(port >= 1 && port <= 65535)) fail(variable, 'an integer from 1 to 65535', value);
  return port;
}

/** A second listener must not take the public port. */
function parseMetricsPort(value: string, publicPort: number): number | null {
  if (value === '') return null;
  const port = parsePort('METRICS_PORT', value);
  if (port === publicPort) fail('METRICS_PORT', `a port other than PORT (${publicPort})`, value);
  return port;
}

function parseHost(value: string): string {
  if (!/^[A-Za-z0-9.:\-[\]]+$/.test(value)) fail('HOST', 'a host name or IP address', value);
  return value;
}

/** An absolute URL that `accept` approves of, or a one-line failure naming what was expected. */
function parseUrl(variable: Variable, value: string, expected: string, accept: (url: URL) => boolean): URL {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    // Reported below, with the same words as any other rejected value.
  }
  if (!url || !accept(url)) return fail(variable, expected, value);
  return url;
}

const parseCheckoutUrl = (value: string): string =>
  parseUrl('CHECKOUT_URL', value, 'an absolute https URL', (url) => url.protocol === 'https:' && url.hostname !== '').href;

/**
 * Without a trailing slash, so paths can be appended: `${publicUrl}/sitemap.xml`. Production takes https alone: every
 * personal link the site mails, and every page's links, start with it, and a link in clear hands its token to the way.
 */
const parsePublicUrl = (value: string, production: boolean): string =>
  parseUrl(
    'PUBLIC_URL',
    value,
    production
      ? 'an absolute https URL like https://taller.example.com with NODE_ENV=production'
      : 'an absolute http or https URL like https://taller.example.com',
    (url) => (production ? ['https:'] : ['http:', 'https:']).includes(url.protocol) && !url.search && !url.hash && !url.username,
  ).href.replace(/\/+$/, '');

function parseEmail(variable: Variable, value: string): string {
  if (!/^[^\s@<>"]+@[^\s@<>"]+\.[A-Za-z]{2,}$/.test(value)) fail(variable, 'an e-mail address like name@domain.com', value);
  return value;
}

/** Printed on the legal pages: one line of ordinary text, no control character, within a sensible length. */
function parseLine(variable: Variable, value: string, expected: string, min: number, max: number): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (value.length < min || value.length > max || /[\u0000-\u001f\u007f]/.test(value))
    fail(variable, `${expected} of ${min} to ${max} characters on one line`, value);
  return value;
}

/** Digits with the usual separators, 8 to 15 digits (the international maximum): the page links it as tel:. */
function parsePhone(value: string): string | null {
  if (value === '') return null;
  const digits = value.replace(/\D/g, '').length;
  if (!/^\+?[\d ()-]+$/.test(value) || digits < 8 || digits > 15) fail('SELLER_PHONE', 'a phone number like +52 55 1234 5678', value);
  return value;
}

const SOCIAL_SETTINGS: Record<SocialNetwork, Variable> = { instagram: 'INSTAGRAM_URL', linkedin: 'LINKEDIN_URL' };

/** Each profile's https URL; an unset one is a placeholder outside production and left out in production. */
function parseSocial(get: (name: Variable) => string, production: boolean): SocialProfile[] {
  return (Object.keys(SOCIAL_SETTINGS) as SocialNetwork[]).flatMap((network): SocialProfile[] => {
    const variable = SOCIAL_SETTINGS[network];
    const value = get(variable);
    if (value === '') return production ? [] : [{ network, url: null }];
    const url = parseUrl(
      variable,
      value,
      'an absolute https URL of the profile',
      (parsed) => parsed.protocol === 'https:' && parsed.hostname !== '' && !parsed.username,
    );
    return [{ network, url: url.href }];
  });
}

function parseInteger(variable: Variable, value: string, min: number, max: number): number {
  const integer = /^\d{1,6}$/.test(value) ? Number(value) : NaN;
  if (!(integer >= min && integer <= max)) fail(variable, `an integer from ${min} to ${max}`, value);
  return integer;
}

/** The whole request may take at most this long: a client's headers must come sooner. */
export const REQUEST_TIMEOUT_SECONDS = 30;

/** Only full date-times with an explicit offset: "2025-09-03T20:00" alone would depend on the server's zone. */
function parseInstant(variable: Variable, value: string): number {
  const hasOffset = /T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i.test(value);
  const parsed = DateTime.fromISO(value, { setZone: true });
  if (!hasOffset || !parsed.isValid) fail(variable, 'an ISO 8601 date-time with offset like 2025-09-03T20:00:00-06:00', value);
  return parsed.toMillis();
}

/** Written on each purchase at Stripe and in the calendar invites' UID: short, and nothing a metadata value or a UID could mistake. */
function parseEdition(value: string): string {
  if (!/^[a-z0-9][a-z0-9-]{0,39}$/.test(value)) fail('EDITION', "the edition's name: 1 to 40 lowercase letters, digits or hyphens, like 2025-09", value);
  return value;
}

function parseBoolean(variable: Variable, value: string): boolean {
  if (value !== 'true' && value !== 'false') fail(variable, 'true or false', value);
  return value === 'true';
}

/** Never echoes the value: it is a secret, and a near miss would be half of one. */
function parseSecretKey(value: string): string {
  if (!/^(sk|rk)_[A-Za-z0-9_]{8,}$/.test(value)) {
    throw new ConfigError('Invalid STRIPE_SECRET_KEY: expected a Stripe secret key (sk_...) or, better, a restricted key (rk_...); the value is not shown');
  }
  return value;
}

function parsePaymentLink(value: string): string {
  if (!/^plink_[A-Za-z0-9]+$/.test(value)) fail('STRIPE_PAYMENT_LINK', 'a Payment Link id like plink_1AbC...', value);
  return value;
}

/** Only Stripe in production: another host would receive the secret key. */
function parseStripeApiUrl(value: string, production: boolean): URL {
  if (production && value !== DEFAULTS.STRIPE_API_URL) fail('STRIPE_API_URL', `${DEFAULTS.STRIPE_API_URL} with NODE_ENV=production`, value);
  return parseUrl(
    'STRIPE_API_URL',
    value,
    'an http or https origin like https://api.stripe.com',
    (url) => ['http:', 'https:'].includes(url.protocol) && url.pathname === '/' && !url.search && !url.hash && !url.username,
  );
}

/** Both or neither: one alone is a half-configured checkout, refused naming the other. */
function parseSpots(key: string, link: string, apiUrl: URL, pollSeconds: number): SpotsSettings | null {
  if (!key && !link) return null;
  if (!link) throw new ConfigError('STRIPE_SECRET_KEY is set but STRIPE_PAYMENT_LINK is not: set both to count the Early Bird spots, or neither');
  if (!key) throw new ConfigError('STRIPE_PAYMENT_LINK is set but STRIPE_SECRET_KEY is not: set both to count the Early Bird spots, or neither');
  const secretKey = parseSecretKey(key);
  return { secretKey: () => secretKey, paymentLink: parsePaymentLink(link), apiUrl, pollSeconds };
}

/**
 * Names reserved for documentation and tests (RFC 2606, RFC 6761): a value there is a placeholder nobody can
 * receive mail at or join. localhost is not among them: a relay beside the server (a sidecar) is real.
 */
function isPlaceholderHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return /(^|\.)example\.(com|org|net)$/.test(host) || /(^|\.)(example|invalid|test)$/.test(host);
}

/** Never echoes the value: a near miss would be half of the secret. */
function parseWebhookSecret(value: string): string {
  if (!/^whsec_[A-Za-z0-9+/=_]{8,}$/.test(value)) {
    throw new ConfigError("Invalid STRIPE_WEBHOOK_SECRET: expected the endpoint's signing secret (whsec_...); the value is not shown");
  }
  return value;
}

/** Never echoes the value: it holds the mail account's password. */
function parseSmtpUrl(value: string, production: boolean): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    // Reported below, without the value.
  }
  if (!url || !['smtp:', 'smtps:'].includes(url.protocol) || !url.hostname || url.pathname.replace(/^\/+/, '') !== '' || url.hash) {
    throw new ConfigError('Invalid SMTP_URL: expected smtp://user:password@host:587 or smtps://user:password@host:465; the value is not shown');
  }
  if (production && (isPlaceholderHost(url.hostname) || decodeURIComponent(url.username) === SMTP_STAND_IN_USER)) {
    throw new ConfigError(
      "Invalid SMTP_URL: expected a real mail server with NODE_ENV=production, not a placeholder or the project's stand-in; the value is not shown",
    );
  }
  const refused = production ? refusedSmtpOptions(url) : [];
  if (refused.length > 0) {
    throw new ConfigError(
      `Invalid SMTP_URL: with NODE_ENV=production its query may set only ${ALLOWED_SMTP_OPTIONS.join(', ')}, but it sets ${refused.join(', ')}; the rest of the value is not shown`,
    );
  }
  return value;
}

const ADDRESS = /^[^\s@<>"]+@([^\s@<>"]+\.[A-Za-z]{2,})$/;

/** An address, or a name and an address: `Valeria Montes <hola@mi-marca.mx>`. */
function parseMailFrom(value: string, production: boolean): FulfilmentSettings['mailFrom'] {
  const named = /^([^<>"]*?)\s*<([^<>]+)>$/.exec(value);
  const address = named ? (named[2] ?? '') : value;
  const domain = ADDRESS.exec(address)?.[1];
  if (!domain) fail('MAIL_FROM', 'an address like hola@mi-marca.mx, or a name and an address like Valeria <hola@mi-marca.mx>', value);
  if (production && isPlaceholderHost(domain)) fail('MAIL_FROM', 'an address of a real domain with NODE_ENV=production', value);
  return { address, name: named?.[1] ? named[1] : null };
}

/** Never echoes the value: the join link is for paying buyers only. */
function parseMeetingUrl(value: string, production: boolean): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    // Reported below, without the value.
  }
  if (url?.protocol !== 'https:' || !url.hostname || /\s/.test(value)) {
    throw new ConfigError('Invalid MEETING_URL: expected the https join link, like https://meet.google.com/abc-defg-hij; the value is not shown');
  }
  if (production && isPlaceholderHost(url.hostname)) {
    throw new ConfigError('Invalid MEETING_URL: expected a real join link with NODE_ENV=production, not a placeholder; the value is not shown');
  }
  return url.href;
}

/** Never echoes the value: whoever has it can make a personal link for any purchase. */
function parseAccessSecret(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (value.length < 32 || /[\s\u0000-\u001f\u007f]/.test(value)) {
    throw new ConfigError('Invalid ACCESS_SECRET: expected at least 32 characters without spaces, such as `openssl rand -base64 48`; the value is not shown');
  }
  return value;
}

/** Never echoes the value: the recording is for paying buyers only, and so, by habit, is every material. */
function parseMaterial(variable: (typeof MATERIAL_SETTINGS)[keyof typeof MATERIAL_SETTINGS], value: string, production: boolean): string | null {
  if (value === '') return null;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    // Reported below, without the value.
  }
  if (url?.protocol !== 'https:' || !url.hostname || url.username || /\s/.test(value) || (production && isPlaceholderHost(url.hostname))) {
    throw new ConfigError(`Invalid ${variable}: expected the https link buyers open${production ? ', on a real host' : ''}; the value is not shown`);
  }
  // The recording announced to a buyer is kept on their purchase at Stripe, whose metadata values hold this much.
  if (variable === MATERIAL_SETTINGS.recording && url.href.length > STRIPE_METADATA_VALUE_CHARS) {
    throw new ConfigError(
      `Invalid ${variable}: expected a link of at most ${STRIPE_METADATA_VALUE_CHARS} characters, which Stripe keeps with each buyer; the value is not shown`,
    );
  }
  return url.href;
}

/** The longest metadata value Stripe stores. */
const STRIPE_METADATA_VALUE_CHARS = 500;

/**
 * All five or none: each alone is a half-built fulfilment, refused naming what is missing. It reads the session at
 * the Payment Link the spots are counted at, so it needs those settings too; the materials' links need the five.
 */
function parseFulfilment(get: (name: Variable) => string, spots: SpotsSettings | null, production: boolean): FulfilmentSettings | null {
  const set = FULFILMENT_SETTINGS.filter((name) => get(name) !== '');
  const materialsSet = Object.values(MATERIAL_SETTINGS).filter((name) => get(name) !== '');
  if (set.length === 0 && materialsSet.length > 0) {
    throw new ConfigError(
      `${materialsSet.join(', ')} ${materialsSet.length === 1 ? 'is' : 'are'} set but the buyer's mails are not: set ${FULFILMENT_SETTINGS.join(', ')} too`,
    );
  }
  if (set.length === 0) return null;
  const missing = FULFILMENT_SETTINGS.filter((name) => get(name) === '');
  if (missing.length > 0) {
    throw new ConfigError(
      `${set.join(', ')} ${set.length === 1 ? 'is' : 'are'} set but ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not: the buyer's mails need all of ${FULFILMENT_SETTINGS.join(', ')}, or none`,
    );
  }
  if (!spots) {
    throw new ConfigError(
      `${FULFILMENT_SETTINGS.join(', ')} are set but STRIPE_SECRET_KEY and STRIPE_PAYMENT_LINK are not: the buyer's mails read each purchase at the Payment Link`,
    );
  }
  const webhookSecret = parseWebhookSecret(get('STRIPE_WEBHOOK_SECRET'));
  const smtpUrl = parseSmtpUrl(get('SMTP_URL'), production);
  const meetingUrl = parseMeetingUrl(get('MEETING_URL'), production);
  const accessSecret = parseAccessSecret(get('ACCESS_SECRET'));
  const materials: MaterialLinks = {
    recording: parseMaterial('RECORDING_URL', get('RECORDING_URL'), production),
    formula: parseMaterial('FORMULA_URL', get('FORMULA_URL'), production),
    gpt: parseMaterial('GPT_URL', get('GPT_URL'), production),
    hooks: parseMaterial('HOOKS_URL', get('HOOKS_URL'), production),
  };
  return {
    stripe: { secretKey: spots.secretKey, paymentLink: spots.paymentLink, apiUrl: spots.apiUrl },
    webhookSecret: () => webhookSecret,
    smtpUrl: () => smtpUrl,
    mailFrom: parseMailFrom(get('MAIL_FROM'), production),
    meetingUrl: () => meetingUrl,
    accessSecret: () => accessSecret,
    materials: () => materials,
    // At most four minutes, so that a reminder goes out within five minutes of its moment.
    sweepSeconds: parseInteger('SWEEP_SECONDS', get('SWEEP_SECONDS'), 10, 240),
  };
}

/**
 * Never echoes the value. Its own secret: whoever has it can sign in to the panel, move buyers' money and mail them,
 * so it shares nothing with ACCESS_SECRET (whose holders can make buyers' links). Production refuses a guessable one.
 */
function parsePanelSecret(value: string, accessSecret: string, production: boolean): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (value.length < 32 || /[\s\u0000-\u001f\u007f]/.test(value)) {
    throw new ConfigError('Invalid PANEL_SECRET: expected at least 32 characters without spaces, such as `openssl rand -base64 48`; the value is not shown');
  }
  if (value === accessSecret) throw new ConfigError("Invalid PANEL_SECRET: expected a secret of its own, not ACCESS_SECRET's; the value is not shown");
  if (production && estimatedBits(value) < STRONG_SECRET_BITS) {
    throw new ConfigError(
      'Invalid PANEL_SECRET: too guessable for NODE_ENV=production (too many characters alike): set it to the output of `openssl rand -base64 48`; the value is not shown',
    );
  }
  return value;
}

/**
 * The panel needs the buyer's mails' settings: it mails its sign-in links through the same server, and sends buyers
 * their confirmation again. Without PANEL_SECRET there is none, production included.
 */
function parsePanel(
  get: (name: Variable) => string,
  fulfilment: FulfilmentSettings | null,
  production: boolean,
  contactEmail: string,
  publicUrl: string,
): PanelSettings | null {
  const ownerEmail = get('OWNER_EMAIL') === '' ? contactEmail : parseEmail('OWNER_EMAIL', get('OWNER_EMAIL'));
  if (get('PANEL_SECRET') === '') return null;
  if (!fulfilment) {
    throw new ConfigError(
      `PANEL_SECRET is set but the buyer's mails are not: the panel mails its sign-in links through them; set ${FULFILMENT_SETTINGS.join(', ')} too`,
    );
  }
  const secret = parsePanelSecret(get('PANEL_SECRET'), fulfilment.accessSecret(), production);
  return { secret: () => secret, ownerEmail, secureCookie: production || publicUrl.startsWith('https:') };
}

function parseLogLevel(value: string): LogLevel {
  const level = LOG_LEVELS.find((candidate) => candidate === value);
  if (!level) return fail('LOG_LEVEL', `one of ${LOG_LEVELS.join(', ')}`, value);
  return level;
}

/**
 * Production's one refusal line, naming every placeholder left at its default, every required setting left unset and
 * every date left to the clock.
 */
function productionRefusal(placeholders: readonly string[], unset: readonly string[], dates: readonly string[], editionUnset: boolean): string | null {
  const isAre = (names: readonly string[]): string => (names.length === 1 ? 'is' : 'are');
  const reasons = [
    ...(placeholders.length > 0
      ? [`real values for ${placeholders.join(', ')}: ${placeholders.length === 1 ? 'it is' : 'they are'} still the placeholder default`]
      : []),
    ...(unset.length > 0 ? [`${unset.join(', ')}, which ${isAre(unset)} unset: buyers must be given a phone`] : []),
    ...(dates.length > 0 ? [`${dates.join(', ')}, which ${isAre(dates)} unset: the edition's dates are the owner's to set`] : []),
    ...(editionUnset ? ["EDITION, which is unset: each edition's name is the owner's to set, and a new one for each new edition (docs/operations.md)"] : []),
  ];
  return reasons.length > 0 ? `NODE_ENV=production needs ${reasons.join('; and ')}` : null;
}

/**
 * Reads every setting once, at `nowMs` (the start of the process); an empty variable counts as unset. With
 * NODE_ENV=production, a placeholder left at its default, a required setting or a date left unset, is refused: the
 * one message names every one of them.
 */
export function readConfig(env: Environment, nowMs: number): SiteConfig {
  const get = (name: Variable): string => {
    const value = env[name]?.trim();
    return value ? value : DEFAULTS[name];
  };
  const production = env.NODE_ENV === 'production';
  const placeholders = PLACEHOLDER_SETTINGS.filter((name) => get(name) === DEFAULTS[name]);
  const unsetForProduction = REQUIRED_IN_PRODUCTION.filter((name) => get(name) === '');
  const datesFromClock = SALE_DATES.filter((name) => get(name) === '');
  const editionUnnamed = get('EDITION') === '';
  const refusal = production ? productionRefusal(placeholders, unsetForProduction, datesFromClock, editionUnnamed) : null;
  if (refusal) throw new ConfigError(refusal);
  const port = parsePort('PORT', get('PORT'));
  const underWay = saleUnderWay(nowMs);
  const spots = parseSpots(
    get('STRIPE_SECRET_KEY'),
    get('STRIPE_PAYMENT_LINK'),
    parseStripeApiUrl(get('STRIPE_API_URL'), production),
    // At least 2 s apart, so a call (with its timeout) always ends before the next is due; at most 5 minutes stale.
    parseInteger('SPOTS_POLL_SECONDS', get('SPOTS_POLL_SECONDS'), 2, 300),
  );
  const checkoutUrl = parseCheckoutUrl(get('CHECKOUT_URL'));
  const contactEmail = parseEmail('CONTACT_EMAIL', get('CONTACT_EMAIL'));
  const publicUrl = parsePublicUrl(get('PUBLIC_URL'), production);
  const fulfilment = parseFulfilment(get, spots, production);
  return {
    port,
    metricsPort: parseMetricsPort(get('METRICS_PORT'), port),
    host: parseHost(get('HOST')),
    checkoutUrl,
    contactEmail,
    publicUrl,
    seller: {
      name: parseLine('SELLER_NAME', get('SELLER_NAME'), 'a legal name', 2, 120),
      address: parseLine('SELLER_ADDRESS', get('SELLER_ADDRESS'), 'a postal address', 10, 300),
      phone: parsePhone(get('SELLER_PHONE')),
    },
    trainerName: parseLine('TRAINER_NAME', get('TRAINER_NAME'), "the trainer's name", 2, 80),
    social: parseSocial(get, production),
    sale: {
      workshopStartMs: datesFromClock.includes('WORKSHOP_START') ? underWay.workshopStartMs : parseInstant('WORKSHOP_START', get('WORKSHOP_START')),
      earlyBirdDeadlineMs: datesFromClock.includes('EARLY_BIRD_DEADLINE')
        ? underWay.earlyBirdDeadlineMs
        : parseInstant('EARLY_BIRD_DEADLINE', get('EARLY_BIRD_DEADLINE')),
      soldOut: parseBoolean('SOLD_OUT', get('SOLD_OUT')),
      cancelled: parseBoolean('WORKSHOP_CANCELLED', get('WORKSHOP_CANCELLED')),
    },
    edition: editionUnnamed ? UNNAMED_EDITION : parseEdition(get('EDITION')),
    editionUnnamed,
    placeholders,
    unsetForProduction,
    datesFromClock,
    upgradeInsecureRequests: parseBoolean('UPGRADE_INSECURE_REQUESTS', get('UPGRADE_INSECURE_REQUESTS')),
    logLevel: parseLogLevel(get('LOG_LEVEL')),
    // Up to five minutes: longer than any balancer needs to see the health check fail, or a request to finish.
    shutdownDelaySeconds: parseInteger('SHUTDOWN_DELAY_SECONDS', get('SHUTDOWN_DELAY_SECONDS'), 0, 300),
    shutdownDrainSeconds: parseInteger('SHUTDOWN_DRAIN_SECONDS', get('SHUTDOWN_DRAIN_SECONDS'), 1, 300),
    headersTimeoutSeconds: parseInteger('HEADERS_TIMEOUT_SECONDS', get('HEADERS_TIMEOUT_SECONDS'), 1, REQUEST_TIMEOUT_SECONDS),
    responseTimeoutSeconds: parseInteger('RESPONSE_TIMEOUT_SECONDS', get('RESPONSE_TIMEOUT_SECONDS'), 1, 300),
    // At least 100: a cache in front opens a connection per request in flight when a burst comes.
    maxConnections: parseInteger('MAX_CONNECTIONS', get('MAX_CONNECTIONS'), 100, 50_000),
    trustedProxies: parseTrustedProxies(get('TRUSTED_PROXIES')),
    spots,
    normalCheckout: parseNormalCheckout(get('STRIPE_NORMAL_PAYMENT_LINK'), get('NORMAL_CHECKOUT_URL'), spots?.paymentLink ?? null, checkoutUrl),
    fulfilment,
    // At least a minute, at most a day: every instance should learn of a change, within a poll, before it takes effect.
    changeDelaySeconds: parseInteger('CHANGE_DELAY_SECONDS', get('CHANGE_DELAY_SECONDS'), 60, 86_400),
    panel: parsePanel(get, fulfilment, production, contactEmail, publicUrl),
  };
}
