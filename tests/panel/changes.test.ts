/**
 * The owner's changes from /panel (server/panel/changeForms.ts over server/changes/saleChanges.ts), through the real
 * app on two instances, the real SDK against the Stripe stand-in and a real SMTP server, mails read by mailparser: each
 * form's preview (whom it reaches with which mail, one shown as the buyer sees it, the refunds and their total, what
 * the page will say) and the 6-digit code it mails to OWNER_EMAIL; a wrong code, a code of another preview or none
 * changes nothing; the right one records the change, in force after the undo window, and *Deshacer* before then sends
 * nothing and refunds nothing; once in force, one mail per buyer whatever the instances, the progress, then *terminado*;
 * and a change that makes no sense is refused with its sentence.
 */
import type { ParsedMail } from 'mailparser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cancellationMail } from '../../shared/content/cancellationMailWords';
import { dateChangeMail } from '../../shared/content/dateChangeMailWords';
import { codeMail } from '../../shared/content/panelMailWords';
import { panel, panelChanges } from '../../shared/content/panelWords';
import { changeRefusals } from '../../shared/content/saleChangeWords';
import { DateTime } from 'luxon';
import { WORKSHOP_ZONE, workshopSchedule } from '../../shared/logic/schedule';
import { addressOf, confirmedPurchase, parsedMails, type Rig, startRig } from '../helpers/fulfilment';
import { fieldOf, handClock, type Jar, ownerMails, panelEnv, post, signedIn, visit } from '../helpers/panel';
import { TEST_START_MS, testApp } from '../helpers/testApp';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** CHANGE_DELAY_SECONDS' default: ten minutes to take a change back. */
const UNDO_MS = 10 * MINUTE;

/** A Stripe of each test's own: the sale's record lives on its Payment Link, and each test begins its own sale. */
let rig: Rig;
beforeEach(async () => {
  rig = await startRig();
});
afterEach(async () => {
  await rig.close();
});

/** A date as the form's `inicio` field writes it, in the workshop's zone. */
const localOf = (ms: number): string => DateTime.fromMillis(ms, { zone: WORKSHOP_ZONE }).toFormat("yyyy-LL-dd'T'HH:mm");
/** The code the owner's last mail carries, as its subject says it. */
const codeOf = (mail: ParsedMail | undefined): string => /(\d{6})$/.exec(mail?.subject ?? '')?.[1] ?? '';

/** The site on two instances over one Stripe, one clock, and buyers confirmed on it. */
async function sale(startOffsetDays: number, buyers: number) {
  const clock = handClock(TEST_START_MS - startOffsetDays * DAY);
  const env = { ...panelEnv(rig), EDITION: 'cambios' };
  const one = testApp({ now: clock.read, env });
  const two = testApp({ now: clock.read, env });
  const made = [];
  for (let n = 0; n < buyers; n += 1) made.push(await confirmedPurchase(rig, one.app, clock, clock.ms() - (n + 1) * DAY));
  for (const instance of [one, two]) await instance.sweep();
  return { clock, one, two, buyers: made };
}

/** A form's POST from the signed-in page: its preview, with the code mailed for it. */
async function preview(app: Parameters<typeof post>[0], jar: Jar, path: string, fields: Record<string, string>) {
  const home = await visit(app, jar, '/panel');
  const csrf = fieldOf(home.text, 'csrf');
  const before = (await ownerMails(rig)).length;
  const res = await post(app, jar, path, { csrf, ...fields });
  const mails = await ownerMails(rig);
  return {
    res,
    csrf,
    token: fieldOf(res.text, 'vista'),
    code: mails.length > before ? codeOf(mails.at(-1)) : null,
    codeMail: mails.length > before ? mails.at(-1) : undefined,
  };
}

