// `npm run observatory`: the MDN HTTP Observatory's own tests and grader, applied to the built server's
// responses as they would be served behind a TLS front end at https://taller.example.com (which
// redirects plain HTTP to HTTPS). Nothing leaves the machine: the responses come from loopback.
import { startProductionServer } from '../lib/harness.ts';
import { type Fetched, gradeSite } from './lib/observatoryScore.ts';

const HOST = 'taller.example.com';
const server = await startProductionServer({ PUBLIC_URL: `https://${HOST}` });

async function fetched(pathname: string, requestHeaders: Record<string, string> = {}): Promise<Fetched> {
  const res = await fetch(server.url + pathname, { headers: requestHeaders, redirect: 'manual' });
  return { status: res.status, statusText: res.statusText, headers: Object.fromEntries(res.headers.entries()), body: await res.text(), requestHeaders };
}

try {
  const { tests, score, grade, passed, total } = gradeSite(HOST, await fetched('/'), await fetched('/', { Origin: 'https://example.net' }));
  console.log('MDN HTTP Observatory tests on / (as served behind TLS)');
  for (const test of tests) console.log(`  ${test.pass ? 'pass' : 'FAIL'}  ${String(test.modifier).padStart(3)}  ${test.name}: ${test.result}`);
  console.log(`\nScore ${score}, grade ${grade}, ${passed}/${total} tests passed`);
} finally {
  await server.stop();
}
