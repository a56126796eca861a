/**
 * Signing in to /panel without a password (server/panel/signIn.ts), through the real app, the real SDK against the
 * Stripe stand-in, and a real SMTP server whose mails mailparser reads: the button mails OWNER_EMAIL a link under
 * PUBLIC_URL/panel/; the link's page has one button and spends nothing; its POST signs in once, on any instance, within
 * 15 minutes; the session is a __Host- cookie for 12 hours; nothing shows or acts without it, or without the form's
 * token and origin; a flood of presses mails a few links an hour; no log line holds a token or an address.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionValue } from '../../server/panel/panelTokens';
import { panel } from '../../shared/content/panelWords';
import { signInMail } from '../../shared/content/panelMailWords';
import { confirmedPurchase, PUBLIC_URL, type Rig, startRig, type TestClock } from '../helpers/fulfilment';
import {
  enter,
  fieldOf,
  handClock,
  Jar,
  linkOf,
  ORIGIN,
  OWNER_EMAIL,
  ownerMails,
  PANEL_SECRET,
  panelEnv,
  post,
  pressForLink,
  SESSION_COOKIE,
  signedIn,
  VISITOR_COOKIE,
  visit,
} from '../helpers/panel';
import { TEST_START_MS, testApp } from '../helpers/testApp';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

let rig: Rig;
beforeAll(async () => {
  rig = await startRig();
});
afterAll(async () => {
  await rig.close();
});

/** A clock the test moves, an hour of its own for each test so that the hourly limit of links starts afresh. */
let hours = 0;
const clockAt = () => {
  hours += 1;
  return handClock(TEST_START_MS - 10 * DAY_MS + hours * 3_600_000 + MINUTE_MS);
};

/** Two instances of the site on one clock, as two pods behind the edge. */
function twoInstances(clock: TestClock) {
  const env = panelEnv(rig);
  return [testApp({ now: clock.read, env }), testApp({ now: clock.read, env })] as const;
}

describe('/panel signed out', () => {
  it('shows one button that posts to /panel/enlace, kept by no cache and shown to no search engine', async () => {
    const { app } = testApp({ env: panelEnv(rig) });
    const res = await request(app).get('/panel');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-robots-tag']).toMatch(/noindex/);
    expect(res.text).toContain('<meta name="robots" content="noindex"/>');
    expect(res.headers['content-security-policy']).toContain("form-action 'self'");
    expect(res.headers['content-security-policy']).not.toMatch(/script-src/);
    expect(res.text.match(/<form /g)).toHaveLength(1);
    expect(res.text).toContain('action="/panel/enlace"');
    expect(res.text).toContain(panel.signedOut.cta);
    expect(res.text).not.toContain(OWNER_EMAIL);
  });

  it('does not exist without PANEL_SECRET', async () => {
    const { app } = testApp({ env: rig.env() });
    expect((await request(app).get('/panel')).status).toBe(404);
    expect((await request(app).post('/panel/enlace').set('Origin', ORIGIN).type('form').send({})).status).toBe(404);
  });
});

