import { createHash } from 'node:crypto';
import request, { type Response as AgentResponse } from 'supertest';
import { describe, expect, it } from 'vitest';
import { readBuildManifest } from '../../server/render/readManifest';
import { SECURITY_HEADER_NAMES } from '../../server/http/security';
import { DIST, testApp } from '../helpers/testApp';
import { parseHtml } from '../helpers/html';

const manifest = readBuildManifest(DIST);

/** The kinds of answer a visitor gets: the pages (a legal one among them), the not-found page, the outage page the cache keeps and a hashed asset. */
const TARGETS = [
  { name: '/', path: '/', status: 200 },
  { name: '/prompt1', path: '/prompt1', status: 200 },
  { name: '/terminos', path: '/terminos', status: 200 },
  { name: 'the 404', path: '/no-existe-esta-pagina', status: 404 },
  { name: 'the outage page', path: '/_outage', status: 503 },
  { name: 'an asset', path: manifest.hydrateScript, status: 200 },
];

/**
 * The policy, directive by directive: nothing from another origin, and nothing inline but the stylesheet and the
 * islands' entry, whose hashes the build computed. No font from anywhere: the headings use the visitor's own serif.
 */
const EXPECTED_CSP: Record<string, string[]> = {
  'default-src': ["'none'"],
  'script-src': ["'self'", `'${manifest.entryScript.hash}'`],
  'style-src': [`'${manifest.inlineStyles.landing.hash}'`, `'${manifest.inlineStyles.simple.hash}'`],
  'img-src': ["'self'", 'data:'],
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

  it('carry the strict Content-Security-Policy, with no unsafe source anywhere and data: for images alone', async () => {
    const res = await request(testApp().app).get(target);
    const header = res.headers['content-security-policy'] as string | undefined;
    const csp = parseCsp(header);
    for (const [name, values] of Object.entries(EXPECTED_CSP)) expect(csp[name], name).toEqual(values);
    expect(header).not.toMatch(/unsafe-inline|unsafe-eval|unsafe-hashes|wasm-unsafe-eval|strict-dynamic|\*|blob:|https?:/);
    // data: only for images (the inline favicon), never where it could run or style anything.
    for (const [name, values] of Object.entries(csp)) if (name !== 'img-src') expect(values, name).not.toContain('data:');
    expect(Object.keys(csp)).not.toContain('upgrade-insecure-requests');
  });

  it('add upgrade-insecure-requests only when UPGRADE_INSECURE_REQUESTS=true', async () => {
    const res = await request(testApp({ env: { UPGRADE_INSECURE_REQUESTS: 'true' } }).app).get(target);
    const csp = parseCsp(res.headers['content-security-policy'] as string);
    expect(csp['upgrade-insecure-requests']).toEqual([]);
    for (const [name, values] of Object.entries(EXPECTED_CSP)) expect(csp[name], name).toEqual(values);
  });

  it('carry HSTS, referrer, nosniff, cross-origin resource and permissions policies, and no opener policy or X-Powered-By', async () => {
    const res = await request(testApp().app).get(target);
    const hsts = /(?:^|;\s*)max-age=(\d+)/i.exec(String(res.headers['strict-transport-security']));
    expect(Number(hsts?.[1])).toBeGreaterThanOrEqual(15_552_000);
    expect(res.headers['referrer-policy']).toBe('strict-origin');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    // helmet would add an opener policy by default: the site leaves it out (its decision record says why).
    expect(res.headers).not.toHaveProperty('cross-origin-opener-policy');
    const permissions = String(res.headers['permissions-policy'] ?? '')
      .split(',')
      .map((feature) => feature.trim());
    for (const feature of ['camera=()', 'microphone=()', 'geolocation=()']) expect(permissions).toContain(feature);
    expect(res.headers).not.toHaveProperty('x-powered-by');
  });

  it('carry every header of SECURITY_HEADER_NAMES, the list the cache checks are made against', async () => {
    const res = await request(testApp().app).get(target);
    for (const name of SECURITY_HEADER_NAMES) expect(res.headers[name], name).toBeTruthy();
  });
});

