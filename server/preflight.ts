import { parseArgs } from 'node:util';
import { preflightJson, preflightText } from './preflight/preflightOutput';
import { passed } from './preflight/preflightCheck';
import { ownerTime } from './preflight/launchChecks';
import { preflightFromEnvironment } from './preflight/runPreflight';

/**
 * `npm run preflight` (docs/operations.md, "Before the launch"): reads everything the sale depends on, with the same
 * environment as `npm start`, writes nothing anywhere but the sample mails to CONTACT_EMAIL, prints one line per check
 * (`--json`: the same as JSON) and exits 1 if any check failed.
 */
async function main(): Promise<void> {
  let values: { json?: boolean; 'no-samples'?: boolean };
  try {
    ({ values } = parseArgs({ options: { json: { type: 'boolean' }, 'no-samples': { type: 'boolean' } } }));
  } catch (error) {
    process.stderr.write(`preflight: ${error instanceof Error ? error.message : String(error)}; it takes --json and --no-samples\n`);
    process.exitCode = 1;
    return;
  }
  const nowMs = Date.now();
  const { checks, publicUrl } = await preflightFromEnvironment(process.env, { nowMs, samples: !values['no-samples'] });
  const heading = `Preflight of ${publicUrl ?? 'the site'}, ${ownerTime(nowMs)}`;
  process.stdout.write(values.json ? preflightJson(checks) : preflightText(checks, heading));
  process.exitCode = passed(checks) ? 0 : 1;
}

await main();
