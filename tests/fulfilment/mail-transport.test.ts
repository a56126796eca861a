/**
 * The mail transport against a real SMTP server that offers no STARTTLS, as one whose STARTTLS an attacker on the way
 * has stripped looks: reached at this machine's own network address, plain smtp:// must refuse to log in or send;
 * reached on loopback (a relay beside the site), it sends.
 */
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpStandIn, startSmtpStandIn } from '../../scripts/lib/smtpStandIn';
import { TEST_START_MS, testApp } from '../helpers/testApp';
import { deliver, markAt, type Rig, signed, startRig } from '../helpers/fulfilment';
import { WARN } from '../helpers/logs';

/** An address of this machine that is not loopback: where a mail server on the network would be. */
function networkAddress(): string {
  const address = Object.values(networkInterfaces())
    .flat()
    .find((entry) => entry?.family === 'IPv4' && !entry.internal)?.address;
  if (!address) throw new Error('this test needs a network interface besides loopback (an IPv4 address), to reach a mail server that is not on loopback');
  return address;
}

let rig: Rig;
let stripped: SmtpStandIn;
beforeAll(async () => {
  rig = await startRig();
  stripped = await startSmtpStandIn({ host: networkAddress() });
});
afterAll(async () => {
  await stripped.close();
  await rig.close();
});

describe('smtp:// to another machine', () => {
  it('requires STARTTLS: with it stripped, no login (the password never travels), no mail, a warn line, and the next turn tries again', async () => {
    const now = TEST_START_MS - 86_400_000 * 3;
    const { app, logs } = testApp({ now, env: { ...rig.env(), SMTP_URL: stripped.url() } });
    const sessionId = rig.stripe.checkout.createSession('paid', { atMs: now });
    expect((await deliver(app, signed(rig, 'checkout.session.completed', sessionId, now))).status).toBe(503);
    expect(stripped.logins).toBe(0);
    expect(stripped.received).toHaveLength(0);
    expect(logs.find((line) => line.event === 'mail')).toMatchObject({ level: WARN, outcome: 'mail_failed', cause: 'smtp ETLS reply 500 to STARTTLS' });
    expect(markAt(rig, sessionId, 'confirmation').status).toBe('failed');
  });

  it('to this machine (a relay beside the site), plain SMTP still sends', async () => {
    const now = TEST_START_MS - 86_400_000 * 3;
    const { app } = testApp({ now, env: rig.env() });
    const sessionId = rig.stripe.checkout.createSession('paid', { atMs: now });
    expect((await deliver(app, signed(rig, 'checkout.session.completed', sessionId, now))).status).toBe(200);
    expect(rig.smtp.logins).toBe(1);
    expect(rig.smtp.received).toHaveLength(1);
  });
});