describe('the sign-in link', () => {
  it('is mailed to OWNER_EMAIL under PUBLIC_URL/panel/; its page has one button and spends nothing; its POST signs in', async () => {
    const clock = clockAt();
    const { app, logs, raw } = testApp({ now: clock.read, env: panelEnv(rig) });
    const jar = new Jar();
    const pressed = await pressForLink(app, jar);
    expect(pressed.status).toBe(303);
    expect(pressed.headers.location).toBe('/panel?aviso=enlace');
    expect((await visit(app, jar, '/panel?aviso=enlace')).text).toContain(panel.linkSent.heading);
    const mail = (await ownerMails(rig)).at(-1);
    expect(mail?.subject).toBe(signInMail.subject);
    expect(mail?.to && 'text' in mail.to ? mail.to.text : '').toBe(OWNER_EMAIL);
    const link = linkOf(mail);
    expect(link.startsWith(`${PUBLIC_URL}/panel/entrar?enlace=`)).toBe(true);
    expect(mail?.text).toContain(link);

    // A mail scanner fetches the link, twice: each time a page with one button, and no session.
    for (const _fetch of [1, 2]) {
      const scanned = await request(app).get(link.replace(PUBLIC_URL, ''));
      expect(scanned.status).toBe(200);
      expect(scanned.headers['set-cookie']?.toString() ?? '').not.toContain(`${SESSION_COOKIE}=`);
      expect(scanned.text.match(/<form /g)).toHaveLength(1);
      expect(scanned.text).toContain(panel.confirm.cta);
      expect(scanned.headers['cache-control']).toBe('no-store');
      expect(scanned.headers['referrer-policy']).toBe('same-origin');
    }

    const entered = await enter(app, jar, link);
    expect(entered.status).toBe(303);
    expect(entered.headers.location).toBe('/panel');
    const cookie = (entered.headers['set-cookie'] as unknown as string[]).find((line) => line.startsWith(`${SESSION_COOKIE}=`)) ?? '';
    expect(cookie).toMatch(/; Max-Age=43200;/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; SameSite=Strict/);
    expect(cookie).not.toMatch(/Domain=/i);
    const home = await visit(app, jar, '/panel');
    expect(home.text).toContain(panel.overview.heading);
    expect(home.text).toContain('action="/panel/salir"');

    // No log line holds the link's token, the session, or an address.
    const token = new URL(link).searchParams.get('enlace') ?? '';
    const text = raw.join('\n');
    expect(text).not.toContain(token);
    expect(text).not.toContain(token.split('.')[0]);
    expect(text).not.toContain(jar.cookies.get(SESSION_COOKIE));
    expect(text).not.toContain(OWNER_EMAIL);
    expect(logs.filter((line) => line.event === 'panel_sign_in').map((line) => line.outcome)).toEqual(['sent', 'signed_in']);
  });

  it('works once, whichever instance it is opened on', async () => {
    const clock = clockAt();
    const [one, two] = twoInstances(clock);
    const jar = new Jar();
    await pressForLink(one.app, jar);
    const link = linkOf((await ownerMails(rig)).at(-1));
    // Both buttons pressed at once, one on each instance: one session, one refusal.
    const [a, b] = await Promise.all([enter(one.app, new Jar(), link), enter(two.app, new Jar(), link)]);
    expect([a.status, b.status].sort()).toEqual([303, 410]);
    const again = await enter(two.app, new Jar(), link);
    expect(again.status).toBe(410);
    expect(again.text).toContain(panel.linkSpent.heading);
    expect(again.headers['set-cookie']?.toString() ?? '').not.toContain(`${SESSION_COOKIE}=`);
  });

  it('does not work 15 minutes after it was mailed', async () => {
    const clock = clockAt();
    const { app } = testApp({ now: clock.read, env: panelEnv(rig) });
    const jar = new Jar();
    await pressForLink(app, jar);
    const link = linkOf((await ownerMails(rig)).at(-1));
    const page = await visit(app, jar, link.replace(PUBLIC_URL, ''));
    clock.set(clock.ms() + 15 * MINUTE_MS);
    const late = await post(app, jar, '/panel/entrar', { csrf: fieldOf(page.text, 'csrf'), enlace: fieldOf(page.text, 'enlace') });
    expect(late.status).toBe(410);
    expect(jar.cookies.has(SESSION_COOKIE)).toBe(false);
    expect((await visit(app, jar, link.replace(PUBLIC_URL, ''))).status).toBe(410);
  });

  it('is mailed a few times an hour at most, whoever presses, on every instance together', async () => {
    const clock = clockAt();
    const [one, two] = twoInstances(clock);
    const before = (await ownerMails(rig)).length;
    const statuses: number[] = [];
    for (const app of [one.app, two.app, one.app, two.app, one.app]) statuses.push((await pressForLink(app, new Jar())).status);
    expect(statuses).toEqual([303, 303, 303, 429, 429]);
    expect((await ownerMails(rig)).length - before).toBe(3);
    // The next hour mails again.
    clock.set(clock.ms() + 3_600_000);
    expect((await pressForLink(two.app, new Jar())).status).toBe(303);
  });

  it('goes to CONTACT_EMAIL where OWNER_EMAIL is unset', async () => {
    const clock = clockAt();
    const { app } = testApp({ now: clock.read, env: { ...rig.env(), PANEL_SECRET } });
    await pressForLink(app, new Jar());
    const last = rig.smtp.received.at(-1);
    expect(last?.to).toEqual([rig.env().CONTACT_EMAIL]);
  });
});

