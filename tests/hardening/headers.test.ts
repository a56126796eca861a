import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Response as AgentResponse } from 'superagent';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { PageAssets } from '../../shared/components/Document';
import { DIST, testApp } from '../helpers/app';
import { parseHtml } from '../helpers/html';

const manifest = JSON.parse(readFileSync(path.join(DIST, 'manifest.json'), 'utf8')) as PageAssets;

/** The four kinds of answer a visitor gets: two pages, the not-found page and a hashed asset. */
const TARGETS = [
  { name: '/', path: '/', status: 200 },
  { name: '/prompt1', path: '/prompt1', status: 200 },
  { name: 'the 404', path: '/no-existe-esta-pagina', status: 404 },
  { name: 'an asset', path: manifest.script.href, status: 200 },
];

/**
 * The policy, directive by directive: nothing from another origin, and nothing inline but the one stylesheet
 * whose hash the build computed.
 */
const EXPECTED_CSP: Record<string, string[]> = {
  'default-src': ["'none'"],
  'script-src': ["'self'"],
  'style-src': [`'${manifest.inlineStyle.hash}'`],
  'img-src': ["'self'"],
  'font-src': ["'self'"],
  // Same-origin fetches only: crawlers' page-side checks (Lighthouse reads /robots.txt with fetch) need it.
  'connect-src': ["'self'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
};

function parseCsp(header: string | undefined): Record<string, string[]> {
  expect(header, 'Content-Security-Policy header').toBeTypeOf('string');
  const directives: Record<string, string[]> = {};
  for (const part of (header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (!name) continue;
    expect(directives, `directive ${name} appears once`).not.toHaveProperty(name);
    directives[name.toLowerCase()] = values;
  }
  return directives;
}

/** The raw bytes of a response, whatever its type (supertest would otherwise parse or drop them). */
const binary = (res: AgentResponse, done: (error: Error | null, body: Buffer) => void): void => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

const sha384 = (bytes: Buffer): string => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

describe.each(TARGETS)('security headers on $name', ({ path: target, status }) => {
  it('answer with the expected status', async () => {
    const res = await request(testApp().app).get(target);
    expect(res.status).toBe(status);
  });

  it('carry the strict Content-Security-Policy, with no unsafe source anywhere', async () => {
    const res = await request(testApp().app).get(target);
    const header = res.headers['content-security-policy'] as string | undefined;
    const csp = parseCsp(header);
    for (const [name, values] of Object.entries(EXPECTED_CSP)) expect(csp[name], name).toEqual(values);
    expect(header).not.toMatch(/unsafe-inline|unsafe-eval|unsafe-hashes|wasm-unsafe-eval|strict-dynamic|\*|data:|blob:|https?:/);
    expect(Object.keys(csp)).not.toContain('upgrade-insecure-requests');
  });

  it('add upgrade-insecure-requests only when UPGRADE_INSECURE_REQUESTS=true', async () => {
    const res = await request(testApp({ env: { UPGRADE_INSECURE_REQUESTS: 'true' } }).app).get(target);
    const csp = parseCsp(res.headers['content-security-policy'] as string);
    expect(csp['upgrade-insecure-requests']).toEqual([]);
    for (const [name, values] of Object.entries(EXPECTED_CSP)) expect(csp[name], name).toEqual(values);
  });

  it('carry HSTS, referrer, nosniff, cross-origin and permissions policies, and no X-Powered-By', async () => {
    const res = await request(testApp().app).get(target);
    const hsts = /(?:^|;\s*)max-age=(\d+)/i.exec(String(res.headers['strict-transport-security']));
    expect(Number(hsts?.[1])).toBeGreaterThanOrEqual(15_552_000);
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    const permissions = String(res.headers['permissions-policy'] ?? '')
      .split(',')
      .map((feature) => feature.trim());
    for (const feature of ['camera=()', 'microphone=()', 'geolocation=()']) expect(permissions).toContain(feature);
    expect(res.headers).not.toHaveProperty('x-powered-by');
  });
});

describe('the Content-Security-Policy', () => {
  it('has no directive beyond the expected list, on any of the four answers', async () => {
    // Anything more widens what a page may do: manifest-src 'self' would allow a web manifest, which the site
    // does not have (island chunks load through import(), which script-src governs).
    const { app } = testApp();
    for (const { path: target } of TARGETS) {
      const csp = parseCsp((await request(app).get(target)).headers['content-security-policy'] as string);
      expect(Object.keys(csp).sort(), target).toEqual(Object.keys(EXPECTED_CSP).sort());
    }
  });
});

describe('security headers on answers outside the pages', () => {
  it.each([
    ['/healthz', 'get'],
    ['/', 'post'],
    ['/%', 'get'],
  ] as const)('%s (%s) carries the CSP and no X-Powered-By', async (target, method) => {
    const res = await request(testApp().app)[method](target);
    expect(res.status).toBeLessThan(500);
    const csp = parseCsp(res.headers['content-security-policy'] as string);
    expect(csp['default-src']).toEqual(["'none'"]);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers).not.toHaveProperty('x-powered-by');
  });
});

describe.each(['/', '/prompt1', '/no-existe-esta-pagina'])('the HTML of %s', (target) => {
  const load = async (): Promise<{ html: string; doc: Document }> => {
    const res = await request(testApp().app).get(target);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    return { html: res.text, doc: parseHtml(res.text) };
  };

  it('has no style attribute, and one <style> whose bytes are exactly those the policy hash allows', async () => {
    const { html, doc } = await load();
    expect(doc.querySelectorAll('[style]')).toHaveLength(0);
    expect(html).not.toMatch(/<[^>]+\sstyle\s*=/i);
    expect(doc.querySelectorAll('style')).toHaveLength(1);
    expect(doc.querySelectorAll('link[rel~="stylesheet"]')).toHaveLength(0);
    // The raw bytes between the tags, as the browser hashes them (a parser could normalise the text).
    const [, css = ''] = /<style>([^<]*)<\/style>/.exec(html) ?? [];
    expect(css.length).toBeGreaterThan(1000);
    const styleSrc = parseCsp((await request(testApp().app).get(target)).headers['content-security-policy'] as string)['style-src'];
    expect(styleSrc).toEqual([`'sha256-${createHash('sha256').update(css).digest('base64')}'`]);
  });

  it('has no executable inline script: every <script> without src is JSON data', async () => {
    const { doc } = await load();
    for (const script of doc.querySelectorAll('script')) {
      if (script.hasAttribute('src')) continue;
      expect(['application/json', 'application/ld+json']).toContain(script.getAttribute('type'));
      // Data that parses as JSON cannot have broken out of its element.
      expect(() => JSON.parse(script.textContent ?? '')).not.toThrow();
    }
  });

  it('has no inline event handler or javascript: URL', async () => {
    const { doc } = await load();
    for (const element of doc.querySelectorAll('*')) {
      for (const attribute of element.getAttributeNames()) {
        expect(attribute.toLowerCase().startsWith('on'), `${element.tagName} ${attribute}`).toBe(false);
        const value = element.getAttribute(attribute) ?? '';
        expect(value.trim().toLowerCase().startsWith('javascript:'), `${element.tagName} ${attribute}=${value}`).toBe(false);
      }
    }
  });

  it('loads every script from its own origin with an integrity matching the served bytes', async () => {
    const { doc } = await load();
    const { app } = testApp();
    const tags = [...doc.querySelectorAll('script[src]'), ...doc.querySelectorAll('link[rel="modulepreload"]')];
    for (const tag of tags) {
      const url = tag.getAttribute('src') ?? tag.getAttribute('href') ?? '';
      expect(url, 'same-origin absolute path').toMatch(/^\/assets\/[\w./-]+$/);
      const integrity = tag.getAttribute('integrity');
      expect(integrity, `integrity on ${url}`).toMatch(/^sha384-[A-Za-z0-9+/]+={0,2}$/);
      const served = await request(app).get(url).set('Accept-Encoding', 'identity').buffer(true).parse(binary);
      expect(served.status).toBe(200);
      expect(served.headers['content-encoding']).toBeUndefined();
      const bytes = served.body as Buffer;
      expect(bytes.length).toBeGreaterThan(0);
      expect(integrity).toBe(sha384(bytes));
      // And the precompressed variants decode to the same bytes the hash covers.
      for (const encoding of ['br', 'gzip']) {
        const encoded = await request(app).get(url).set('Accept-Encoding', encoding).buffer(true).parse(binary);
        expect(encoded.status).toBe(200);
        const body = encoded.body as Buffer;
        expect(sha384(body), `${url} as ${encoding}`).toBe(integrity);
      }
    }
  });
});

describe('the landing page', () => {
  it('loads the island script with integrity (so the check above has something to check)', async () => {
    const doc = parseHtml((await request(testApp().app).get('/')).text);
    const script = doc.querySelector('script[src]');
    expect(script?.getAttribute('src')).toBe(manifest.script.href);
    expect(script?.getAttribute('integrity')).toBe(manifest.script.integrity);
  });
});
