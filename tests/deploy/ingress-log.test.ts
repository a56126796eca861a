/**
 * The ingress's logs as docs/operations.md has them set (deploy/ingress/access-log.conf, and the error log's level), run
 * in Debian's nginx: a buyer's personal link's token and a refund's confirmation code, the query of /gracias and of the
 * seller's /panel, a session_id however spelt and a Checkout Session id in the address never reach the access log's
 * line (the rest of the address does), nor the error log when the cache behind fails.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChild } from '../../scripts/gates/rehearsal/children';
import { accepts, freePort, waitUntil } from '../../scripts/lib/harness';

/**
 * The error log's level as docs/operations.md sets it for ingress-nginx (its ConfigMap's error-log-level), or nginx's
 * own default where it sets none. nginx writes a request's whole line into every message about that request.
 */
const ERROR_LOG_LEVEL = /error-log-level: "?(\w+)"?/.exec(readFileSync('docs/operations.md', 'utf8'))?.[1] ?? 'error';

let dir: string;
let port: number;
/** An ingress whose cache behind it is down. */
let failing: number;
let nginx: ReturnType<typeof startChild> | undefined;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'taller-ingress-log-'));
  port = await freePort();
  // Where the cache would be: nothing listens, so each request nginx passes there fails as a cache that is down does.
  const nowhere = await freePort();
  failing = await freePort();
  const temp = (kind: string): string => `${kind}_temp_path ${path.join(dir, kind)};`;
  await writeFile(
    path.join(dir, 'nginx.conf'),
    `daemon off;
pid ${path.join(dir, 'nginx.pid')};
error_log stderr warn;
events { worker_connections 64; }
http {
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
  include ${path.resolve('deploy/ingress/access-log.conf')};
  error_log ${path.join(dir, 'error.log')} ${ERROR_LOG_LEVEL};
  server {
    listen 127.0.0.1:${port};
    access_log ${path.join(dir, 'access.log')} taller_redacted;
    location / { return 204; }
  }
  server {
    listen 127.0.0.1:${failing};
    access_log ${path.join(dir, 'access.log')} taller_redacted;
    location / { proxy_pass http://127.0.0.1:${nowhere}; }
  }
}
`,
  );
  const output: string[] = [];
  nginx = startChild('nginx', ['-p', dir, '-e', 'stderr', '-c', path.join(dir, 'nginx.conf')], { onLine: (line) => output.push(line) });
  await waitUntil('nginx accepting connections', () => accepts(port)).catch((error: Error) => {
    throw new Error(`${error.message}; nginx said:\n${output.join('\n')}`);
  });
});
afterAll(async () => {
  nginx?.child.kill('SIGTERM');
  await nginx?.exited;
  await rm(dir, { recursive: true, force: true });
});

describe("the ingress's access log, set as the docs say", () => {
  it("holds no personal link token, no refund's confirmation code and no session id, however spelt, and keeps the rest of the address", async () => {
    const token = 'cs_test_a1B2c3D4e5F6g7H8.ZmFrZS1zaWduYXR1cmUtMTIz';
    const targets = [
      `/acceso/${token}`,
      `/acceso/${token}/reembolso/mzk1x2.Q29kZS1zaWduYXR1cmUtNDU2`,
      `/Acceso/${token}/invitacion.ics?x=1`,
      '/gracias?session_id=cs_live_Z9y8X7w6V5u4',
      '/gracias/invitacion.ics?session%5Fid=cs_test_Q1w2E3r4T5y6',
      '/?utm_source=ig&Session_Id=cs_test_R7t8Y9u0I1o2&utm_medium=story',
      '/cs_test_P0o9I8u7Y6t5',
      '/prompt1?utm_campaign=lanzamiento',
      '/panel/entrar?enlace=Tm9uY2VPZlRoZUxpbms.1759114860.c2lnbmF0dXJl',
      '/Panel?buscar=ana.ruiz%40correo.example.org',
    ];
    for (const target of targets) await fetch(`http://127.0.0.1:${port}${target}`);
    const log = path.join(dir, 'access.log');
    await waitUntil('a line per request', async () => (await readFile(log, 'utf8').catch(() => '')).trim().split('\n').length >= targets.length);
    const text = await readFile(log, 'utf8');
    expect(text).not.toMatch(/cs_(test|live)_|ZmFrZS1z|Q29kZS1z|mzk1x2|Tm9uY2VPZlRoZUxpbms|ana\.ruiz/i);
    for (const request of [
      '"GET /acceso/[redacted] HTTP/1.1"',
      '"GET /acceso/[redacted]/reembolso/[redacted] HTTP/1.1"',
      '"GET /acceso/[redacted]/invitacion.ics?[redacted] HTTP/1.1"',
      '"GET /gracias?[redacted] HTTP/1.1"',
      '"GET /gracias/invitacion.ics?[redacted] HTTP/1.1"',
      '"GET /?utm_source=ig&Session_Id=[redacted]&utm_medium=story HTTP/1.1"',
      '"GET /[redacted] HTTP/1.1"',
      '"GET /prompt1?utm_campaign=lanzamiento HTTP/1.1"',
      '"GET /panel/entrar?[redacted] HTTP/1.1"',
      '"GET /Panel?[redacted] HTTP/1.1"',
    ])
      expect(text).toContain(request);
  });
});

describe("the ingress's error log, at the level the docs set", () => {
  it("holds no token and no session id when the cache behind it fails a buyer's request", async () => {
    const token = 'cs_test_e1R2r3O4r5L6o7G8.RXJyb3ItbG9nLXRva2Vu';
    const statuses: number[] = [];
    for (const target of [`/acceso/${token}`, `/acceso/${token}/reembolso`, `/gracias?session_id=${token}`])
      statuses.push((await fetch(`http://127.0.0.1:${failing}${target}`)).status);
    expect(statuses).toEqual([502, 502, 502]);
    const log = path.join(dir, 'access.log');
    // nginx logs a request once it has answered it: the error, written before the answer, is in its log by then.
    await waitUntil('the three failures in the access log', async () => (await readFile(log, 'utf8').catch(() => '')).split(' 502 ').length > 3);
    expect(await readFile(path.join(dir, 'error.log'), 'utf8').catch(() => '')).not.toMatch(/cs_(test|live)_|RXJyb3It/);
    // What the error log no longer says, the access log does: where each went, and that nothing answered there.
    expect(await readFile(log, 'utf8')).toMatch(/"GET \/acceso\/\[redacted\]\/reembolso HTTP\/1\.1" 502 \d+ "[^"]*" [\d.]+ 127\.0\.0\.1:\d+ 502/);
  });

  it('is set as the format the docs give ingress-nginx, word for word', () => {
    const shipped = /log_format taller_redacted '([^']+)';/.exec(readFileSync('deploy/ingress/access-log.conf', 'utf8'))?.[1];
    const documented = /log-format-upstream: '([^']+)'/.exec(readFileSync('docs/operations.md', 'utf8'))?.[1];
    expect(shipped).toBeDefined();
    expect(documented).toBe(shipped);
  });
});
