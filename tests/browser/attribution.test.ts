/**
 * Which post sold, in a real Chromium against the built server: with JavaScript the Early Bird checkout link
 * carries the landing URL's valid UTM values and a client_reference_id, hostile values are dropped and never
 * reach the page, nothing is stored. engines.test.ts checks the link in the three engines, with JavaScript on
 * and off (then it is the plain CHECKOUT_URL).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { browserRig, cspViolationsOf, keptPages } from '../helpers/browser';
import { sellingEnv } from '../../scripts/lib/harness';

const CHECKOUT_URL = 'https://buy.stripe.com/test_atribucion';
const rig = browserRig({ ...sellingEnv(86_400_000), CHECKOUT_URL });
const kept = keptPages();
afterAll(() => rig.close());

async function checkoutHref(search: string) {
  const { server } = await rig.get();
  const { page, context } = await kept.page();
  await page.goto(`${server.url}/${search}`);
  const link = page.locator('a[data-checkout]');
  return {
    href: (await link.getAttribute('href')) ?? '',
    page,
    cookies: await context.cookies(),
    storage: await page.evaluate(() => localStorage.length + sessionStorage.length),
  };
}

describe('attribution on the Early Bird checkout link', () => {
  it('with JavaScript: the five UTM values and their client_reference_id, no fbclid or gclid, nothing stored', async () => {
    const search = '?utm_source=instagram&utm_medium=social&utm_campaign=lanzamiento&utm_content=reel-7&utm_term=marca_personal&fbclid=IwAR0xyz&gclid=Cj0KCQ';
    const { href, page, cookies, storage } = await checkoutHref(search);
    await page.waitForFunction(() => document.querySelector('a[data-checkout]')?.getAttribute('href')?.includes('client_reference_id'));
    const url = new URL((await page.locator('a[data-checkout]').getAttribute('href')) ?? href);
    expect(`${url.origin}${url.pathname}`).toBe(CHECKOUT_URL);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      utm_source: 'instagram',
      utm_medium: 'social',
      utm_campaign: 'lanzamiento',
      utm_content: 'reel-7',
      utm_term: 'marca_personal',
      client_reference_id: 'instagram__social__lanzamiento__reel-7__marca_personal',
    });
    expect(cookies).toEqual([]);
    expect(storage).toBe(0);
    expect(await cspViolationsOf(page)).toEqual([]);
  });

  it('with JavaScript and hostile values: each is dropped, and none reaches the page', async () => {
    const hostile = new URLSearchParams({
      utm_source: '"><img src=x onerror=alert(1)>',
      utm_medium: 'email',
      utm_campaign: 'x'.repeat(151),
      utm_content: 'javascript:alert(1)',
      utm_term: 'ñandú',
    });
    const { page } = await checkoutHref(`?${hostile}`);
    await page.waitForFunction(() => document.querySelector('a[data-checkout]')?.getAttribute('href')?.includes('utm_medium'));
    const url = new URL((await page.locator('a[data-checkout]').getAttribute('href')) ?? '');
    expect(Object.fromEntries(url.searchParams)).toEqual({ utm_medium: 'email', client_reference_id: '__email' });
    const html = await page.content();
    expect(html).not.toContain('onerror=alert');
    expect(html).not.toContain('x'.repeat(151));
    expect(await page.locator('img[src="x"]').count()).toBe(0);
  });
});
