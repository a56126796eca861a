/**
 * One Payment Link of the stand-in (scripts/lib/stripeStandIn.ts holds the account's links and routes to them): its
 * state, the object Stripe returns for it, and its updates as Stripe's API reference documents them for
 * `POST /v1/payment_links/:id`: `active`, `metadata[...]` (merged, an empty value deletes the key),
 * `restrictions[completed_sessions][limit]` (or `restrictions=` to take the limit away) and `payment_method_types[n]`
 * (or `payment_method_types=`, "an empty string to enable dynamic payment methods"). Any other parameter is refused.
 * Typed with the SDK's own Stripe.PaymentLink and Stripe.Price: a shape that drifts from Stripe's fails tsc.
 * Node runs this file as it is (type stripping): erasable TypeScript only.
 */
import Stripe from 'stripe';

/** The link's one price: its own currency and amount, and any other currency's fixed amount (minor units). */
export interface StandInPrice {
  /** Its id; absent: one of the link's own (`price_StandIn…`). */
  id?: string;
  currency: string;
  unitAmount: number;
  /** As the price's `currency_options`: `{ mxn: 89000 }` is a fixed 890 pesos. */
  options?: Record<string, number>;
  taxBehavior?: Stripe.Price.TaxBehavior;
}

/** The Early Bird's price as the content states it, with no amount in pesos. */
export const DOLLAR_PRICE: StandInPrice = { currency: 'usd', unitAmount: 4900 };

/** What the link's settings say beside its price: the terms checkbox, and Stripe Tax. */
export interface StandInSetup {
  termsOfService: Stripe.PaymentLink.ConsentCollection.TermsOfService | null;
  automaticTax: boolean;
}

/** A Price as Stripe returns it; its currency options only when they were expanded. */
function priceFixture(id: string, { currency, unitAmount, options = {}, taxBehavior = 'inclusive' }: StandInPrice, withOptions: boolean): Stripe.Price {
  const option = (amount: number): Stripe.Price.CurrencyOptions => ({
    custom_unit_amount: null,
    tax_behavior: taxBehavior,
    unit_amount: amount,
    unit_amount_decimal: Stripe.Decimal.from(amount),
  });
  return {
    id,
    object: 'price',
    active: true,
    billing_scheme: 'per_unit',
    created: 1_750_000_000,
    currency,
    ...(withOptions && {
      currency_options: Object.fromEntries([[currency, option(unitAmount)], ...Object.entries(options).map(([code, amount]) => [code, option(amount)])]),
    }),
    custom_unit_amount: null,
    livemode: false,
    lookup_key: null,
    metadata: {},
    nickname: 'Early Bird',
    product: 'prod_StandInTaller',
    recurring: null,
    tax_behavior: taxBehavior,
    tiers_mode: null,
    transform_quantity: null,
    type: 'one_time',
    unit_amount: unitAmount,
    unit_amount_decimal: Stripe.Decimal.from(unitAmount),
  };
}

/** What the fixture varies: the count, the limit and the state, the price, the setup, the payment methods, and what the request expanded. */
export interface LinkState {
  count: number;
  limit: number | null;
  active: boolean;
  metadata?: Record<string, string>;
  price?: StandInPrice;
  setup?: StandInSetup;
  /** null: the account's payment method settings decide (Stripe's dynamic payment methods). */
  paymentMethodTypes?: Stripe.PaymentLink.PaymentMethodType[] | null;
  expand?: string[];
  /** What a link created through the API was given otherwise than the fixture's: its redirect, its inactive message. */
  fields?: Partial<Pick<Stripe.PaymentLink, 'after_completion' | 'inactive_message'>>;
}

/** The price a link sells, by its id: the link's own unless the price names one. */
const priceIdOf = (linkId: string, price: StandInPrice): string => price.id ?? `price_StandIn${linkId.slice(6)}`;

const WELL_SET_UP: StandInSetup = { termsOfService: 'required', automaticTax: false };

