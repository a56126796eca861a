/**
 * The normal price sold through a Payment Link of its own (STRIPE_NORMAL_PAYMENT_LINK and NORMAL_CHECKOUT_URL): the
 * normal state's card opens that checkout, its places come from that link's limit, and its purchases are buyers like
 * any other: the webhook and the sweep each confirm one, once, with a personal link. The real app, the real SDK
 * against the Stripe stand-in (two links of one account), a real SMTP server.
 */
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { waitUntil } from '../../scripts/lib/harness';
import { WAIT_BOUND_MS } from '../../scripts/lib/testBudget';
import type { StandInLink } from '../../scripts/lib/stripeStandIn';
import { confirmation } from '../../shared/content/confirmationMailWords';
import { pricing } from '../../shared/content/landingPageWords';
import { prices } from '../../shared/content/siteFacts';
import { DEFAULT_DEADLINE_MS, testApp } from '../helpers/testApp';
import { accessUrlOf, deliver, parsedMails, type Rig, signed, startRig, waitForMails } from '../helpers/fulfilment';
import { parseHtml, textOf } from '../helpers/html';
import { manualTime } from '../spots/time';

const NORMAL_LINK = 'plink_1FulfilmentNormalPrice';
const NORMAL_CHECKOUT_URL = 'https://buy.stripe.com/test_normalprice';
const AFTER_DEADLINE_MS = DEFAULT_DEADLINE_MS + 60 * 60_000;

let rig: Rig;
let normal: StandInLink;
beforeEach(async () => {
  rig = await startRig();
  normal = rig.stripe.addLink(NORMAL_LINK, { limit: null, price: { currency: 'usd', unitAmount: prices.normal * 100 } });
});
afterEach(async () => {
  await rig.close();
});

const env = () => ({ ...rig.env(), STRIPE_NORMAL_PAYMENT_LINK: NORMAL_LINK, NORMAL_CHECKOUT_URL });
const card = (html: string) => parseHtml(html).querySelector('#precios .price-card');
/** Every purchase of the normal price's link, by a buyer of her own. */
const buy = (atMs: number) =>
  rig.stripe.checkout.createSession('paid', { link: NORMAL_LINK, atMs, buyer: { name: 'Marta Gil', email: 'marta.gil@correo.example.org' } });

describe('the normal state with its own checkout', () => {
  it("the card's button opens NORMAL_CHECKOUT_URL in a new tab at 97 USD; the JSON-LD offer is that checkout; the seed's disabled button is gone", async () => {
    const { app } = testApp({ now: AFTER_DEADLINE_MS, env: env() });
    const res = await request(app).get('/');
    const button = card(res.text)?.querySelector('a[data-checkout]');
    expect(button?.getAttribute('href')).toBe(NORMAL_CHECKOUT_URL);
    expect(button?.getAttribute('target')).toBe('_blank');
    expect(button?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(textOf(button)).toBe(pricing.checkoutCta(`${prices.normal} ${prices.currency}`).replace(/\s+/g, ' '));
    expect(card(res.text)?.querySelector('button[disabled]')).toBeNull();
    expect(res.text).not.toContain(pricing.normalCta);
    expect(textOf(card(res.text))).toContain(pricing.normalSellingNote);
    const jsonLd = JSON.parse(parseHtml(res.text).querySelector('script[type="application/ld+json"]')?.textContent ?? '{}');
    expect(jsonLd.offers).toMatchObject({
      url: NORMAL_CHECKOUT_URL,
      price: String(prices.normal),
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
    });
  });

  it('the Early Bird page carries it only in its inert template of the normal price, swapped in at the deadline', async () => {
    const { app } = testApp({ now: DEFAULT_DEADLINE_MS - 60_000, env: env() });
    const page = parseHtml((await request(app).get('/')).text);
    expect([...page.querySelectorAll('a[data-checkout]')].map((link) => link.getAttribute('href'))).toEqual([rig.env().CHECKOUT_URL ?? expect.any(String)]);
    const template = page.querySelector(`#precios .pricing__card template[data-sale-from="${DEFAULT_DEADLINE_MS}"]`) as HTMLTemplateElement | null;
    expect(template?.innerHTML).toContain(NORMAL_CHECKOUT_URL);
  });

  it("its places come from its link's limit: Quedan N lugares, then sold out when it is full, read at each poll", async () => {
    normal.setLimit(10);
    normal.sell(8);
    const time = manualTime(AFTER_DEADLINE_MS);
    // A read is given half the interval, in real time (server/spots/start.ts): ten seconds' worth, as a busy machine needs.
    const site = testApp({ now: time.clock, env: { ...env(), SPOTS_POLL_SECONDS: '10' }, scheduler: time.scheduler });
    try {
      const spotsLine = async () => textOf(card((await request(site.app).get('/')).text)?.querySelector('.price-card__spots'));
      await waitUntil("the normal price's first read", async () => (await spotsLine()) !== '', WAIT_BOUND_MS, 10);
      expect(await spotsLine()).toBe(pricing.normalSpotsLeft(2));
      normal.sell(2);
      time.advanceTo(AFTER_DEADLINE_MS + 10_000);
      await waitUntil('the next read', async () => (await spotsLine()) === '', WAIT_BOUND_MS, 10);
      const page = (await request(site.app).get('/')).text;
      expect(textOf(card(page)?.querySelector('.price-card__status'))).toBe(pricing.soldOutLabel);
      expect(page).not.toContain(NORMAL_CHECKOUT_URL);
      const jsonLd = JSON.parse(parseHtml(page).querySelector('script[type="application/ld+json"]')?.textContent ?? '{}');
      expect(jsonLd.offers.availability).toBe('https://schema.org/SoldOut');
    } finally {
      site.stop();
    }
  });
});

describe("a purchase through the normal price's link", () => {
  it('announced by a signed webhook: one confirmation with a personal link, however often Stripe delivers it', async () => {
    const now = AFTER_DEADLINE_MS;
    const a = testApp({ now, env: env() });
    const b = testApp({ now, env: env() });
    const session = buy(now - 5_000);
    expect((await deliver(a.app, signed(rig, 'checkout.session.completed', session, now))).status).toBe(200);
    expect((await deliver(b.app, signed(rig, 'checkout.session.completed', session, now))).status).toBe(200);
    await waitForMails(rig, 1);
    const mails = await parsedMails(rig);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(confirmation.subject);
    expect(mails[0]?.to && 'text' in mails[0].to ? mails[0].to.text : '').toContain('marta.gil@correo.example.org');
    expect(mails[0]?.text).toContain(accessUrlOf(session));
    expect(rig.stripe.checkout.metadataOf(session).taller_confirmation).toBe('sent');
  });

  it('found by the sweep alone, no webhook ever: one confirmation with a personal link, and the next sweep sends nothing more', async () => {
    const now = AFTER_DEADLINE_MS;
    const site = testApp({ now, env: env() });
    const session = buy(now - 60_000);
    const report = await site.sweep();
    expect(report).toMatchObject({ completed: true, purchases: 1, sent: 1 });
    const mails = await parsedMails(rig);
    expect(mails.map((mail) => mail.text?.includes(accessUrlOf(session)))).toEqual([true]);
    expect(await site.sweep()).toMatchObject({ completed: true, purchases: 1, sent: 0 });
    expect(rig.smtp.received).toHaveLength(1);
  });
});
