// npm run build: the whole site into dist/. The builds are typed in scripts/lib/siteBuild.ts, which npm run dev
// watches too. `npm run build -- --previous <dist>`: the previous release's build, whose chunks this one carries
// (docs/decisions/0010-previous-release-chunks.md; the Dockerfile passes the running release's).
import { parseArgs } from 'node:util';
import { BuildRefused, buildSite } from './scripts/lib/siteBuild.ts';

const { values } = parseArgs({ options: { previous: { type: 'string' } } });
try {
  console.log(await buildSite('dist', { previous: values.previous }));
} catch (error) {
  if (!(error instanceof BuildRefused)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