/** A Payment Link as Stripe returns it, with its line items only when they were expanded. */
export function paymentLinkFixture(
  id: string,
  { count, limit, active, metadata = {}, price = DOLLAR_PRICE, setup = WELL_SET_UP, paymentMethodTypes = null, expand = [], fields = {} }: LinkState,
): Stripe.PaymentLink {
  const lineItem: Stripe.LineItem = {
    id: 'li_StandInTaller',
    object: 'item',
    adjustable_quantity: null,
    amount_discount: 0,
    amount_subtotal: price.unitAmount,
    amount_tax: 0,
    amount_total: price.unitAmount,
    currency: price.currency,
    description: 'Taller en vivo: Marca de Autoridad con IA',
    metadata: null,
    price: priceFixture(priceIdOf(id, price), price, expand.includes('line_items.data.price.currency_options')),
    quantity: 1,
  };
  return {
    id,
    object: 'payment_link',
    active,
    after_completion: { type: 'redirect', redirect: { url: 'https://taller.example.org/gracias' } },
    allow_promotion_codes: false,
    application: null,
    application_fee_amount: null,
    application_fee_percent: null,
    automatic_tax: { enabled: setup.automaticTax, liability: null },
    billing_address_collection: 'auto',
    consent_collection: { payment_method_reuse_agreement: null, promotions: null, terms_of_service: setup.termsOfService },
    currency: price.currency,
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer_creation: 'if_required',
    inactive_message: 'Los lugares con precio Early Bird ya se agotaron.',
    invoice_creation: null,
    ...(expand.some((path) => path === 'line_items' || path.startsWith('line_items.')) && {
      line_items: { object: 'list', data: [lineItem], has_more: false, url: `/v1/payment_links/${id}/line_items` },
    }),
    livemode: false,
    managed_payments: null,
    metadata: { ...metadata },
    on_behalf_of: null,
    payment_intent_data: null,
    payment_method_collection: 'always',
    payment_method_options: null,
    payment_method_types: paymentMethodTypes && [...paymentMethodTypes],
    phone_number_collection: { enabled: false },
    restrictions: limit === null ? null : { completed_sessions: { count, limit } },
    shipping_address_collection: null,
    shipping_options: [],
    submit_type: 'auto',
    subscription_data: null,
    tax_id_collection: { enabled: false, required: 'never' },
    transfer_data: null,
    url: `https://buy.stripe.com/test_${id.slice(6)}`,
    ...fields,
  };
}

/** What one carried-out update of a Payment Link asked for (replays and refusals aside). */
export interface LinkUpdate {
  /** The new limit; null: the limit taken away; absent: unchanged. */
  limit?: number | null;
  active?: boolean;
  /** The payment methods it now offers; null: back to the account's settings; absent: unchanged. */
  paymentMethodTypes?: Stripe.PaymentLink.PaymentMethodType[] | null;
  metadata: Record<string, string>;
  idempotencyKey: string | null;
}

/** A payment method type as Stripe names them (`card`, `oxxo`, `customer_balance`…). */
const METHOD_TYPE = /^[a-z][a-z_]{1,40}$/;

/**
 * An update's parameters as the SDK encodes them (`restrictions[completed_sessions][limit]=31`, `restrictions=`,
 * `active=true`, `metadata[key]=value`, `payment_method_types[0]=card`, `payment_method_types=`); null for any other
 * parameter, or a value Stripe would refuse.
 */
export function parseLinkUpdate(body: string): Omit<LinkUpdate, 'idempotencyKey'> | null {
  const update: Omit<LinkUpdate, 'idempotencyKey'> = { metadata: {} };
  const methods: string[] = [];
  for (const [key, value] of new URLSearchParams(body)) {
    const metadataKey = /^metadata\[([^\]]+)\]$/.exec(key)?.[1];
    if (metadataKey) update.metadata[metadataKey] = value;
    else if (key === 'active' && (value === 'true' || value === 'false')) update.active = value === 'true';
    else if (key === 'restrictions' && value === '') update.limit = null;
    else if (key === 'restrictions[completed_sessions][limit]' && /^[1-9]\d{0,5}$/.test(value)) update.limit = Number(value);
    else if (key === 'payment_method_types' && value === '') update.paymentMethodTypes = null;
    else if (/^payment_method_types\[\d{1,2}\]$/.test(key) && METHOD_TYPE.test(value)) methods.push(value);
    else return null;
  }
  if (methods.length > 0) {
    if (update.paymentMethodTypes === null) return null;
    update.paymentMethodTypes = methods as Stripe.PaymentLink.PaymentMethodType[];
  }
  return update;
}

export interface StandInLinkOptions {
  /** The link's limit on completed purchases; null: a link without one. */
  limit?: number | null;
  count?: number;
  price?: StandInPrice;
  /** The payment methods it offers; null (the default): the account's settings decide. */
  paymentMethodTypes?: Stripe.PaymentLink.PaymentMethodType[] | null;
  metadata?: Record<string, string>;
  setup?: StandInSetup;
  fields?: LinkState['fields'];
}

/** What a creation of a Payment Link asked for, as the fixture holds it; the price by its id, found by the account. */
export interface LinkCreation {
  priceId: string;
  options: Omit<StandInLinkOptions, 'price'>;
}

