import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { testApp } from '../helpers/testApp';
import { parseHtml, textOf } from '../helpers/html';

describe('unknown paths', () => {
  it('answer 404 with the not-found page and a link home', async () => {
    const { app } = testApp();
    const res = await request(app).get('/precios-especiales');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const doc = parseHtml(res.text);
    expect(textOf(doc.querySelector('h1'))).toBe('Oops! Page not found');
    const home = [...doc.querySelectorAll('main a')].find((a) => textOf(a) === 'Return to Home');
    expect(home?.getAttribute('href')).toBe('/');
    // English inside a Spanish page: marked, so a screen reader switches its voice.
    expect(doc.documentElement.getAttribute('lang')).toBe('es');
    expect(doc.querySelector('h1')?.getAttribute('lang')).toBe('en');
    expect(home?.getAttribute('lang')).toBe('en');
  });

  it('ship no JavaScript', async () => {
    const res = await request(testApp().app).get('/nada');
    expect(parseHtml(res.text).querySelectorAll('script')).toHaveLength(0);
  });

  it('are logged as one structured line, with control characters escaped', async () => {
    const { app, logs, raw } = testApp();
    await request(app).get('/a%0D%0Ainjected%1B[31m');
    const line = logs.find((entry) => entry.event === 'not_found');
    expect(line?.path).toBe('/a%0D%0Ainjected%1B[31m');
    await request(app).get('/ruta-desconocida?x=1');
    expect(logs.filter((entry) => entry.event === 'not_found').map((entry) => entry.path)).toContain('/ruta-desconocida?x=1');
    // biome-ignore lint/suspicious/noControlCharactersInRegex: a raw ESC in a log line is the injection looked for
    expect(raw.every((text) => !/[\r\u001b]/.test(text))).toBe(true);
  });

  it('never echo the path into the page', async () => {
    const res = await request(testApp().app).get('/%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('alert(1)');
    expect(res.text).not.toContain('<script>');
  });

  it('answer HEAD with 404 and no body', async () => {
    const res = await request(testApp().app).head('/no-existe');
    expect(res.status).toBe(404);
    expect(res.text ?? '').toBe('');
  });
});

describe('a render error', () => {
  /** Tells the time once, as the app is built and reads its settings, then fails every render that asks it. */
  const clockThatFails = (): (() => number) => {
    let told = false;
    return function failingClock(): number {
      if (told) throw new Error('clock exploded: secret detail');
      told = true;
      return Date.parse('2025-09-01T12:00:00-06:00');
    };
  };

  it('answers 500 with "Unexpected Application Error!" and no details', async () => {
    const res = await request(testApp({ now: clockThatFails() }).app).get('/');
    expect(res.status).toBe(500);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(textOf(parseHtml(res.text).querySelector('h1'))).toBe('Unexpected Application Error!');
    expect(parseHtml(res.text).querySelector('h1')?.getAttribute('lang')).toBe('en');
    expect(res.text).not.toContain('secret detail');
    expect(res.text).not.toMatch(/at .*\.ts/);
  });

  it('logs the error with its stack', async () => {
    const { app, logs } = testApp({ now: clockThatFails() });
    await request(app).get('/prompt1');
    const line = logs.find((entry) => entry.event === 'render_error') as { err?: { message?: string; stack?: string }; path?: string } | undefined;
    expect(line?.path).toBe('/prompt1');
    expect(line?.err?.message).toBe('clock exploded: secret detail');
    expect(line?.err?.stack).toContain('failingClock');
  });
});

describe('methods other than GET and HEAD on a page', () => {
  it.each(['post', 'put', 'delete', 'patch'] as const)('%s / answers 405 with Allow', async (method) => {
    const res = await request(testApp().app)[method]('/');
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
  });
});

describe('malformed URLs', () => {
  it.each(['/%', '/%E0%A4%A', '/prompt1%'])('%s gets a 4xx, not a crash', async (path) => {
    const res = await request(testApp().app).get(path);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});
