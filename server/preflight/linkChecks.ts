import type Stripe from 'stripe';
import { prices } from '../../shared/content/siteFacts';
import { ROUTES } from '../../shared/routes';
import type { LinkRole } from '../../shared/logic/sale';
import { isoInWorkshopZone } from '../../shared/logic/schedule';
import { sellingLinks as linksOf } from '../config/sellingLinks';
import type { SiteConfig } from '../config/settings';
import { pendingAt, readRecord, valuesAt } from '../sale/saleRecord';
import type { SettingName } from '../sale/saleSettings';
import { amountIn, linkPrice } from '../spots/linkPrice';
import { stripeFailureDetail } from '../stripe/failure';
import { type Check, fail, ok, warn } from './preflightCheck';
import type { Reading } from './stripeReads';

/** A Payment Link the site sells through, with the settings that name it and what the page promises of it. */
interface SellingLink {
  /** In the output: `Early Bird link`. */
  name: string;
  /** In the checks' ids: `early_bird`. */
  key: string;
  id: string;
  idSetting: string;
  /** The URL the page sends buyers to: it must be this link's. */
  url: string;
  urlSetting: string;
  /** The price the page shows for it, in dollars. */
  dollars: number;
  /** Whether the page counts its spots, so it must have a limit. */
  counted: boolean;
  /** From here on it sells nothing the page offers: the Early Bird's end, or the start. */
  sellsUntilMs: number;
}

/** What the output and the checks call each of the site's links, the settings that name it, and the price the page says. */
const NAMED: Record<LinkRole, Pick<SellingLink, 'name' | 'idSetting' | 'urlSetting' | 'dollars' | 'counted'>> = {
  early_bird: { name: 'Early Bird link', idSetting: 'STRIPE_PAYMENT_LINK', urlSetting: 'CHECKOUT_URL', dollars: prices.earlyBird, counted: true },
  normal: { name: 'Normal-price link', idSetting: 'STRIPE_NORMAL_PAYMENT_LINK', urlSetting: 'NORMAL_CHECKOUT_URL', dollars: prices.normal, counted: false },
};

/** Every link the site sells through (server/config/sellingLinks.ts), the one list the preflight checks. */
export function sellingLinks(config: SiteConfig): SellingLink[] {
  return linksOf(config).map(({ role, paymentLink, checkoutUrl }) => ({
    ...NAMED[role],
    key: role,
    id: paymentLink,
    url: checkoutUrl,
    sellsUntilMs: role === 'early_bird' ? Math.min(config.sale.earlyBirdDeadlineMs, config.sale.workshopStartMs) : config.sale.workshopStartMs,
  }));
}

const LINKS_PAGE = 'Dashboard → Payment Links → the link';

/** Where the Payment Link must send a buyer once paid, exactly: Stripe fills in the session's id. */
const thanksRedirect = (publicUrl: string): string => `${publicUrl}${ROUTES.thanks.path}?session_id={CHECKOUT_SESSION_ID}`;

interface LinkContext {
  publicUrl: string;
  /** Whether the buyer's mails are on: then the link must redirect to /gracias, else it must not. */
  fulfilment: boolean;
  nowMs: number;
}

const money = (minor: number, currency: string): string => `${(minor / 100).toLocaleString('en-US')} ${currency.toUpperCase()}`;

/**
 * What one selling link must be for the page's promises to hold (docs/spots.md, docs/pricing.md, docs/fulfilment.md):
 * it exists and sells while the page offers it, its limit, its price in dollars (and in pesos), taxes included, the
 * redirect after payment, the terms checkbox, and its URL the one the page links to. One line each.
 */
