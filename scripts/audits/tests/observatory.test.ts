// The Observatory's modules that lib/observatoryScore.ts reads, held to what the report relies on: each test fails
// when one of them is gone (the import fails) or grades otherwise. Run by `npm test` here, which
// scripts/prepare-audits.ts runs before every report.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Fetched, gradeSite } from '../lib/observatoryScore.ts';

const HOST = 'taller.example.com';
const page = (headers: Record<string, string>): Fetched => ({
  status: 200,
  statusText: 'OK',
  headers: { 'content-type': 'text/html; charset=utf-8', ...headers },
  body: '<!doctype html><html lang="es"><title>Taller</title><p>Hola</p></html>',
  requestHeaders: {},
});
/** The kind of policy the site sends: nothing by default, no framing, no referrer, same-origin resources. */
const STRICT = {
  'content-security-policy': "default-src 'none'; img-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  'strict-transport-security': 'max-age=63072000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
};

describe("the MDN HTTP Observatory's tests and grader", () => {
  it('give a strict page every test and A+ with extra credit', () => {
    const { grade, score, passed, total, tests } = gradeSite(HOST, page(STRICT), page(STRICT));
    assert.deepEqual({ grade, score, passed, total }, { grade: 'A+', score: 130, passed: 10, total: 10 });
    assert.equal(tests.find((test) => test.name === 'content-security-policy')?.result, 'csp-implemented-with-no-unsafe-default-src-none');
  });

  it('fail a bare page on each missing header, and grade it D', () => {
    const { grade, score, tests } = gradeSite(HOST, page({}), page({}));
    assert.deepEqual(
      tests.filter((test) => !test.pass).map((test) => test.name),
      ['content-security-policy', 'strict-transport-security', 'x-content-type-options', 'x-frame-options'],
    );
    assert.deepEqual({ grade, score }, { grade: 'D', score: 30 });
  });
});
