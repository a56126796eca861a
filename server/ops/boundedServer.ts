import { createServer, type RequestListener, type Server } from 'node:http';

/** What one listener lets a client hold: connections, and the time to send a request and to take its answer. */
export interface ServerBounds {
  /** Connections past this many are closed as they arrive ('drop' on the server). */
  maxConnections: number;
  /** How long a client may take to send a request's headers. */
  headersTimeoutMs: number;
  /** How long a client may take to send its whole request. */
  requestTimeoutMs: number;
  /** How long an idle keep-alive connection stays open. */
  keepAliveTimeoutMs: number;
  /** How long a response may take, from its request's arrival to its last byte handed to the connection. */
  responseTimeoutMs: number;
}

/** How often Node looks for connections past the header and request timeouts (its default, 30 s, lets them linger). */
const CONNECTIONS_CHECK_MS = 1_000;

/**
 * An HTTP server that no client can hold for long: Node bounds the time to receive a request, but neither the
 * number of connections nor the time to send the answer, so a client that stops reading would keep its
 * response, and the connection, for ever. Past `responseTimeoutMs` the connection is closed.
 */
export function createBoundedServer(bounds: ServerBounds, handler: RequestListener): Server {
  const server = createServer(
    {
      headersTimeout: bounds.headersTimeoutMs,
      requestTimeout: bounds.requestTimeoutMs,
      keepAliveTimeout: bounds.keepAliveTimeoutMs,
      connectionsCheckingInterval: CONNECTIONS_CHECK_MS,
    },
    handler,
  );
  server.maxConnections = bounds.maxConnections;
  server.on('request', (req, res) => {
    const deadline = setTimeout(() => req.socket.destroy(), bounds.responseTimeoutMs).unref();
    res.once('close', () => clearTimeout(deadline));
  });
  return server;
}
