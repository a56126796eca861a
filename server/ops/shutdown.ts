import type { Server, ServerResponse } from 'node:http';
import type { Logger } from './logger';

export interface LameDuckOptions {
  logger: Logger;
  /** After SIGTERM, how long the server keeps serving while /healthz answers 503. */
  delayMs: number;
  /** After the delay, how long requests in flight get before the process exits anyway, with 1. */
  drainMs: number;
  /**
   * Work of the process's own to end at the signal (the sweep: no purchase begun after it), awaited with the requests
   * in flight, within the same drain: a mail on its way is sent and marked before the exit.
   */
  windDown?: () => Promise<void>;
}

export interface LameDuck {
  /** True from the signal on: the health check reads it. */
  isDraining(): boolean;
  /** Manages the server's shutdown on SIGTERM (after the delay) and SIGINT (at once). */
  handleSignals(server: Server): void;
}

/**
 * A balancer keeps sending traffic to an instance until its health probes see it fail. So on SIGTERM
 * the instance first reports unhealthy while serving as before (the lame duck), and stops accepting
 * only once the balancer has had time to notice: no request is refused on the way. SIGINT is a
 * developer's Ctrl-C, with no balancer to wait for.
 */
export function lameDuck({ logger, delayMs, drainMs, windDown }: LameDuckOptions): LameDuck {
  let draining = false;
  let closing = false;
  let wound: Promise<void> = Promise.resolve();
  /** Responses not yet closed: those still being prepared at the stop must close their connection too. */
  const answering = new Set<ServerResponse>();

  const handleSignals = (server: Server): void => {
    // Once closing, every response ends its connection, so a client that keeps a keep-alive connection
    // busy cannot hold the process open. Prepended: Express may answer before a later listener runs.
    server.prependListener('request', (_req, res) => {
      if (closing) res.setHeader('Connection', 'close');
      answering.add(res);
      res.once('close', () => answering.delete(res));
    });

    let delayTimer: NodeJS.Timeout | undefined;
    const stopAccepting = (): void => {
      if (closing) return;
      closing = true;
      clearTimeout(delayTimer);
      const stoppedAt = Date.now();
      logger.info({ event: 'stop_accepting' }, 'no new connections, finishing requests in flight');
      for (const res of answering) if (!res.headersSent) res.setHeader('Connection', 'close');
      server.close((error) => {
        void wound.then(() => {
          logger.info({ event: 'closed', drainMs: Date.now() - stoppedAt }, 'server closed');
          process.exit(error ? 1 : 0);
        });
      });
      server.closeIdleConnections();
      setTimeout(() => {
        logger.error({ event: 'forced_exit' }, 'requests or a mail still on its way after the drain');
        process.exit(1);
      }, drainMs).unref();
    };

    const onSignal = (signal: NodeJS.Signals): void => {
      const delay = signal === 'SIGTERM' ? delayMs : 0;
      if (draining) {
        // A second signal during the delay: Ctrl-C cuts it short; another SIGTERM changes nothing.
        if (delay === 0) stopAccepting();
        return;
      }
      draining = true;
      wound = windDown?.().catch(() => undefined) ?? wound;
      logger.info({ event: 'shutdown', signal, delayMs: delay, drainMs }, 'draining: /healthz answers 503, still serving until the delay ends');
      if (delay === 0) stopAccepting();
      else delayTimer = setTimeout(stopAccepting, delay);
    };
    process.on('SIGTERM', onSignal);
    process.on('SIGINT', onSignal);
  };

  return { isDraining: () => draining, handleSignals };
}