describe('a new date from the panel', () => {
  it('previews each buyer’s mail, takes a code, waits its window, then mails each buyer once on any instance, and says terminado', async () => {
    const { clock, one, two, buyers } = await sale(20, 3);
    const jar = await signedIn(one.app, rig);
    const startMs = TEST_START_MS + 7 * DAY;
    const shown = await preview(one.app, jar, '/panel/fecha', { inicio: localOf(startMs) });
    expect(shown.res.status).toBe(200);
    expect(shown.res.headers['cache-control']).toBe('no-store');
    const page = shown.res.text;
    expect(page).toContain(panelChanges.preview.buyers(3));
    expect(page).toContain(panelChanges.preview.mail(panel.buyers.mail.date_change, 3));
    // One buyer's mail, as she will see it: its subject and its HTML inside the page, its styles allowed one by one.
    expect(page).toContain(dateChangeMail.subject(workshopSchedule(startMs).fullLabel));
    expect(page).toContain('class="panel__sample"');
    expect(shown.res.headers['content-security-policy']).toMatch(/style-src '[^']+' 'unsafe-hashes' 'sha256-/);
    expect(page).toContain(panelChanges.preview.codeSent('d•••@taller.example.org'));
    // The code went to OWNER_EMAIL, naming the change.
    expect(shown.code).toMatch(/^\d{6}$/);
    expect(shown.codeMail?.subject).toBe(codeMail.subject(shown.code ?? ''));
    expect(shown.codeMail?.text).toContain(`Nueva fecha: ${workshopSchedule(startMs).fullLabel}`);

    // A wrong code changes nothing.
    const wrong = shown.code === '000000' ? '000001' : '000000';
    const refused = await post(one.app, jar, '/panel/fecha', { csrf: shown.csrf, inicio: localOf(startMs), vista: shown.token, codigo: wrong });
    expect(refused.status).toBe(422);
    expect(refused.text).toContain(panelChanges.code.wrong);
    expect(one.live.latest()).toBeNull();

    // The right one records it, on the other instance too; the page says it waits, with Deshacer.
    const confirmed = await post(two.app, jar, '/panel/fecha', { csrf: shown.csrf, inicio: localOf(startMs), vista: shown.token, codigo: shown.code ?? '' });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.location).toBe('/panel?aviso=programado');
    const waiting = await visit(two.app, jar, '/panel?aviso=programado');
    expect(waiting.text).toContain(panelChanges.underWay.heading);
    expect(waiting.text).toContain('action="/panel/deshacer"');
    // The same code again: used.
    const again = await post(one.app, jar, '/panel/fecha', { csrf: shown.csrf, inicio: localOf(startMs), vista: shown.token, codigo: shown.code ?? '' });
    expect(again.text).toContain(panelChanges.code.used);

    // Past the window, each instance learns of it at its poll and sweeps: one mail per buyer.
    clock.set(clock.ms() + UNDO_MS + MINUTE);
    const mailsBefore = rig.smtp.received.length;
    for (const instance of [one, two, one, two]) {
      await instance.live.refresh();
      await instance.sweep();
    }
    const sent = (await parsedMails(rig)).slice(mailsBefore).filter((mail) => mail.subject === dateChangeMail.subject(workshopSchedule(startMs).fullLabel));
    expect(sent.map(addressOf).sort()).toEqual(buyers.map((buyer) => buyer.email).sort());
    const done = await visit(one.app, jar, '/panel');
    expect(done.text).toContain(panelChanges.underWay.mails(3, 3));
    expect(done.text).toContain(panelChanges.underWay.done);

    // A restart of both keeps it: fresh instances read it from Stripe.
    const restarted = testApp({ now: clock.read, env: { ...panelEnv(rig), EDITION: 'cambios' } });
    await restarted.live.refresh();
    expect(restarted.live.current(clock.ms()).sale.workshopStartMs).toBe(startMs);
  });

  it('is refused with its sentence when it makes no sense: a date past, or a second change while one waits', async () => {
    const { clock, one } = await sale(30, 1);
    const jar = await signedIn(one.app, rig);
    const past = await preview(one.app, jar, '/panel/fecha', { inicio: localOf(clock.ms() - DAY) });
    expect(past.res.status).toBe(409);
    expect(past.res.text).toContain(panelChanges.preview.refusedTitle);
    expect(past.res.text).toContain(changeRefusals.dateInPast('').split(':')[0]);
    expect(past.code).toBeNull();
    expect(past.res.text).not.toContain('name="codigo"');

    const closing = await preview(one.app, jar, '/panel/cerrar', {});
    await post(one.app, jar, '/panel/cerrar', { csrf: closing.csrf, vista: closing.token, codigo: closing.code ?? '' });
    const second = await preview(one.app, jar, '/panel/fecha', { inicio: localOf(TEST_START_MS + 3 * DAY) });
    expect(second.res.status).toBe(409);
    expect(second.res.text).toContain('Ya hay un cambio en curso');
    expect(second.code).toBeNull();
  });
});

