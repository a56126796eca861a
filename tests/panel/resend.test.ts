/**
 * A buyer's confirmation sent again from /panel (server/panel/resend.ts), through the real app, the real SDK against
 * the Stripe stand-in and a real SMTP server: one mail to that buyer, the same as her confirmation with the same
 * personal link, none to anyone else; once per press, whichever instance the press reaches; and the buyers found by
 * name or address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmation } from '../../shared/content/confirmationMailWords';
import { panel } from '../../shared/content/panelWords';
import { accessUrlOf, addressOf, confirmedPurchase, parsedMails, type Rig, startRig } from '../helpers/fulfilment';
import { fieldOf, handClock, panelEnv, post, signedIn, visit } from '../helpers/panel';
import { TEST_START_MS, testApp } from '../helpers/testApp';

const DAY_MS = 86_400_000;

let rig: Rig;
beforeAll(async () => {
  rig = await startRig();
});
afterAll(async () => {
  await rig.close();
});

describe('sending a buyer her confirmation again', () => {
  it('mails that buyer alone, the same confirmation and personal link, once per press on any instance', async () => {
    const clock = handClock(TEST_START_MS - 5 * DAY_MS);
    const env = panelEnv(rig);
    const one = testApp({ now: clock.read, env });
    const two = testApp({ now: clock.read, env });
    const ana = await confirmedPurchase(rig, one.app, clock, clock.ms() - DAY_MS, { name: 'María José Reenvío Prueba' });
    const otra = await confirmedPurchase(rig, one.app, clock, clock.ms() - DAY_MS, { name: 'Otra Compradora Prueba' });
    await one.sweep();
    const jar = await signedIn(one.app, rig);
    const home = await visit(one.app, jar, '/panel');
    expect(home.text).toContain('María José Reenvío Prueba');
    expect(home.text).toContain(otra.email);
    expect(home.text).toContain(`${panel.buyers.mail.confirmation}: ${panel.buyers.sent}`);

    const before = rig.smtp.received.length;
    const form = { csrf: fieldOf(home.text, 'csrf'), compra: ana.sessionId, pulsacion: fieldOf(home.text, 'pulsacion') };
    const pressed = await post(one.app, jar, '/panel/reenviar', form);
    expect(pressed.status).toBe(303);
    expect(pressed.headers.location).toBe(`/panel?aviso=sent&compra=${ana.sessionId}`);
    const sent = (await parsedMails(rig)).slice(before);
    expect(sent.map(addressOf)).toEqual([ana.email]);
    expect(sent[0]?.subject).toBe(confirmation.subject);
    expect(sent[0]?.text).toContain(accessUrlOf(ana.sessionId));
    expect(sent[0]?.attachments.filter((attachment) => attachment.contentType === 'text/calendar')).toHaveLength(1);
    const told = await visit(one.app, jar, pressed.headers.location ?? '');
    expect(told.text).toContain(panel.resend.done('María José Reenvío Prueba'));

    // The same press again, reaching the other instance: nothing more.
    const again = await post(two.app, jar, '/panel/reenviar', form);
    expect(again.headers.location).toBe(`/panel?aviso=already&compra=${ana.sessionId}`);
    expect(rig.smtp.received.length).toBe(before + 1);
    // A press of a page seen afresh sends it once more.
    await two.sweep();
    const fresh = await visit(two.app, jar, '/panel');
    const third = await post(two.app, jar, '/panel/reenviar', { ...form, pulsacion: fieldOf(fresh.text, 'pulsacion') });
    expect(third.headers.location).toBe(`/panel?aviso=sent&compra=${ana.sessionId}`);
    expect((await parsedMails(rig)).slice(before).map(addressOf)).toEqual([ana.email, ana.email]);

    // Once the sweep has read it again, the page says when it went.
    await one.sweep();
    expect((await visit(one.app, jar, '/panel')).text).toContain('Confirmación reenviada el');
  });

  it('sends nothing to a buyer whose purchase has no access any more', async () => {
    const clock = handClock(TEST_START_MS - 4 * DAY_MS);
    const { app, sweep } = testApp({ now: clock.read, env: panelEnv(rig) });
    const gone = await confirmedPurchase(rig, app, clock, clock.ms() - DAY_MS, { name: 'Reembolsada Prueba' });
    rig.stripe.checkout.refund(gone.sessionId);
    await sweep();
    const jar = await signedIn(app, rig);
    const home = await visit(app, jar, `/panel?buscar=${encodeURIComponent('reembolsada')}`);
    expect(home.text).toContain(panel.buyers.standing.refunded);
    expect(home.text).not.toContain('name="compra"');
    const before = rig.smtp.received.length;
    const res = await post(app, jar, '/panel/reenviar', { csrf: fieldOf(home.text, 'csrf'), compra: gone.sessionId, pulsacion: 'una-pulsacion-cualquiera' });
    expect(res.headers.location).toBe(`/panel?aviso=no_access&compra=${gone.sessionId}`);
    expect(rig.smtp.received.length).toBe(before);
  });
});

describe("the buyers' search", () => {
  it('finds a buyer by her name without its accents, or by her address, and no one else', async () => {
    const clock = handClock(TEST_START_MS - 3 * DAY_MS);
    const { app, sweep } = testApp({ now: clock.read, env: panelEnv(rig) });
    const ines = await confirmedPurchase(rig, app, clock, clock.ms() - DAY_MS, { name: 'Inés Buscada Prueba' });
    const other = await confirmedPurchase(rig, app, clock, clock.ms() - DAY_MS, { name: 'Nadia Otra Prueba' });
    await sweep();
    const jar = await signedIn(app, rig);
    for (const query of ['ines buscada', ines.email.toUpperCase()]) {
      const found = await visit(app, jar, `/panel?buscar=${encodeURIComponent(query)}`);
      expect(found.text).toContain(ines.email);
      expect(found.text).not.toContain(other.email);
      expect(found.text).toContain(panel.buyers.found(1, query));
    }
    const none = await visit(app, jar, '/panel?buscar=nadie-con-este-nombre');
    expect(none.text).toContain(panel.buyers.nothingFound('nadie-con-este-nombre'));
  });
});
