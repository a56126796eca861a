// Lighthouse's trace processing (lighthouse/core/lib/tracehouse), which lib/mainThread.ts reads, held to what the
// report relies on: a real trace of a page in Debian's Chromium, reduced to the main thread's figures. It fails when
// those modules are gone (the import fails) or no longer find the page's tasks. Run by `npm test` here, which
// scripts/prepare-audits.ts runs before every report.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { mainThreadFigures, traceLoad } from '../lib/mainThread.ts';

/** A painted heading, then a script that keeps the main thread busy for this long. */
const SCRIPT_MS = 30;
const PAGE = `<!doctype html><html lang="en"><title>t</title><h1>Painted</h1>
<script>const end = performance.now() + ${SCRIPT_MS}; while (performance.now() < end) {}</script></html>`;

describe("Lighthouse's trace processing, on a real trace", () => {
  const server = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(PAGE));
  let url = '';
  before(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  after(() => server.close());

  it("finds the page's first paint and its script's task", async () => {
    const figures = mainThreadFigures(await traceLoad(url, 2000), url);
    assert.ok(figures.firstPaint > 0, `first paint at ${figures.firstPaint} ms`);
    const script = figures.tasks.find((task) => task.duration >= SCRIPT_MS);
    assert.ok(script, `no task of ${SCRIPT_MS} ms among ${JSON.stringify(figures.tasks)}`);
    // Its CPU time is less than its wall time as much as the machine is busy: that there is some is what holds.
    assert.ok(figures.groups.scriptEvaluation > 0, 'no CPU time counted as script evaluation');
    assert.ok(figures.settled, 'the page was still busy at the end of the recording');
  });
});
