// npm run build: the whole site into dist/. The builds are typed in scripts/lib/siteBuild.ts, which npm run dev
// watches too.
import { buildSite } from './scripts/lib/siteBuild.ts';

console.log(await buildSite());
