/**
 * Which refusals of a mail server mark a purchase undeliverable for good (docs/decisions/0025-which-refusal-names-the-buyer.md).
 * Pure.
 */

/** The enhanced status code of a reply (RFC 3463: `5.1.1` in `550 5.1.1 <…>: no such user`), or null when it has none. */
export function enhancedStatusOf(reply: string): string | null {
  return /^\d{3}[ -]([245]\.\d{1,3}\.\d{1,3})(?=\s|$)/.exec(reply)?.[1] ?? null;
}

/**
 * Only a permanent refusal of the recipient that names its address as the problem: a 5xx to `RCPT TO` whose enhanced
 * status is of the addressing class, 5.1.x (no such mailbox, no such domain, a malformed or moved address). Any other
 * refusal (relaying denied, a policy, a quota, a server without enhanced codes) would refuse the next buyer too: the
 * mail is tried again, and nothing is marked.
 */
export const refusesRecipient = (reply: number | null, enhanced: string | null, command: string | null): boolean =>
  command === 'RCPT TO' && reply !== null && reply >= 500 && reply < 600 && enhanced?.startsWith('5.1.') === true;

/**
 * A permanent refusal of the site itself, which the next buyer's mail would meet too: a 5xx to any step but `RCPT TO`
 * (the login, the sender, the message), or to `RCPT TO` with an enhanced status of a class about the route, the
 * system, the protocol, the content or the policy (relaying denied is 5.7.1, a daily quota 5.4.5). A refusal of the
 * recipient's mailbox (5.2.x: disabled, full) or one with no enhanced status is that buyer's alone, and tried again.
 */
export function refusesEveryone(reply: number | null, enhanced: string | null, command: string | null): boolean {
  if (reply === null || reply < 500 || reply >= 600) return false;
  if (command !== 'RCPT TO') return true;
  return enhanced !== null && !enhanced.startsWith('5.1.') && !enhanced.startsWith('5.2.');
}
