/**
 * SIGTERM in the middle of a send (a rolling restart while the sweep mails a buyer): the built server, as the image
 * runs it, stops its sweep at the signal and exits only once the mail on its way is sent and marked at Stripe, within
 * its drain. Cut between the SMTP server's 250 and the mark, the claim would stall, and a second copy would go once its
 * lease passed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startBuiltServer, waitUntil } from '../../scripts/lib/harness';
import { markAt, type Rig, startRig } from '../helpers/fulfilment';

const DAY = 86_400_000;
let rig: Rig;
let server: RunningServer;
let sessionId: string;
beforeAll(async () => {
  rig = await startRig();
  sessionId = rig.stripe.checkout.createSession('paid', { buyer: { name: 'Irene Solís', email: 'irene@correo.example.org' }, atMs: Date.now() - 60_000 });
  server = await startBuiltServer({ ...rig.env(), WORKSHOP_START: new Date(Date.now() + 7 * DAY).toISOString() });
});
afterAll(async () => {
  await server?.stop('SIGKILL');
  await rig?.close();
});

describe('SIGTERM while the sweep sends a mail', () => {
  it('waits for the mail on its way, marks it sent, then exits 0', async () => {
    // The SMTP server takes the message and holds its 250: the mail is on its way when the signal comes.
    const held = rig.smtp.hold();
    await waitUntil('the first sweep sending the confirmation', () => held.held() === 1);
    expect(markAt(rig, sessionId, 'confirmation').status).toBe('sending');
    server.child.kill('SIGTERM');
    // Past the delay (none here) and closed to new connections, it waits for the mail on its way.
    await waitUntil('the stop_accepting line', () => server.stdout.some((line) => line.includes('"event":"stop_accepting"')));
    expect(server.child.exitCode).toBeNull();
    held.release();
    expect((await server.exited).code).toBe(0);
    expect(markAt(rig, sessionId, 'confirmation').status).toBe('sent');
    expect(rig.smtp.received).toHaveLength(1);
    // The output's last lines may reach the pipe after the exit, and not in the order they were written: the process
    // writes its log lines without waiting for the pipe.
    const events = () => server.stdout.map((line) => JSON.parse(line) as { event?: string; outcome?: string });
    const said = () => events().filter((line) => line.event === 'mail' || line.event === 'closed');
    await waitUntil('the mail and closed lines', () => said().length >= 2);
    expect(said().map((line) => line.outcome ?? line.event)).toEqual(expect.arrayContaining(['sent', 'closed']));
    expect(said()).toHaveLength(2);
  });
});