describe('the Content-Security-Policy', () => {
  it('has no directive beyond the expected list, on any of the five answers', async () => {
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

describe.each(['/', '/prompt1', '/terminos', '/no-existe-esta-pagina', '/_outage'])('the HTML of %s', (target) => {
  const load = async (): Promise<{ html: string; doc: Document }> => {
    const res = await request(testApp().app).get(target);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    return { html: res.text, doc: parseHtml(res.text) };
  };

  it("has no style attribute, and one <style>, the page's own, whose bytes are exactly those one of the policy hashes allows", async () => {
    const { html, doc } = await load();
    expect(doc.querySelectorAll('[style]')).toHaveLength(0);
    expect(html).not.toMatch(/<[^>]+\sstyle\s*=/i);
    expect(doc.querySelectorAll('style')).toHaveLength(1);
    expect(doc.querySelectorAll('link[rel~="stylesheet"]')).toHaveLength(0);
    // The raw bytes between the tags, as the browser hashes them (a parser could normalise the text).
    const [, css = ''] = /<style>([^<]*)<\/style>/.exec(html) ?? [];
    expect(css.length).toBeGreaterThan(1000);
    const styleSrc = parseCsp((await request(testApp().app).get(target)).headers['content-security-policy'] as string)['style-src'];
    const own = target === '/' ? manifest.inlineStyles.landing : manifest.inlineStyles.simple;
    expect(css).toBe(own.css);
    expect(styleSrc).toContain(`'sha256-${createHash('sha256').update(css).digest('base64')}'`);
    expect(styleSrc).toHaveLength(2);
  });

  it("runs no inline script but the build's entry: every other <script> is JSON data", async () => {
    const { doc } = await load();
    for (const script of doc.querySelectorAll('script')) {
      const type = script.getAttribute('type');
      if (type === 'module') {
        expect(script.textContent).toBe(manifest.entryScript.js);
        continue;
      }
      expect(['application/json', 'application/ld+json']).toContain(type);
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

  it('asks for no script by URL: what runs before the first paint is in the page itself', async () => {
    const { doc } = await load();
    expect(doc.querySelectorAll('script[src], link[rel="modulepreload"], link[rel="preload"][as="script"]')).toHaveLength(0);
  });
});

describe('the inline scripts', () => {
  it("are in the pages with islands (the entry alone) and not in the 404, their raw bytes exactly those the policy's hashes allow", async () => {
    const { app } = testApp();
    for (const target of ['/', '/prompt1', '/no-existe-esta-pagina']) {
      const res = await request(app).get(target);
      const scripts = [...res.text.matchAll(/<script( type="module")?>([\s\S]*?)<\/script>/g)].map(([, module, js]) => ({
        module: Boolean(module),
        js: js ?? '',
      }));
      expect(
        scripts.map((script) => script.module),
        target,
      ).toEqual(target === '/no-existe-esta-pagina' ? [] : [true]);
      const scriptSrc = parseCsp(res.headers['content-security-policy'] as string)['script-src'];
      for (const { js } of scripts) expect(scriptSrc, target).toContain(`'sha256-${createHash('sha256').update(js).digest('base64')}'`);
    }
  });

  it("imports the islands' chunk from its own origin, served precompressed as the same bytes", async () => {
    const { app } = testApp();
    expect(manifest.entryScript.js).toContain(`import("${manifest.hydrateScript}")`);
    const identity = await request(app).get(manifest.hydrateScript).set('Accept-Encoding', 'identity').buffer(true).parse(binary);
    expect(identity.status).toBe(200);
    expect(identity.headers['content-type']).toMatch(/javascript/);
    for (const encoding of ['br', 'gzip']) {
      const encoded = await request(app).get(manifest.hydrateScript).set('Accept-Encoding', encoding).buffer(true).parse(binary);
      expect(sha384(encoded.body as Buffer), encoding).toBe(sha384(identity.body as Buffer));
    }
  });
});

describe('the referrer policy where an address may hold a token', () => {
  /** strict-origin or tighter: a browser names this site's origin at most, never the page's address. */
  const ORIGIN_AT_MOST = ['no-referrer', 'strict-origin'];

  it('names the origin at most on every answer, the 404 and the outage page included: either may be served at a personal link', async () => {
    const { app } = testApp();
    const token = 'cs_test_a1B2c3D4e5F6g7H8.ZmFrZS1zaWduYXR1cmUtMTIz';
    for (const target of [`/acceso/${token}/otra-cosa`, `/gracias/otra-cosa?session_id=${token}`, '/_outage', '/']) {
      const policy = (await request(app).get(target)).headers['referrer-policy'];
      expect(ORIGIN_AT_MOST, `${target}: ${policy}`).toContain(policy);
    }
  });
});