describe('a cancellation from the panel', () => {
  it('previews the refunds and their total; Deshacer inside the window sends nothing and refunds nothing', async () => {
    const { clock, one, two } = await sale(40, 2);
    const jar = await signedIn(one.app, rig);
    const shown = await preview(one.app, jar, '/panel/cancelar', {});
    expect(shown.res.text).toContain(panelChanges.preview.refunds(2, '98 USD'));
    expect(shown.res.text).toContain(cancellationMail.subject(workshopSchedule(TEST_START_MS).fullLabel));
    await post(one.app, jar, '/panel/cancelar', { csrf: shown.csrf, vista: shown.token, codigo: shown.code ?? '' });
    const pending = await visit(one.app, jar, '/panel');
    const id = fieldOf(pending.text, 'cambio');
    const mails = rig.smtp.received.length;
    const refunds = rig.stripe.checkout.refunds.refunds.length;
    clock.set(clock.ms() + UNDO_MS - MINUTE);
    const undone = await post(two.app, jar, '/panel/deshacer', { csrf: fieldOf(pending.text, 'csrf'), cambio: id });
    expect(undone.headers.location).toBe('/panel?aviso=deshecho');
    clock.set(clock.ms() + 2 * MINUTE);
    for (const instance of [one, two]) {
      await instance.live.refresh();
      await instance.sweep();
    }
    expect(rig.smtp.received.length).toBe(mails);
    expect(rig.stripe.checkout.refunds.refunds.length).toBe(refunds);
    expect(one.live.current(clock.ms()).sale.cancelled).toBe(false);
    // Too late to take back a change in force: refused with its sentence.
    const late = await post(one.app, jar, '/panel/deshacer', { csrf: fieldOf(pending.text, 'csrf'), cambio: id });
    expect(late.status).toBe(409);
  });

  it('once in force: one mail and one refund per card buyer, the progress, then terminado', async () => {
    const { clock, one, two, buyers } = await sale(50, 2);
    const jar = await signedIn(one.app, rig);
    const shown = await preview(one.app, jar, '/panel/cancelar', {});
    await post(one.app, jar, '/panel/cancelar', { csrf: shown.csrf, vista: shown.token, codigo: shown.code ?? '' });
    clock.set(clock.ms() + UNDO_MS + MINUTE);
    const refunds = rig.stripe.checkout.refunds.refunds.length;
    await one.live.refresh();
    await two.live.refresh();
    await one.sweep();
    const midway = await visit(one.app, jar, '/panel');
    expect(midway.text).toMatch(/\d de 2 correos enviados/);
    await two.sweep();
    await one.sweep();
    const cancelled = (await parsedMails(rig)).filter((mail) => mail.subject === cancellationMail.subject(workshopSchedule(TEST_START_MS).fullLabel));
    expect(cancelled.map(addressOf).filter((to) => buyers.some((buyer) => buyer.email === to))).toHaveLength(2);
    expect(rig.stripe.checkout.refunds.refunds.length - refunds).toBe(2);
    const done = await visit(two.app, jar, '/panel');
    expect(done.text).toContain(panelChanges.underWay.mails(2, 2));
    expect(done.text).toContain(panelChanges.underWay.refunds(2, 2));
    expect(done.text).toContain(panelChanges.underWay.done);
    expect(done.text).toContain(panelChanges.underWay.doneHeading);
  });
});

