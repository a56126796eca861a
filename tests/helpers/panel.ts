/**
 * What the panel's tests share: its settings, the cookies a browser would keep, and the whole sign-in as the owner
 * goes through it (the button, the mail read by mailparser, the link's page, its one button).
 */
import type { Express } from 'express';
import { type ParsedMail, simpleParser } from 'mailparser';
import request, { type Response } from 'supertest';
import { PUBLIC_URL, type Rig, type TestClock } from './fulfilment';

export const PANEL_SECRET = 'panel-test-secret-Zq8vR2mK7wLp4Xn9Tb6Yc3Hd5Jf1Gs0A';
export const OWNER_EMAIL = 'duena@taller.example.org';
/** The site's own origin, as a browser's form POST says it. */
export const ORIGIN = new URL(PUBLIC_URL).origin;
export const SESSION_COOKIE = '__Host-taller-panel';
export const VISITOR_COOKIE = '__Host-taller-panel-visita';

/** A clock the test moves by hand, from `startMs`. */
export function handClock(startMs: number): TestClock & { ms: () => number } {
  let now = startMs;
  return {
    read: () => now,
    ms: () => now,
    set: (ms) => {
      now = ms;
    },
  };
}

/** The panel's two settings, over the rig's (tests/helpers/fulfilment.ts). */
export const panelEnv = (rig: Rig): Record<string, string> => ({ ...rig.env(), PANEL_SECRET, OWNER_EMAIL });

/** A browser's cookies for the site: what each answer sets (or clears), sent back as one Cookie header. */
export class Jar {
  readonly cookies = new Map<string, string>();
  take(res: Response): this {
    const set = res.headers['set-cookie'] as unknown as string[] | undefined;
    for (const line of set ?? []) {
      const [pair = '', ...attributes] = line.split(';');
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      const expired = attributes.some((attribute) => /^\s*expires=Thu, 01 Jan 1970/i.test(attribute) || /^\s*max-age=0$/i.test(attribute));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return this;
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/** The value of a form's hidden field in a page. */
export const fieldOf = (html: string, name: string): string => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1]?.replaceAll('&amp;', '&') ?? '';

/** A GET as the browser holding `jar` sends it, its cookies kept. */
export async function visit(app: Express, jar: Jar, path: string): Promise<Response> {
  const res = await request(app).get(path).set('Cookie', jar.header());
  jar.take(res);
  return res;
}

/** A form POST as the panel's own page sends it: from the site's origin, with the jar's cookies. */
export async function post(app: Express, jar: Jar, path: string, form: Record<string, string>, origin = ORIGIN): Promise<Response> {
  const res = await request(app).post(path).set('Cookie', jar.header()).set('Origin', origin).type('form').send(form);
  jar.take(res);
  return res;
}

/** The mails OWNER_EMAIL received, parsed as a mail client reads them. */
export async function ownerMails(rig: Rig): Promise<ParsedMail[]> {
  const mails = await Promise.all(rig.smtp.received.filter((mail) => mail.to.includes(OWNER_EMAIL)).map((mail) => simpleParser(mail.raw)));
  return mails;
}

/** The sign-in link of a mail, as its button's href. */
export const linkOf = (mail: ParsedMail | undefined): string =>
  /href="([^"]*\/panel\/entrar\?enlace=[^"]*)"/.exec(String(mail?.html))?.[1]?.replaceAll('&amp;', '&') ?? '';

/** Presses the signed-out page's button: GET /panel, then its form's POST. */
export async function pressForLink(app: Express, jar: Jar): Promise<Response> {
  const page = await visit(app, jar, '/panel');
  return post(app, jar, '/panel/enlace', { csrf: fieldOf(page.text, 'csrf') });
}

/** Opens a sign-in link and presses its one button: the answer to that POST. */
export async function enter(app: Express, jar: Jar, link: string): Promise<Response> {
  const page = await visit(app, jar, link.replace(PUBLIC_URL, ''));
  return post(app, jar, '/panel/entrar', { csrf: fieldOf(page.text, 'csrf'), enlace: fieldOf(page.text, 'enlace') });
}

/** The whole sign-in, from the button to the session: a jar that holds her session. */
export async function signedIn(app: Express, rig: Rig): Promise<Jar> {
  const jar = new Jar();
  const before = (await ownerMails(rig)).length;
  const pressed = await pressForLink(app, jar);
  if (pressed.status !== 303) throw new Error(`the button answered ${pressed.status}`);
  const mails = await ownerMails(rig);
  if (mails.length !== before + 1) throw new Error('no sign-in mail arrived');
  const entered = await enter(app, jar, linkOf(mails.at(-1)));
  if (entered.status !== 303 || !jar.cookies.has(SESSION_COOKIE)) throw new Error(`the sign-in answered ${entered.status}`);
  return jar;
}
