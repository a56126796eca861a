/**
 * The product's smallest shape, the built server alone (as `npm start` and one container run it): its own timer
 * sweeps the Payment Link's purchases, so a purchase no webhook ever announced gets its confirmation, and a reminder
 * whose moment has just passed goes too, with nothing else running (docs/decisions/0016-a-sweep-on-every-instance.md).
 */
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startBuiltServer, waitUntil } from '../../scripts/lib/harness';
import { confirmation } from '../../shared/content/confirmationMailWords';
import { reminderMails } from '../../shared/content/reminderMailWords';
import { type Rig, startRig } from '../helpers/fulfilment';

let rig: Rig;
let server: RunningServer;
const DAY = 86_400_000;
beforeAll(async () => {
  rig = await startRig();
  rig.stripe.checkout.createSession('paid', { buyer: { name: 'Irene Solís', email: 'irene@correo.example.org' }, atMs: Date.now() - 3_600_000 });
  // The day-before reminder's moment passed two minutes ago.
  server = await startBuiltServer({ ...rig.env(), WORKSHOP_START: new Date(Date.now() + DAY - 120_000).toISOString() });
});
afterAll(async () => {
  await server?.stop();
  await rig?.close();
});

describe('npm start alone', () => {
  it('sends the confirmation no webhook announced, and the reminder just due, from its first sweep, once', async () => {
    // The first sweep comes within five seconds of the start; each mail's line follows its mark at Stripe.
    const sweepLines = () => server.stdout.filter((line) => line.includes('"event":"mail"') && line.includes('"via":"sweep"'));
    await waitUntil('the first sweep sent and logged both mails', () => rig.smtp.received.length >= 2 && sweepLines().length >= 2);
    const subjects = (await Promise.all(rig.smtp.received.map((mail) => simpleParser(mail.raw)))).map((mail) => mail.subject);
    expect(subjects).toEqual([confirmation.subject, reminderMails.dayBefore.subject]);
    expect(sweepLines()).toHaveLength(2);
  });
});
