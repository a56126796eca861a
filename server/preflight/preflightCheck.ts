/**
 * One line of `npm run preflight`: what was checked, how it stands, and for a `fail` (or a `warn`), what to change and
 * where. A value, so the checks stay pure and the output (text or JSON) is one function of them.
 */
type CheckStatus = 'ok' | 'warn' | 'fail';

/** What each part of the launch is called in the output, in the order it is printed. */
export const AREAS = ['settings', 'stripe', 'mail', 'dates', 'links', 'meeting'] as const;
export type CheckArea = (typeof AREAS)[number];

export interface Check {
  /** Stable, for pipelines and tests: `stripe.webhook`, `mail.sample.confirmation`. */
  id: string;
  area: CheckArea;
  status: CheckStatus;
  /** What was checked, a few words: `Early Bird link: redirect`. */
  label: string;
  /** What was found, and for a `fail` or a `warn` what to change and where. Never a secret. */
  message: string;
}

type Maker = (id: string, area: CheckArea, label: string, message: string) => Check;
const make =
  (status: CheckStatus): Maker =>
  (id, area, label, message) => ({ id, area, status, label, message });

export const ok = make('ok');
export const warn = make('warn');
export const fail = make('fail');

/** Whether the launch may go: no check failed. */
export const passed = (checks: readonly Check[]): boolean => checks.every((check) => check.status !== 'fail');
