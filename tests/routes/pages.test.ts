import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../server/config/settings';
import { details, faq, pillars, trainer } from '../../shared/content/landingPageWords';
import { promptPage } from '../../shared/content/promptPageWords';
import { workshop } from '../../shared/content/siteFacts';
import { BEFORE_DEADLINE_MS, testApp } from '../helpers/testApp';
import { parseHtml, textOf } from '../helpers/html';

describe('GET /', () => {
  it('answers 200 with an HTML page in Spanish', async () => {
    const { app } = testApp();
    const res = await request(app).get('/');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.text.startsWith('<!DOCTYPE html>')).toBe(true);
    const doc = parseHtml(res.text);
    expect(doc.documentElement.getAttribute('lang')).toBe('es');
    expect(textOf(doc.querySelector('title'))).toMatch(/Marca de Autoridad con IA/);
    expect(doc.querySelector('meta[name="description"]')?.getAttribute('content')?.length).toBeGreaterThan(80);
    expect(doc.querySelectorAll('h1')).toHaveLength(1);
  });

  it('has every section of the landing page, in its order', async () => {
    const { app } = testApp();
    const doc = parseHtml((await request(app).get('/')).text);
    const ids = [...doc.querySelectorAll('main > section[id]')].map((section) => section.id);
    expect(ids).toEqual(['inicio', 'que-es', 'para-ti', 'lograras', 'temario', 'sobre-mi', 'detalles', 'precios', 'faq']);
    expect(doc.querySelector('header.topbar nav')).not.toBeNull();
    expect(doc.querySelector('main > section.closing')).not.toBeNull();
    expect(doc.querySelector('body > footer')).not.toBeNull();
  });

  it('links the fixed navigation to the four sections and the pricing', async () => {
    const { app } = testApp();
    const doc = parseHtml((await request(app).get('/')).text);
    const links = [...doc.querySelectorAll('.topbar nav a')].map((a) => a.getAttribute('href'));
    expect(links).toEqual(['#que-es', '#detalles', '#precios', '#faq']);
    const cta = doc.querySelector('.topbar .topbar__cta');
    expect(textOf(cta)).toBe('Reserva tu lugar');
    expect(cta?.getAttribute('href')).toBe('#precios');
  });

  it('shows the hero with its badge and both calls to action', async () => {
    const { app } = testApp();
    const doc = parseHtml((await request(app).get('/')).text);
    const hero = doc.querySelector('#inicio');
    expect(textOf(hero?.querySelector('.badge'))).toBe('Cupo ultra-limitado');
    const actions = [...(hero?.querySelectorAll('.hero__actions a') ?? [])].map((a) => [textOf(a), a.getAttribute('href')]);
    expect(actions).toEqual([
      ['Reserva tu lugar', '#precios'],
      ['Ver detalles del taller', '#que-es'],
    ]);
  });

  it('keeps every exact label the specification names', async () => {
    const { app } = testApp();
    const text = textOf(parseHtml((await request(app).get('/')).text).body);
    for (const label of [
      'Cupo ultra-limitado',
      'Reserva tu lugar',
      'Ver detalles del taller',
      'Ver temario completo',
      'Añadir al calendario',
      'Reserva tu lugar ahora',
    ]) {
      expect(text).toContain(label);
    }
    const normal = textOf(parseHtml((await request(testApp({ now: Date.parse('2025-10-02T00:00:00Z') }).app).get('/')).text).body);
    expect(normal).toContain('Contactar para precio normal');
  });

  it('has the content\'s pillars, in order, each with a "Ver temario completo" button that does nothing', async () => {
    const { app } = testApp();
    const doc = parseHtml((await request(app).get('/')).text);
    const shown = [...doc.querySelectorAll('#temario .pillar')];
    expect(shown.map((pillar) => textOf(pillar.querySelector('.card__title')))).toEqual(pillars.items.map((pillar) => pillar.title));
    for (const pillar of shown) {
      const button = pillar.querySelector('button');
      expect(textOf(button)).toBe('Ver temario completo');
      expect(button?.getAttribute('type')).toBe('button');
      expect(button?.closest('form, a')).toBeNull();
    }
  });

  it('states every claim of the content about the trainer, in order', async () => {
    const { app } = testApp();
    const stats = parseHtml((await request(app).get('/')).text).querySelectorAll('#sobre-mi .stats__item');
    expect([...stats].map(textOf)).toEqual(trainer.stats.map((stat) => `${stat.value} ${stat.label}`));
  });

  it("lists the practical details and the content's bonuses, in order", async () => {
    const { app } = testApp();
    const section = parseHtml((await request(app).get('/')).text).querySelector('#detalles');
    const text = textOf(section);
    expect(text).toContain('miércoles 8 de octubre de 2025');
    expect(text).toContain(`8:00 p. m. ${workshop.zoneLabel}`);
    for (const fact of [workshop.durationLabel, workshop.format, workshop.capacity]) expect(text).toContain(fact);
    const bonuses = [...(section?.querySelectorAll('.bonus-list > li') ?? [])].map((li) => [
      textOf(li.querySelector('.bonus__title')),
      textOf(li.querySelector('.bonus__text')),
    ]);
    expect(bonuses).toEqual(details.bonuses.map((bonus) => [bonus.title, bonus.text]));
  });

  it('opens the web calendar in a new tab with the event derived from WORKSHOP_START', async () => {
    // The seed's start, before it: the link the README's calendar correction describes.
    const { app } = testApp({ now: Date.parse('2025-09-01T12:00:00-06:00'), env: { WORKSHOP_START: '2025-09-03T20:00:00-06:00' } });
    const doc = parseHtml((await request(app).get('/')).text);
    const link = [...doc.querySelectorAll('#detalles a')].find((a) => textOf(a) === 'Añadir al calendario');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
    const url = new URL(link?.getAttribute('href') ?? '');
    expect(url.hostname).toBe('calendar.google.com');
    expect(url.searchParams.get('dates')).toBe('20250904T020000Z/20250904T043000Z');
    expect(url.searchParams.get('location')).toBe(workshop.calendarLocation);
    expect(url.searchParams.get('text')).toMatch(/Marca de Autoridad con IA/);
    expect(url.searchParams.get('details')?.length).toBeGreaterThan(20);
  });

  it('derives the visible date and the calendar link from a configured WORKSHOP_START', async () => {
    const { app } = testApp({ env: { WORKSHOP_START: '2026-02-11T19:00:00-06:00' } });
    const doc = parseHtml((await request(app).get('/')).text);
    expect(textOf(doc.querySelector('#detalles'))).toContain('miércoles 11 de febrero de 2026');
    expect(textOf(doc.querySelector('#detalles'))).toContain('7:00 p. m.');
    const link = [...doc.querySelectorAll('#detalles a')].find((a) => textOf(a) === 'Añadir al calendario');
    expect(new URL(link?.getAttribute('href') ?? '').searchParams.get('dates')).toBe('20260212T010000Z/20260212T033000Z');
  });

  it("has an FAQ of the content's items, the brief's and the invoice question, as native details/summary items", async () => {
    const { app } = testApp();
    const doc = parseHtml((await request(app).get('/')).text);
    const items = doc.querySelectorAll('#faq details');
    expect(items).toHaveLength(faq.items.length);
    for (const item of items) {
      expect(textOf(item.querySelector('summary')).endsWith('?')).toBe(true);
      expect(textOf(item.querySelector('.faq-item__answer')).length).toBeGreaterThan(40);
    }
  });

  it('ends with the closing call to action and a footer with the legal pages, the seller and the contact address', async () => {
    const { app } = testApp({ env: { CONTACT_EMAIL: 'contacto@mi-taller.mx' } });
    const doc = parseHtml((await request(app).get('/')).text);
    const closing = doc.querySelector('.closing a');
    expect(textOf(closing)).toBe('Reserva tu lugar ahora');
    expect(closing?.getAttribute('href')).toBe('#precios');
    const footer = doc.querySelector('footer');
    const linkTo = (label: string) => [...(footer?.querySelectorAll('a') ?? [])].find((a) => textOf(a) === label);
    expect(linkTo('Términos y condiciones')?.getAttribute('href')).toBe('/terminos');
    expect(linkTo('Política de reembolso')?.getAttribute('href')).toBe('/reembolsos');
    expect(linkTo('Aviso de privacidad')?.getAttribute('href')).toBe('/privacidad');
    // Outside production an unset profile is a placeholder link (no href): no jump to the top, no "#" added.
    for (const label of ['Instagram', 'LinkedIn']) expect(linkTo(label)?.hasAttribute('href')).toBe(false);
    expect(textOf(footer)).toContain(`${DEFAULTS.SELLER_NAME} · ${DEFAULTS.SELLER_ADDRESS}`);
    expect(doc.querySelector('a[href="#"]')).toBeNull();
    const mailto = footer?.querySelector('a[href^="mailto:"]');
    expect(mailto?.getAttribute('href')).toBe('mailto:contacto@mi-taller.mx');
    expect(textOf(mailto)).toBe('contacto@mi-taller.mx');
  });

  it.each([
    ['Early Bird', BEFORE_DEADLINE_MS],
    ['closed', Date.parse('2026-11-22T12:00:00Z')],
  ])('uses every id once (%s): the skip link has one target', async (_state, now) => {
    const doc = parseHtml((await request(testApp({ now }).app).get('/')).text);
    const ids = [...doc.querySelectorAll('[id]')].map((element) => element.id);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    expect(doc.querySelector('main')?.id).toBe('contenido');
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const { app } = testApp();
    const res = await request(app).head('/');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.text ?? '').toBe('');
  });

  it('carries its whole stylesheet inline, naming no font or other file, and no third-party resource', async () => {
    const { app } = testApp();
    const res = await request(app).get('/');
    const doc = parseHtml(res.text);
    expect(doc.querySelector('link[rel="stylesheet"]')).toBeNull();
    const css = doc.querySelector('head style')?.textContent ?? '';
    expect(css).toContain('.hero__title');
    // The headings use the visitor's own serif (local() faces): no font file, so nothing to preload either.
    expect(css).not.toContain('url(');
    expect(doc.querySelector('link[rel="preload"]')).toBeNull();
    const sources = [...doc.querySelectorAll('[src], link[href]:not([rel="canonical"])')].map((el) => el.getAttribute('src') ?? el.getAttribute('href') ?? '');
    expect(sources.length).toBeGreaterThanOrEqual(3);
    // Same-origin paths, or the favicon's own bytes inline: nothing from another origin.
    expect(sources.filter((source) => !source.startsWith('data:image/svg+xml,')).every((source) => source.startsWith('/') && !source.startsWith('//'))).toBe(
      true,
    );
    expect(sources.filter((source) => source.startsWith('data:'))).toHaveLength(1);
  });
});

