// lighthouse.mjs's path to the harness, in the shape it was written for (its `stderr()`), until it moves to
// scripts/reports/ and imports lib/harness.ts itself.
import { startProductionServer } from './harness.ts';

export async function startBuiltServer(env, options) {
  const server = await startProductionServer(env, options);
  return { ...server, stderr: () => server.stderr.join('\n') };
}
