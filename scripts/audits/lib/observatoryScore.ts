// The MDN HTTP Observatory's own tests and grader, applied to responses fetched here: the package's public `scan()`
// fetches a live host over the network itself, and this site runs on loopback. So this reads the package's modules,
// not its public entry: package.json pins its version exactly, and tests/observatory.test.ts fails when one of them
// is gone or grades differently.
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

/** One response as fetched, and the headers its request sent. */
export interface Fetched {
  status: number;
  statusText: string;
  headers: Record<string, string>;
  body: string;
  requestHeaders: Record<string, string>;
}

interface TestResult {
  name: string;
  pass: boolean;
  /** What the test adds to the score, or takes from it. */
  modifier: number;
  /** The test's verdict, as the Observatory names it. */
  result: string;
}

export interface Grade {
  tests: TestResult[];
  score: number;
  grade: string;
  passed: number;
  total: number;
}

/**
 * Installed with --ignore-scripts (.npmrc), the package has not downloaded the HSTS preload list (read lazily by its
 * HSTS test). We score without preloading, so an empty list stands in for it.
 */
function standInPreloadList(): void {
  const packageDir = path.dirname(createRequire(import.meta.url).resolve('@mdn/mdn-http-observatory/package.json'));
  const preloadList = path.join(packageDir, 'conf', 'hsts-preload.json');
  if (!existsSync(preloadList)) writeFileSync(preloadList, '{}');
}

/** A fetched response in the shape the Observatory's retriever gives its tests (axios's). */
const asRetrieved = (fetched: Fetched) => ({
  headers: new AxiosHeaders(fetched.headers),
  request: { headers: new AxiosHeaders(fetched.requestHeaders) },
  status: fetched.status,
  statusText: fetched.statusText,
  verified: true,
  data: fetched.body,
  config: { headers: new AxiosHeaders(fetched.requestHeaders) },
});

/**
 * Every test of the Observatory on `page` (the site's `/`) and `cors` (the same page asked for with an Origin), as
 * served at https://`host`/ behind a TLS front end that answers plain HTTP with a permanent redirect to it; then the
 * Observatory's own score and grade.
 */
export function gradeSite(host: string, page: Fetched, cors: Fetched): Grade {
  standInPreloadList();
  const requests = new Requests(host);
  requests.session = new Session(new URL(`https://${host}/`));
  const auto = asRetrieved(page);
  requests.responses.auto = auto;
  requests.responses.https = auto;
  requests.responses.http = auto;
  requests.responses.cors = asRetrieved(cors);
  requests.resources.path = page.body;
  requests.responses.auto.httpEquiv = parseHttpEquivHeaders(page.body, requests.session.url.href);
  // The TLS front end's part: plain HTTP answers with a permanent redirect to the same host over HTTPS.
  requests.responses.httpRedirects = [
    { url: new URL(`http://${host}/`), status: 301 },
    { url: new URL(`https://${host}/`), status: 200 },
  ];
  requests.responses.httpsRedirects = [{ url: new URL(`https://${host}/`), status: 200 }];

  let withExtraCredit = 100;
  let uncurved = 100;
  const tests = ALL_TESTS.map((test) => {
    const output = test(requests);
    const modifier = getScoreModifier(output.result);
    withExtraCredit += modifier;
    if (modifier < 0) uncurved += modifier;
    return { name: output.constructor.name, pass: Boolean(output.pass), modifier, result: String(output.result) };
  });
  const { grade, score } = getGradeForScore(uncurved >= MINIMUM_SCORE_FOR_EXTRA_CREDIT ? withExtraCredit : uncurved);
  return { tests, score, grade, passed: tests.filter((test) => test.pass).length, total: NUM_TESTS };
}