/** The parameters of `POST /v1/payment_links` the stand-in takes, as the SDK encodes them; the rest are refused. */
const CREATE_FIELDS: Record<string, (value: string, creation: LinkCreation) => boolean> = {
  'line_items[0][price]': (value, creation) => {
    creation.priceId = value;
    return /^price_[A-Za-z0-9]+$/.test(value);
  },
  'line_items[0][quantity]': (value) => value === '1',
  'restrictions[completed_sessions][limit]': (value, creation) => {
    creation.options.limit = Number(value);
    return /^[1-9]\d{0,5}$/.test(value);
  },
  'after_completion[type]': (value) => value === 'redirect' || value === 'hosted_confirmation',
  'after_completion[redirect][url]': (value, creation) => {
    creation.options.fields = { ...creation.options.fields, after_completion: { type: 'redirect', redirect: { url: value } } };
    return /^https?:\/\//.test(value);
  },
  'consent_collection[terms_of_service]': (value, creation) => {
    creation.options.setup = { ...(creation.options.setup ?? WELL_SET_UP), termsOfService: value === 'required' ? 'required' : 'none' };
    return value === 'required' || value === 'none';
  },
  'automatic_tax[enabled]': (value, creation) => {
    creation.options.setup = { ...(creation.options.setup ?? WELL_SET_UP), automaticTax: value === 'true' };
    return value === 'true' || value === 'false';
  },
  inactive_message: (value, creation) => {
    creation.options.fields = { ...creation.options.fields, inactive_message: value };
    return value.length <= 500;
  },
};

/** A creation's parameters (`line_items[0][price]=…`, `metadata[key]=…`, `payment_method_types[0]=card`…); null for any other. */
export function parseLinkCreate(body: string): LinkCreation | null {
  const creation: LinkCreation = { priceId: '', options: { metadata: {} } };
  const methods: string[] = [];
  for (const [key, value] of new URLSearchParams(body)) {
    const metadataKey = /^metadata\[([^\]]+)\]$/.exec(key)?.[1];
    if (metadataKey) (creation.options.metadata as Record<string, string>)[metadataKey] = value;
    else if (/^payment_method_types\[\d{1,2}\]$/.test(key) && METHOD_TYPE.test(value)) methods.push(value);
    else if (!CREATE_FIELDS[key]?.(value, creation)) return null;
  }
  if (!creation.priceId) return null;
  if (methods.length > 0) creation.options.paymentMethodTypes = methods as Stripe.PaymentLink.PaymentMethodType[];
  if (creation.options.limit === undefined) creation.options.limit = null;
  return creation;
}

/** One link's state as the owner (or the test) and the API change it. */
export interface StandInLink {
  id: string;
  /** The link as Stripe returns it, with what the request expanded. */
  read(expand: string[]): Stripe.PaymentLink;
  /** The price it sells, for a new link of the same price. */
  price(): StandInPrice;
  /** Carries out an update: only what it names changes, as Stripe's does. */
  apply(update: Omit<LinkUpdate, 'idempotencyKey'>, idempotencyKey: string | null): Stripe.PaymentLink;
  /** Completes `n` purchases; at the limit the link deactivates itself, as Stripe's does. */
  sell(n?: number): void;
  setLimit(limit: number): void;
  setActive(active: boolean): void;
  setPrice(price: StandInPrice): void;
  setSetup(setup: Partial<StandInSetup>): void;
  setMetadata(metadata: Record<string, string>): void;
  /** Updates carried out through the API, in order. */
  updates: LinkUpdate[];
}

const merge = (into: Record<string, string>, changes: Record<string, string>): void => {
  for (const [key, value] of Object.entries(changes)) {
    if (value === '') delete into[key];
    else into[key] = value;
  }
};

export function standInLink(
  id: string,
  {
    limit = 30,
    count = 0,
    price = DOLLAR_PRICE,
    paymentMethodTypes = null,
    metadata: given = {},
    setup: givenSetup = WELL_SET_UP,
    fields,
  }: StandInLinkOptions = {},
): StandInLink {
  let currentLimit = limit;
  let currentCount = count;
  let active = currentLimit === null || currentCount < currentLimit;
  let currentPrice = price;
  let setup = givenSetup;
  let methods = paymentMethodTypes;
  const metadata: Record<string, string> = { ...given };
  const updates: LinkUpdate[] = [];
  const read = (expand: string[]): Stripe.PaymentLink =>
    paymentLinkFixture(id, {
      count: currentCount,
      limit: currentLimit,
      active,
      metadata,
      price: currentPrice,
      setup,
      paymentMethodTypes: methods,
      expand,
      fields,
    });
  return {
    id,
    read,
    price: () => ({ ...currentPrice, id: priceIdOf(id, currentPrice) }),
    apply(update, idempotencyKey) {
      if (update.limit !== undefined) currentLimit = update.limit;
      if (update.active !== undefined) active = update.active;
      if (update.paymentMethodTypes !== undefined) methods = update.paymentMethodTypes;
      merge(metadata, update.metadata);
      updates.push({ ...update, idempotencyKey });
      return read([]);
    },
    sell(n = 1) {
      if (!active) return;
      currentCount = currentLimit === null ? currentCount + n : Math.min(currentLimit, currentCount + n);
      if (currentLimit !== null && currentCount >= currentLimit) active = false;
    },
    setLimit(next) {
      currentLimit = next;
      active = currentCount < next;
    },
    setActive(next) {
      active = next;
    },
    setPrice(next) {
      currentPrice = next;
    },
    setSetup(next) {
      setup = { ...setup, ...next };
    },
    setMetadata(next) {
      merge(metadata, next);
    },
    updates,
  };
}