describe('closing sales and the recording’s link from the panel', () => {
  it('each previewed, confirmed by its code, in force after the window on every instance, and kept by Stripe', async () => {
    const { clock, one, two } = await sale(20, 2);
    const jar = await signedIn(one.app, rig);
    const closing = await preview(one.app, jar, '/panel/cerrar', {});
    expect(closing.res.status).toBe(200);
    expect(closing.res.text).toContain(panelChanges.preview.buyers(0));
    expect(closing.res.text).toContain(panel.overview.state['sold-out']);
    const closed = await post(two.app, jar, '/panel/cerrar', { csrf: closing.csrf, vista: closing.token, codigo: closing.code ?? '' });
    expect(closed.headers.location).toBe('/panel?aviso=programado');
    await two.live.refresh();
    expect(two.live.current(clock.ms()).sale.soldOut).toBe(false);
    clock.set(clock.ms() + UNDO_MS + MINUTE);
    for (const instance of [one, two]) await instance.live.refresh();
    expect([one, two].map((instance) => instance.live.current(clock.ms()).sale.soldOut)).toEqual([true, true]);

    const url = 'https://grabaciones.example.org/taller-cambios';
    const recording = await preview(one.app, jar, '/panel/grabacion', { url });
    expect(recording.res.status).toBe(200);
    expect(recording.code).toMatch(/^\d{6}$/);
    const saved = await post(one.app, jar, '/panel/grabacion', { csrf: recording.csrf, url, vista: recording.token, codigo: recording.code ?? '' });
    expect(saved.headers.location).toBe('/panel?aviso=programado');
    clock.set(clock.ms() + UNDO_MS + MINUTE);
    const restarted = testApp({ now: clock.read, env: { ...panelEnv(rig), EDITION: 'cambios' } });
    await restarted.live.refresh();
    expect(restarted.live.current(clock.ms())).toMatchObject({ recordingUrl: url, sale: { soldOut: true } });
    expect(restarted.live.origins(clock.ms())).toMatchObject({ soldOut: 'panel', recordingUrl: 'panel' });
  });
});

describe('a change’s code', () => {
  it('works for its own preview and session only, five tries at most, and never reaches a log', async () => {
    const { one, two } = await sale(60, 1);
    const jar = await signedIn(one.app, rig);
    const other = await signedIn(one.app, rig);
    const shown = await preview(one.app, jar, '/panel/cerrar', {});
    // Another session's page with this preview's token and code: the code is not its.
    const home = await visit(one.app, other, '/panel');
    const stolen = await post(one.app, other, '/panel/cerrar', { csrf: fieldOf(home.text, 'csrf'), vista: shown.token, codigo: shown.code ?? '' });
    expect(stolen.status).toBe(422);
    // Four more wrong tries, across both instances; then even the right code is refused.
    const wrong = shown.code === '111111' ? '222222' : '111111';
    for (const app of [one.app, two.app, one.app, two.app]) {
      expect((await post(app, jar, '/panel/cerrar', { csrf: shown.csrf, vista: shown.token, codigo: wrong })).status).toBe(422);
    }
    const late = await post(two.app, jar, '/panel/cerrar', { csrf: shown.csrf, vista: shown.token, codigo: shown.code ?? '' });
    expect(late.status).toBe(409);
    expect(late.text).toContain(panelChanges.code.tooMany);
    expect(one.live.latest()).toBeNull();
    for (const instance of [one, two]) expect(instance.raw.join('\n')).not.toContain(shown.code ?? 'no code');
  });
});
