/**
 * Bad input to /panel harms nothing: odd methods, a malformed query, and a signed-in owner's forms posted with fields
 * missing, malformed, oversized or naming what does not exist. Each gets a clear answer (a status, or her page with the
 * sentence that refuses it), never a 500 or a stack trace; and nothing is mailed, written at Stripe or refunded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { panel, panelChanges } from '../../shared/content/panelWords';
import { changeRefusals } from '../../shared/content/saleChangeWords';
import { confirmedPurchase, type Rig, startRig } from '../helpers/fulfilment';
import { fieldOf, handClock, type Jar, panelEnv, post, signedIn, visit } from '../helpers/panel';
import { TEST_START_MS, testApp } from '../helpers/testApp';
import request from 'supertest';

const DAY = 86_400_000;
let rig: Rig;
let site: ReturnType<typeof testApp>;
let jar: Jar;
beforeAll(async () => {
  rig = await startRig();
  const clock = handClock(TEST_START_MS - 20 * DAY);
  site = testApp({ now: clock.read, env: { ...panelEnv(rig), EDITION: 'entradas-malas' } });
  await confirmedPurchase(rig, site.app, clock, clock.ms() - DAY);
  await site.sweep();
  jar = await signedIn(site.app, rig);
});
afterAll(async () => {
  site?.stop();
  await rig?.close();
});

/** What a bad request may have set off: mails sent, writes at Stripe, refunds. */
const effects = () => ({
  mails: rig.smtp.received.length,
  links: rig.stripe.linkUpdates.length,
  sessions: rig.stripe.checkout.updates.length,
  refunds: rig.stripe.checkout.refunds.refunds.length,
});

describe('/panel given bad input', () => {
  it('answers odd methods and a malformed query with a status, not a crash', async () => {
    const before = effects();
    for (const [method, path] of [
      ['put', '/panel'],
      ['delete', '/panel/fecha'],
      ['patch', '/panel/cancelar'],
      ['get', '/panel/deshacer'],
    ] as const) {
      const res = await request(site.app)[method](path);
      // Refused, or (a GET of a form's address) sent back to her page: never a 500, never done.
      expect(res.status, `${method} ${path}`).toBeGreaterThanOrEqual(300);
      expect(res.status, `${method} ${path}`).toBeLessThan(500);
    }
    const odd = await visit(site.app, jar, '/panel?buscar=%E0%A4%A&buscar=dos&aviso[]=x');
    expect(odd.status).toBeLessThan(500);
    expect(odd.text).not.toMatch(/at .*\.ts:\d+/);
    expect(effects()).toEqual(before);
  });

  it("refuses a new date that is missing, malformed or absurd with the form's sentence, and changes nothing", async () => {
    const before = effects();
    const csrf = fieldOf((await visit(site.app, jar, '/panel')).text, 'csrf');
    for (const inicio of [undefined, '', 'mañana', '2027-13-45T25:99', '9999999-01-01T00:00', 'x'.repeat(300)]) {
      const res = await post(site.app, jar, '/panel/fecha', inicio === undefined ? { csrf } : { csrf, inicio });
      expect(res.status, String(inicio).slice(0, 20)).toBeLessThan(500);
      expect(res.text, String(inicio).slice(0, 20)).toContain(changeRefusals.badDate);
      expect(res.text).not.toContain(panelChanges.preview.codeLabel);
    }
    const recording = await post(site.app, jar, '/panel/grabacion', { csrf, url: 'javascript:alert(1)' });
    expect(recording.status).toBeLessThan(500);
    expect(recording.text).toContain(changeRefusals.badRecording);
    expect(effects()).toEqual(before);
    expect(site.live.latest()).toBeNull();
  });

  it('refuses an undo or a resend naming nothing that exists, and sends nothing', async () => {
    const before = effects();
    const csrf = fieldOf((await visit(site.app, jar, '/panel')).text, 'csrf');
    for (const [path, form] of [
      ['/panel/deshacer', { csrf, cambio: 'no-existe-1' }],
      ['/panel/deshacer', { csrf }],
      ['/panel/reenviar', { csrf, compra: 'cs_test_noexiste' }],
      ['/panel/reenviar', { csrf, compra: '../../etc/passwd' }],
      ['/panel/reenviar', { csrf }],
    ] as const) {
      const res = await post(site.app, jar, path, form);
      expect(res.status, `${path} ${JSON.stringify(form)}`).toBeLessThan(500);
    }
    expect(effects()).toEqual(before);
    expect((await visit(site.app, jar, '/panel')).text).toContain(panel.overview.heading);
  });

  it('refuses a body far larger than any of its forms before reading it', async () => {
    const before = effects();
    const csrf = fieldOf((await visit(site.app, jar, '/panel')).text, 'csrf');
    const res = await post(site.app, jar, '/panel/fecha', { csrf, inicio: '2027-01-01T10:00', relleno: 'x'.repeat(200_000) });
    expect(res.status).toBe(413);
    expect(effects()).toEqual(before);
  });
});