describe('GET /prompt1', () => {
  it('shows the whole prompt as text, with both copy buttons in the markup', async () => {
    const { app } = testApp();
    const res = await request(app).get('/prompt1');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const doc = parseHtml(res.text);
    expect(doc.querySelectorAll('h1')).toHaveLength(1);
    const prompt = doc.querySelector('pre')?.textContent ?? '';
    const lines = prompt.split('\n').length;
    expect(lines).toBeGreaterThanOrEqual(50);
    expect(lines).toBeLessThanOrEqual(80);
    expect(prompt).toBe(promptPage.prompt);
    const buttons = [...doc.querySelectorAll('button')].map(textOf);
    expect(buttons).toContain('Copiar Todo el Prompt');
    expect(buttons).toContain('Copiar Prompt Completo');
  });

  it('answers HEAD without a body', async () => {
    const res = await request(testApp().app).head('/prompt1');
    expect(res.status).toBe(200);
    expect(res.text ?? '').toBe('');
  });
});

describe('request-time rendering', () => {
  it('reads the injected clock on every request', async () => {
    let now = BEFORE_DEADLINE_MS;
    const { app } = testApp({ now: () => now });
    expect((await request(app).get('/')).text).toContain('Inscribirme por 49\u00a0USD');
    now = Date.parse('2025-10-01T06:00:00Z');
    expect((await request(app).get('/')).text).toContain('Contactar para precio normal');
  });
});