export function linkChecks(selling: SellingLink, reading: Reading<Stripe.PaymentLink> | undefined, context: LinkContext): Check[] {
  const id = (aspect: string) => `stripe.link.${selling.key}.${aspect}`;
  const label = (aspect: string) => `${selling.name}: ${aspect}`;
  if (!reading || 'failure' in reading) {
    const missing = reading?.failure.status === 404;
    return [
      fail(
        id('exists'),
        'stripe',
        label('exists'),
        missing
          ? `${selling.idSetting} names no Payment Link this key can see (in its mode): copy the id (plink_…) from ${LINKS_PAGE}`
          : `could not be read (${reading ? stripeFailureDetail(reading.failure) : 'not read'})`,
      ),
    ];
  }
  const link = reading.ok;
  const checks: Check[] = [];
  const onSale = context.nowMs < selling.sellsUntilMs;
  const limits = link.restrictions?.completed_sessions ?? null;
  if (!onSale) checks.push(ok(id('exists'), 'stripe', label('exists'), `${link.active ? 'active' : 'inactive'}; what it sells has ended`));
  else if (link.active) checks.push(ok(id('exists'), 'stripe', label('exists'), 'active'));
  else if (limits && limits.count >= limits.limit)
    checks.push(warn(id('exists'), 'stripe', label('exists'), `inactive: its limit closed it (${limits.count} of ${limits.limit} sold)`));
  else checks.push(fail(id('exists'), 'stripe', label('exists'), `inactive, so nobody can buy: turn it on in ${LINKS_PAGE}`));

  if (selling.counted) {
    checks.push(
      limits
        ? ok(id('limit'), 'stripe', label('limit'), `${limits.limit} purchases, ${limits.count} so far`)
        : warn(
            id('limit'),
            'stripe',
            label('limit'),
            `none: the page cannot count the spots and the checkout never stops by itself; set "Limit the number of payments" to ${prices.earlyBirdSpots} in ${LINKS_PAGE}`,
          ),
    );
  }

  const price = linkPrice(link);
  const dollars = price && amountIn(price, prices.currency.toLowerCase());
  const pesos = price && amountIn(price, prices.pesoCurrency.toLowerCase());
  const page = `${selling.dollars} ${prices.currency}`;
  if (!price)
    checks.push(
      fail(id('price'), 'stripe', label('price'), `it does not sell exactly one price: make it sell the workshop alone, at ${page}, in ${LINKS_PAGE}`),
    );
  else if (!dollars)
    checks.push(
      warn(id('price'), 'stripe', label('price'), `no amount in ${prices.currency}: the page says ${page}; give the price a ${prices.currency} amount`),
    );
  else if (dollars.minor !== selling.dollars * 100)
    checks.push(
      fail(
        id('price'),
        'stripe',
        label('price'),
        `charges ${money(dollars.minor, prices.currency)} but the page says ${page}: make the price at the link and shared/content/siteFacts.ts agree`,
      ),
    );
  else if (link.automatic_tax.enabled && [dollars, pesos].some((amount) => amount?.taxBehavior === 'exclusive'))
    checks.push(
      fail(
        id('price'),
        'stripe',
        label('price'),
        'adds taxes on top (automatic tax on, tax behaviour "exclusive") while the page says "impuestos incluidos": make the price tax-inclusive, or turn automatic tax off',
      ),
    );
  else checks.push(ok(id('price'), 'stripe', label('price'), `${page}, taxes included`));
  if (price) {
    checks.push(
      pesos
        ? ok(id('pesos'), 'stripe', label('price in pesos'), money(pesos.minor, prices.pesoCurrency))
        : warn(
            id('pesos'),
            'stripe',
            label('price in pesos'),
            `none: the page shows dollars only, and buyers in Mexico see Stripe's conversion; add an ${prices.pesoCurrency} amount to the price (Dashboard → the product → the price → add a currency)`,
          ),
    );
  }

  const redirect = link.after_completion.type === 'redirect' ? (link.after_completion.redirect?.url ?? '') : null;
  const expected = thanksRedirect(context.publicUrl);
  const thanksPath = `${context.publicUrl}${ROUTES.thanks.path}`;
  if (context.fulfilment) {
    checks.push(
      redirect === expected
        ? ok(id('redirect'), 'stripe', label('after payment'), `redirects to ${expected}`)
        : fail(
            id('redirect'),
            'stripe',
            label('after payment'),
            `${redirect === null ? "shows Stripe's own page" : `redirects to ${redirect}`}, so buyers never reach their confirmation: in ${LINKS_PAGE} → After payment, redirect to ${expected}, written exactly so`,
          ),
    );
  } else {
    checks.push(
      redirect?.startsWith(thanksPath)
        ? fail(
            id('redirect'),
            'stripe',
            label('after payment'),
            `redirects to ${ROUTES.thanks.path}, which answers 404 while the buyer's mails are off: keep Stripe's confirmation page in ${LINKS_PAGE} → After payment`,
          )
        : ok(id('redirect'), 'stripe', label('after payment'), "Stripe's confirmation (the buyer's mails are off: you write to each buyer)"),
    );
  }

  checks.push(
    link.consent_collection?.terms_of_service === 'required'
      ? ok(id('terms'), 'stripe', label('terms'), 'buyers accept the terms before paying')
      : warn(
          id('terms'),
          'stripe',
          label('terms'),
          `buyers are not asked to accept the terms: tick "Require customers to accept your terms of service" in ${LINKS_PAGE} (docs/pricing.md)`,
        ),
  );

  const sameUrl = URL.canParse(link.url) && new URL(link.url).href === selling.url;
  checks.push(
    sameUrl
      ? ok(id('url'), 'stripe', label('URL'), `${selling.urlSetting} is its URL`)
      : fail(id('url'), 'stripe', label('URL'), `${selling.urlSetting} is ${selling.url}, not this link's URL: set ${selling.urlSetting} to ${link.url}`),
  );
  return checks;
}

/** What an operator sets for each of the sale's settings the panel can change. */
const SETTING_NAMES: Record<SettingName, string> = {
  edition: 'EDITION',
  dates: 'WORKSHOP_START and EARLY_BIRD_DEADLINE',
  soldOut: 'SOLD_OUT',
  cancelled: 'WORKSHOP_CANCELLED',
  recordingUrl: 'RECORDING_URL',
  links: 'the Payment Links',
};

/**
 * Which of the sale's values came from where, as the record kept on the Early Bird's Payment Link says (decision 0029):
 * a value the seller changed in her panel is in force over the environment's until the environment changes it.
 */
export function saleOriginCheck(anchor: Reading<Stripe.PaymentLink> | undefined, nowMs: number): Check | null {
  if (!anchor || 'failure' in anchor) return null;
  const reading = readRecord(anchor.ok.metadata);
  if ('none' in reading) return ok('stripe.sale_origin', 'stripe', "The sale's settings", 'every value from the environment: no change recorded at Stripe yet');
  if ('unreadable' in reading)
    return warn(
      'stripe.sale_origin',
      'stripe',
      "The sale's settings",
      `the record on the Early Bird's link is unreadable (${reading.unreadable}): the site runs on the environment's values`,
    );
  const { origins } = valuesAt(reading.record, nowMs);
  const fromPanel = (Object.keys(SETTING_NAMES) as SettingName[]).filter((name) => origins[name] === 'panel').map((name) => SETTING_NAMES[name]);
  const pending = pendingAt(reading.record, nowMs);
  const waiting = pending ? `; a change waits its undo window until ${isoInWorkshopZone(pending.takesEffectAtMs)}` : '';
  return ok(
    'stripe.sale_origin',
    'stripe',
    "The sale's settings",
    fromPanel.length === 0
      ? `every value from the environment${waiting}`
      : `from the panel, in force over the environment's: ${fromPanel.join(', ')}; the rest from the environment${waiting}`,
  );
}