describe('the session', () => {
  it('ends after 12 hours, and at sign-out', async () => {
    const clock = clockAt();
    const { app } = testApp({ now: clock.read, env: panelEnv(rig) });
    const jar = await signedIn(app, rig);
    clock.set(clock.ms() + 12 * 3_600_000 - 1000);
    expect((await visit(app, jar, '/panel')).text).toContain(panel.overview.heading);
    clock.set(clock.ms() + 1000);
    expect((await visit(app, jar, '/panel')).text).toContain(panel.signedOut.cta);

    clock.set(clock.ms() + 3_600_000);
    const again = await signedIn(app, rig);
    const home = await visit(app, again, '/panel');
    const out = await post(app, again, '/panel/salir', { csrf: fieldOf(home.text, 'csrf') });
    expect(out.status).toBe(303);
    expect(again.cookies.has(SESSION_COOKIE)).toBe(false);
    expect((await visit(app, again, '/panel')).text).toContain(panel.signedOut.cta);
  });
});

describe('without a session, a token or this site as its origin', () => {
  it('shows no buyer and sends no mail', async () => {
    const clock = clockAt();
    const { app, sweep } = testApp({ now: clock.read, env: panelEnv(rig) });
    const buyer = await confirmedPurchase(rig, app, clock, clock.ms(), { name: 'Renata Sinsesion Prueba' });
    await sweep();
    const mails = rig.smtp.received.length;
    // No session, a forged one, and one signed with another secret: each read as none.
    const cookies = [
      '',
      `abcdefghijkl.${Math.floor(clock.ms() / 1000)}.forged0000000000000000`,
      sessionValue(`${PANEL_SECRET}-otro`, 'abcdefghijkl', clock.ms()),
    ];
    for (const cookie of cookies) {
      const stranger = new Jar();
      if (cookie) stranger.cookies.set(SESSION_COOKIE, cookie);
      for (const path of ['/panel', `/panel?buscar=${encodeURIComponent(buyer.email)}`]) {
        const res = await visit(app, stranger, path);
        expect(res.text).toContain(panel.signedOut.cta);
        expect(res.text).not.toContain(buyer.email);
        expect(res.text).not.toContain('Renata');
      }
    }
    const stranger = new Jar();
    const resend = await post(app, stranger, '/panel/reenviar', { csrf: 'x', compra: buyer.sessionId, pulsacion: 'abcdefghijkl' });
    expect(resend.status).toBe(403);
    expect(rig.smtp.received.length).toBe(mails);
  });

  it('a POST without the form token, or from another site, changes nothing', async () => {
    const clock = clockAt();
    const { app, sweep } = testApp({ now: clock.read, env: panelEnv(rig) });
    const buyer = await confirmedPurchase(rig, app, clock, clock.ms());
    await sweep();
    const jar = await signedIn(app, rig);
    const home = await visit(app, jar, '/panel');
    const csrf = fieldOf(home.text, 'csrf');
    const press = fieldOf(home.text, 'pulsacion');
    const mails = rig.smtp.received.length;
    const writes = rig.stripe.calls.filter((call) => call.method === 'POST').length;
    const attempts = [
      await post(app, jar, '/panel/reenviar', { compra: buyer.sessionId, pulsacion: press }),
      await post(app, jar, '/panel/reenviar', { csrf: `${csrf}x`, compra: buyer.sessionId, pulsacion: press }),
      await post(app, jar, '/panel/reenviar', { csrf, compra: buyer.sessionId, pulsacion: press }, 'https://otro-sitio.example.net'),
      await post(app, jar, '/panel/reenviar', { csrf, compra: buyer.sessionId, pulsacion: press }, 'null'),
      await post(app, new Jar(), '/panel/enlace', {}),
      await post(app, new Jar(), '/panel/enlace', { csrf }, 'https://otro-sitio.example.net'),
    ];
    expect(attempts.map((res) => res.status)).toEqual([403, 403, 403, 403, 403, 403]);
    expect(rig.smtp.received.length).toBe(mails);
    expect(rig.stripe.calls.filter((call) => call.method === 'POST').length).toBe(writes);
    // The same form, from the panel's own page, does act.
    expect((await post(app, jar, '/panel/reenviar', { csrf, compra: buyer.sessionId, pulsacion: press })).status).toBe(303);
    expect(rig.smtp.received.length).toBe(mails + 1);
  });
});

it('the session cookie is plain-named and not Secure on a developer http site', async () => {
  const { app } = testApp({ now: clockAt().read, env: { ...panelEnv(rig), PUBLIC_URL: 'http://127.0.0.1:3000' } });
  const res = await request(app).get('/panel');
  const cookie = (res.headers['set-cookie'] as unknown as string[])[0] ?? '';
  expect(cookie.startsWith(`${VISITOR_COOKIE.replace('__Host-', '')}=`)).toBe(true);
  expect(cookie).not.toMatch(/Secure/);
});
