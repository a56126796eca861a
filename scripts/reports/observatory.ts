// `npm run observatory`: the MDN HTTP Observatory's own tests and grader, applied to the built server's
// responses as they would be served behind a TLS front end at https://taller.example.com (which
// redirects plain HTTP to HTTPS). Nothing leaves the machine: the responses come from loopback.
import { existsSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ALL_TESTS, NUM_TESTS } from '@mdn/mdn-http-observatory/src/constants.js';
import { MINIMUM_SCORE_FOR_EXTRA_CREDIT } from '@mdn/mdn-http-observatory/src/grader/charts.js';
import { getGradeForScore, getScoreModifier } from '@mdn/mdn-http-observatory/src/grader/grader.js';
import { Session } from '@mdn/mdn-http-observatory/src/retriever/session.js';
import { parseHttpEquivHeaders } from '@mdn/mdn-http-observatory/src/retriever/utils.js';
import { Requests } from '@mdn/mdn-http-observatory/src/types.js';
import { AxiosHeaders } from 'axios';
import { startProductionServer } from '../lib/harness.ts';

// Installed with --ignore-scripts, the package has not downloaded the HSTS preload list (read lazily by
// its HSTS test). We score without preloading, so an empty list stands in for it.
const packageDir = path.dirname(createRequire(import.meta.url).resolve('@mdn/mdn-http-observatory/package.json'));
const preloadList = path.join(packageDir, 'conf', 'hsts-preload.json');
if (!existsSync(preloadList)) writeFileSync(preloadList, '{}');

const HOST = 'taller.example.com';
const server = await startProductionServer({ PUBLIC_URL: `https://${HOST}` });

async function response(pathname: string, headers: Record<string, string> = {}) {
  const res = await fetch(server.url + pathname, { headers, redirect: 'manual' });
  const data = await res.text();
  return {
    headers: new AxiosHeaders(Object.fromEntries(res.headers.entries())),
    request: { headers: new AxiosHeaders(headers) },
    status: res.status,
    statusText: res.statusText,
    verified: true,
    data,
    config: { headers: new AxiosHeaders(headers) },
  };
}

try {
  const requests = new Requests(HOST);
  requests.session = new Session(new URL(`https://${HOST}/`));
  requests.responses.auto = await response('/');
  requests.responses.https = requests.responses.auto;
  requests.responses.http = requests.responses.auto;
  requests.responses.cors = await response('/', { Origin: 'https://example.net' });
  const page = requests.responses.auto.data;
  requests.resources.path = page;
  requests.responses.auto.httpEquiv = parseHttpEquivHeaders(page, requests.session.url.href);
  // The TLS front end's part: plain HTTP answers with a permanent redirect to the same host over HTTPS.
  requests.responses.httpRedirects = [
    { url: new URL(`http://${HOST}/`), status: 301 },
    { url: new URL(`https://${HOST}/`), status: 200 },
  ];
  requests.responses.httpsRedirects = [{ url: new URL(`https://${HOST}/`), status: 200 }];

  let withExtraCredit = 100;
  let uncurved = 100;
  let passed = 0;
  console.log('MDN HTTP Observatory tests on / (as served behind TLS)');
  for (const test of ALL_TESTS) {
    const result = test(requests);
    const modifier = getScoreModifier(result.result);
    withExtraCredit += modifier;
    if (modifier < 0) uncurved += modifier;
    passed += result.pass ? 1 : 0;
    console.log(`  ${result.pass ? 'pass' : 'FAIL'}  ${String(modifier).padStart(3)}  ${result.constructor.name}: ${result.result}`);
  }
  const { grade, score } = getGradeForScore(uncurved >= MINIMUM_SCORE_FOR_EXTRA_CREDIT ? withExtraCredit : uncurved);
  console.log(`\nScore ${score}, grade ${grade}, ${passed}/${NUM_TESTS} tests passed`);
} finally {
  await server.stop();
}
