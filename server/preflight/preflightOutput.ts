import { AREAS, type Check, type CheckArea, passed } from './preflightCheck';

const TITLES: Record<CheckArea, string> = {
  settings: 'Settings',
  stripe: 'Stripe',
  mail: "The buyers' mail",
  dates: 'Dates',
  links: 'Links and secrets',
  meeting: 'The meeting',
};

const counts = (checks: readonly Check[]) => ({
  ok: checks.filter((check) => check.status === 'ok').length,
  warn: checks.filter((check) => check.status === 'warn').length,
  fail: checks.filter((check) => check.status === 'fail').length,
});

/**
 * What an owner reads at a terminal: a heading per part of the launch, then one line per check, the status and the
 * label in aligned columns, and a last line that says whether the launch may go.
 */
export function preflightText(checks: readonly Check[], heading: string): string {
  const width = Math.max(...checks.map((check) => check.label.length));
  const lines = [heading, ''];
  for (const area of AREAS) {
    const inArea = checks.filter((check) => check.area === area);
    if (inArea.length === 0) continue;
    lines.push(TITLES[area]);
    for (const check of inArea) lines.push(`  ${check.status.padEnd(4)}  ${check.label.padEnd(width)}  ${check.message}`);
    lines.push('');
  }
  const { ok, warn, fail } = counts(checks);
  const tally = `${fail} fail, ${warn} warn, ${ok} ok`;
  lines.push(
    passed(checks)
      ? `Ready: ${tally}. Read each warn, and the sample mails in the inbox.`
      : `Not ready: ${tally}. Change what each fail says, then run npm run preflight again.`,
  );
  return `${lines.join('\n')}\n`;
}

/** The same for a pipeline. */
export const preflightJson = (checks: readonly Check[]): string => `${JSON.stringify({ passed: passed(checks), counts: counts(checks), checks }, null, 2)}\n`;
