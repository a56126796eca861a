/**
 * The user name the project's own SMTP server (scripts/lib/smtpStandIn.ts: tests, `npm run dev:stripe`) logs in
 * with: how production recognises, and refuses, an SMTP_URL that points at it.
 */
export const SMTP_STAND_IN_USER = 'taller-stand-in';
