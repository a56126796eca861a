/**
 * Which refusals of a mail server mark a purchase undeliverable, which stop the sweep's sending for every buyer, and
 * which are one buyer's for now (docs/decisions/0025-which-refusal-names-the-buyer.md): read from the reply's enhanced
 * status code (RFC 3463), never from its text.
 */
import { describe, expect, it } from 'vitest';
import { enhancedStatusOf, refusesEveryone, refusesRecipient } from '../../server/fulfilment/mail/smtpRefusal';

const read = (reply: string, command: string) => {
  const code = Number(reply.slice(0, 3));
  const enhanced = enhancedStatusOf(reply);
  return { recipient: refusesRecipient(code, enhanced, command), everyone: refusesEveryone(code, enhanced, command) };
};

describe('a mail server’s refusal', () => {
  it.each([
    ['550 5.1.1 <ana@correo.example.org>: Recipient address rejected: User unknown', 'RCPT TO'],
    ['550 5.1.2 Host unknown', 'RCPT TO'],
    ['553 5.1.3 Bad recipient address syntax', 'RCPT TO'],
    ['551 5.1.6 Mailbox has moved', 'RCPT TO'],
  ])('naming the address (%s) marks the purchase undeliverable', (reply, command) => {
    expect(read(reply, command)).toEqual({ recipient: true, everyone: false });
  });

  it.each([
    ['554 5.7.1 <ana@correo.example.org>: Relay access denied', 'RCPT TO'],
    ['550 5.4.5 Daily user sending limit exceeded', 'RCPT TO'],
    ['550 5.7.1 Message rejected by policy', 'DATA'],
    ['535 5.7.8 Authentication credentials invalid', 'AUTH PLAIN'],
    ['535 Authentication failed', 'AUTH LOGIN'],
    ['553 Sender address rejected', 'MAIL FROM'],
  ])('of the site itself (%s) stops the sending for everyone, and marks nothing', (reply, command) => {
    expect(read(reply, command)).toEqual({ recipient: false, everyone: true });
  });

  it.each([
    ['552 5.2.2 Mailbox full', 'RCPT TO'],
    ['550 5.2.1 Mailbox disabled', 'RCPT TO'],
    ['550 No such user here', 'RCPT TO'],
    ['451 4.3.0 Try again later', 'RCPT TO'],
    ['421 4.7.0 Too many connections', 'MAIL FROM'],
  ])('of one mailbox, or saying nothing of whose fault (%s), is that buyer’s, tried again', (reply, command) => {
    expect(read(reply, command)).toEqual({ recipient: false, everyone: false });
  });

  it('reads the enhanced status only where RFC 3463 puts it, after the code', () => {
    expect(enhancedStatusOf('250-5.1.1 ok')).toBe('5.1.1');
    expect(enhancedStatusOf('550 User 5.1.1 unknown')).toBeNull();
    expect(enhancedStatusOf('550 5.1.1')).toBe('5.1.1');
    expect(enhancedStatusOf('550 5.1.10 No MX')).toBe('5.1.10');
  });
});
