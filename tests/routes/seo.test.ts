import { readFileSync } from 'node:fs';
import { Window } from 'happy-dom';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../server/config/settings';
import { DEFAULT_DEADLINE_MS, testApp } from '../helpers/testApp';
import { parseHtml, textOf } from '../helpers/html';

const PUBLIC_URL = 'https://taller.example.org';
const env = { PUBLIC_URL, CHECKOUT_URL: 'https://pay.example.org/c/1' };

const headOf = async (route: string, now?: number) => parseHtml((await request(testApp({ env, now }).app).get(route)).text);
const metaContent = (doc: Document, selector: string) => doc.querySelector(selector)?.getAttribute('content');

describe('search and social metadata', () => {
  it.each([
    ['/', 'Taller en vivo: Marca de Autoridad con IA', `${PUBLIC_URL}/`],
    ['/prompt1', 'Prompt gratis: guiones para videos cortos', `${PUBLIC_URL}/prompt1`],
    ['/terminos', 'Términos y condiciones', `${PUBLIC_URL}/terminos`],
    ['/reembolsos', 'Política de reembolso', `${PUBLIC_URL}/reembolsos`],
    ['/privacidad', 'Aviso de privacidad', `${PUBLIC_URL}/privacidad`],
  ])('%s has its own title, description, canonical URL, Open Graph and Twitter card', async (route, titleStart, canonical) => {
    const doc = await headOf(route);
    const title = textOf(doc.querySelector('title'));
    expect(title.startsWith(titleStart)).toBe(true);
    const description = metaContent(doc, 'meta[name="description"]') ?? '';
    expect(description.length).toBeGreaterThan(70);
    expect(description.length).toBeLessThan(260);
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(canonical);
    expect(metaContent(doc, 'meta[property="og:title"]')).toBe(title);
    expect(metaContent(doc, 'meta[property="og:description"]')).toBe(description);
    expect(metaContent(doc, 'meta[property="og:url"]')).toBe(canonical);
    expect(metaContent(doc, 'meta[property="og:type"]')).toBe('website');
    expect(metaContent(doc, 'meta[property="og:locale"]')).toBe('es_MX');
    expect(metaContent(doc, 'meta[property="og:image"]')).toBe(`${PUBLIC_URL}/og-image.png`);
    expect(metaContent(doc, 'meta[property="og:image:width"]')).toBe('1200');
    expect(metaContent(doc, 'meta[property="og:image:height"]')).toBe('630');
    expect(metaContent(doc, 'meta[property="og:image:alt"]')?.length).toBeGreaterThan(10);
    expect(metaContent(doc, 'meta[name="twitter:card"]')).toBe('summary_large_image');
    expect(metaContent(doc, 'meta[name="twitter:image"]')).toBe(`${PUBLIC_URL}/og-image.png`);
  });

  it('keeps the 404 out of the index', async () => {
    const doc = await headOf('/no-existe');
    expect(doc.querySelector('link[rel="canonical"]')).toBeNull();
    expect(metaContent(doc, 'meta[name="robots"]')).toBe('noindex');
  });

  it('serves a 1200×630 PNG social card, the favicons and the Apple touch icon', async () => {
    const { app } = testApp({ env });
    const card = await request(app).get('/og-image.png');
    expect(card.status).toBe(200);
    expect(card.headers['content-type']).toBe('image/png');
    const png = card.body as Buffer;
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    const doc = await headOf('/');
    // The SVG icon is inline (no request before the first paint): the same drawing as /favicon.svg.
    const svgIcon = doc.querySelector('link[rel="icon"][type="image/svg+xml"]')?.getAttribute('href') ?? '';
    expect(svgIcon).toMatch(/^data:image\/svg\+xml,/);
    expect(decodeURIComponent(svgIcon.slice('data:image/svg+xml,'.length))).toBe(readFileSync('public/favicon.svg', 'utf8').trim().replaceAll('"', "'"));
    expect((await request(app).get('/favicon.svg')).status).toBe(200);
    for (const selector of ['link[rel="icon"][type="image/png"]', 'link[rel="apple-touch-icon"]']) {
      const href = doc.querySelector(selector)?.getAttribute('href') ?? '';
      const res = await request(app).get(href);
      expect(res.status, selector).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/(svg\+xml|png)/);
    }
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('robots.txt allows crawling and names the sitemap on the canonical host', async () => {
    const res = await request(testApp({ env }).app).get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).toContain('User-agent: *');
    expect(res.text).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });

  it('sitemap.xml lists the landing page, the prompt and the three legal pages with the canonical host', async () => {
    const res = await request(testApp({ env }).app).get('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    const xml = new new Window().DOMParser().parseFromString(res.text, 'application/xml');
    expect(xml.documentElement.getAttribute('xmlns')).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    expect([...xml.querySelectorAll('url > loc')].map((loc) => loc.textContent)).toEqual(
      ['/', '/prompt1', '/terminos', '/reembolsos', '/privacidad'].map((path) => `${PUBLIC_URL}${path}`),
    );
  });
});

/** The properties schema.org defines for each type we use (a subset of each type's full list) and the ones we require. */
const SCHEMA: Record<string, { allowed: string[]; required: string[] }> = {
  Event: {
    allowed: [
      'name',
      'description',
      'startDate',
      'endDate',
      'eventAttendanceMode',
      'eventStatus',
      'location',
      'image',
      'inLanguage',
      'performer',
      'organizer',
      'offers',
      'url',
    ],
    // `offers` only while something can be bought: tests/routes/sale-pages.test.ts checks it per state.
    required: ['name', 'startDate', 'endDate', 'location', 'eventAttendanceMode', 'eventStatus', 'performer', 'organizer', 'image', 'description'],
  },
  VirtualLocation: { allowed: ['url', 'name'], required: ['url'] },
  Person: { allowed: ['name', 'url', 'image', 'sameAs'], required: ['name'] },
  Offer: {
    allowed: ['name', 'price', 'priceCurrency', 'priceSpecification', 'availability', 'validFrom', 'validThrough', 'url', 'inventoryLevel'],
    required: ['price', 'priceCurrency', 'availability', 'validThrough', 'url'],
  },
  PriceSpecification: { allowed: ['price', 'priceCurrency', 'valueAddedTaxIncluded'], required: ['price', 'priceCurrency'] },
  QuantitativeValue: { allowed: ['value'], required: ['value'] },
};

function validate(node: Record<string, unknown>, path = 'root'): void {
  const type = String(node['@type']);
  const schema = SCHEMA[type];
  expect(schema, `${path}: unknown @type ${type}`).toBeDefined();
  for (const key of Object.keys(node).filter((k) => !k.startsWith('@'))) expect(schema?.allowed, `${path}.${key}`).toContain(key);
  for (const key of schema?.required ?? []) expect(node[key], `${path}.${key} is required`).toBeDefined();
  for (const [key, value] of Object.entries(node)) {
    const children = Array.isArray(value) ? value : [value];
    children.forEach((child, index) => {
      if (child && typeof child === 'object') validate(child as Record<string, unknown>, Array.isArray(value) ? `${path}.${key}[${index}]` : `${path}.${key}`);
    });
  }
}

const jsonLdAt = async (now: number) => {
  const doc = await headOf('/', now);
  const scripts = doc.querySelectorAll('script[type="application/ld+json"]');
  expect(scripts).toHaveLength(1);
  return JSON.parse(scripts[0]?.textContent ?? '') as Record<string, unknown> & { offers: Record<string, string>; location: Record<string, string> };
};

const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(Z|[+-]\d{2}:\d{2})$/;

describe('JSON-LD Event', () => {
  it('is a valid schema.org online Event with a virtual location, the trainer and dates with offset', async () => {
    const data = await jsonLdAt(DEFAULT_DEADLINE_MS - 86_400_000);
    expect(data['@context']).toBe('https://schema.org');
    expect(data['@type']).toBe('Event');
    validate(data);
    expect(data.eventAttendanceMode).toBe('https://schema.org/OnlineEventAttendanceMode');
    expect(data.location).toEqual({ '@type': 'VirtualLocation', url: `${PUBLIC_URL}/` });
    expect(data.startDate).toBe('2025-10-08T20:00:00-06:00');
    expect(data.endDate).toBe('2025-10-08T22:30:00-06:00');
    for (const key of ['startDate', 'endDate']) {
      expect(String(data[key])).toMatch(ISO_WITH_OFFSET);
      expect(Number.isNaN(Date.parse(String(data[key])))).toBe(false);
    }
    expect((data.performer as Record<string, string>).name).toBe((data.organizer as Record<string, string>).name);
  });

  it('offers the Early Bird price until the deadline, through the checkout', async () => {
    const { offers } = await jsonLdAt(DEFAULT_DEADLINE_MS - 1000);
    expect(offers).toMatchObject({
      '@type': 'Offer',
      price: '49',
      priceCurrency: 'USD',
      availability: 'https://schema.org/LimitedAvailability',
      url: 'https://pay.example.org/c/1',
    });
    expect(offers.validThrough).toMatch(ISO_WITH_OFFSET);
    expect(Date.parse(offers.validThrough ?? '')).toBe(DEFAULT_DEADLINE_MS);
  });

  it('offers the normal price from the deadline on', async () => {
    const { offers } = await jsonLdAt(DEFAULT_DEADLINE_MS);
    expect(offers).toMatchObject({ '@type': 'Offer', price: '97', priceCurrency: 'USD', availability: 'https://schema.org/InStock' });
    expect(offers.validThrough).toBe('2025-10-08T20:00:00-06:00');
  });
});

describe('PUBLIC_URL', () => {
  it('rejects a bad value with one line', () => {
    expect(() => readConfig({ PUBLIC_URL: 'taller.example.org' }, DEFAULT_DEADLINE_MS)).toThrow(/^Invalid PUBLIC_URL: expected an absolute http or https URL/);
    expect(() => readConfig({ PUBLIC_URL: 'https://taller.example.org/?x=1' }, DEFAULT_DEADLINE_MS)).toThrow(/^Invalid PUBLIC_URL/);
    expect(() => readConfig({ PUBLIC_URL: 'ftp://taller.example.org' }, DEFAULT_DEADLINE_MS)).toThrow(/^Invalid PUBLIC_URL/);
    expect(readConfig({ PUBLIC_URL: 'https://taller.example.org/' }, DEFAULT_DEADLINE_MS).publicUrl).toBe('https://taller.example.org');
  });
});
