import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { outage } from '../../shared/content/errorPageWords';
import { DEFAULT_DEADLINE_MS, testApp } from '../helpers/testApp';
import { parseHtml, textOf } from '../helpers/html';

/** The page the cache keeps and shows while no instance answers (deploy/varnish/taller.vcl). */
describe('the outage page (/_outage)', () => {
  it('is a 503 with Retry-After that no browser or shared cache stores', async () => {
    const res = await request(testApp().app).get('/_outage');
    expect(res.status).toBe(503);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it('speaks Spanish, gives the configured contact address, and says nothing of Varnish or in English', async () => {
    const res = await request(testApp({ env: { CONTACT_EMAIL: 'dueña@taller.example.org' } }).app).get('/_outage');
    const doc = parseHtml(res.text);
    expect(doc.documentElement.getAttribute('lang')).toBe('es');
    expect(doc.querySelectorAll('[lang]:not(html)')).toHaveLength(0);
    expect(textOf(doc.querySelector('h1'))).toBe(outage.heading);
    expect(doc.querySelector('a[href="mailto:dueña@taller.example.org"]')).not.toBeNull();
    expect(doc.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    expect(res.text).not.toMatch(/varnish|guru meditation|backend fetch failed|service unavailable/i);
  });

  it('shows no offer, whatever the state of the sale', async () => {
    const res = await request(testApp({ now: DEFAULT_DEADLINE_MS - 60_000 }).app).get('/_outage');
    expect(res.text).not.toMatch(/pay\.example|checkout|49|97/i);
    expect(parseHtml(res.text).querySelectorAll('script')).toHaveLength(0);
  });

  it('answers HEAD alike, and only GET and HEAD', async () => {
    const { app } = testApp();
    const head = await request(app).head('/_outage');
    expect(head.status).toBe(503);
    expect(head.headers['cache-control']).toBe('no-store');
    expect((await request(app).post('/_outage')).status).toBe(404);
  });
});
