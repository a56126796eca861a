/**
 * A TCP pass-through to a server on this machine, for an instance run in the test's own process: what a process's
 * exit does to its connections, `cut()` does to the instance's (every connection reset, none accepted after), so that
 * an instance "exits" while its code stays loaded.
 */
import net from 'node:net';

export interface Lifeline {
  /** Where the instance connects instead of `port`. */
  port: number;
  /** A count that moves with every chunk passed either way: work on its way through. */
  activity(): number;
  cut(): Promise<void>;
}

export async function lifeline(port: number): Promise<Lifeline> {
  const sockets = new Set<net.Socket>();
  let chunks = 0;
  const server = net.createServer((client) => {
    const upstream = net.connect(port, '127.0.0.1');
    for (const socket of [client, upstream]) {
      // No Nagle: a pass-through must not hold a small write back for the next.
      socket.setNoDelay(true);
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
      socket.on('data', () => {
        chunks += 1;
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    activity: () => chunks,
    cut: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.resetAndDestroy();
        server.close(() => resolve());
      }),
  };
}
