import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Node loads its fetch on the first call, which on a busy machine can take a good part of a short deadline: a test
 * that times calls to a stand-in makes one first, to a local server of its own.
 */
export async function warmUpFetch(): Promise<void> {
  const server = http.createServer((_req, res) => res.end());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    await (await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`)).text();
  } finally {
    server.close();
  }
}
