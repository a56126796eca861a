/**
 * The ingress's access log as docs/operations.md has it set (deploy/ingress/access-log.conf), run in Debian's nginx:
 * a buyer's personal link's token, the query of /gracias and of the seller's /panel, a session_id however spelt and a
 * Checkout Session id in the address never reach the log line; the rest of the address does.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChild } from '../../scripts/gates/rehearsal/children';
import { accepts, freePort, waitUntil } from '../../scripts/lib/harness';

let dir: string;
let port: number;
let nginx: ReturnType<typeof startChild> | undefined;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'taller-ingress-log-'));
  port = await freePort();
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
  server {
    listen 127.0.0.1:${port};
    access_log ${path.join(dir, 'access.log')} taller_redacted;
    location / { return 204; }
  }
}
`,
  );
  const output: string[] = [];
  nginx = startChild('nginx', ['-p', dir, '-e', 'stderr', '-c', path.join(dir, 'nginx.conf')], { onLine: (line) => output.push(line) });
  await waitUntil(`nginx accepting connections:\n${output.join('\n')}`, () => accepts(port), 10_000);
});
afterAll(async () => {
  nginx?.child.kill('SIGTERM');
  await nginx?.exited;
  await rm(dir, { recursive: true, force: true });
});

describe("the ingress's access log, set as the docs say", () => {
  it('holds no personal link token and no session id, however spelt, and keeps the rest of the address', async () => {
    const token = 'cs_test_a1B2c3D4e5F6g7H8.ZmFrZS1zaWduYXR1cmUtMTIz';
    const targets = [
      `/acceso/${token}`,
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
    await waitUntil('a line per request', async () => (await readFile(log, 'utf8').catch(() => '')).trim().split('\n').length >= targets.length, 5_000);
    const text = await readFile(log, 'utf8');
    expect(text).not.toMatch(/cs_(test|live)_|ZmFrZS1z|Tm9uY2VPZlRoZUxpbms|ana\.ruiz/i);
    for (const request of [
      '"GET /acceso/[redacted] HTTP/1.1"',
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
