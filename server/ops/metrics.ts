import type { RequestHandler } from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Clock } from './clock';
import { saleState, type SaleState, type SaleTerms } from '../../shared/logic/sale';
import type { Spots } from '../../shared/logic/spots';
import type { LegalPageName } from '../../shared/routes';

/** The pages the server renders and keeps in memory. */
export type PageName = 'landing' | 'prompt' | LegalPageName | 'calendar';

export interface Metrics {
  registry: Registry;
  /** Counts every request once it is answered: by route, method and status, and its latency. */
  middleware: RequestHandler;
  /** A page body was rendered and compressed: for a request, or ahead of one. */
  pageRendered(page: PageName, state: SaleState | 'none'): void;
  /** A request was answered with a body already in memory, whether a request or a render ahead made it. */
  pageFromMemory(page: PageName, state: SaleState | 'none'): void;
  /** A connection was closed as it arrived: the server already had MAX_CONNECTIONS open. */
  connectionDropped(): void;
}

const SALE_STATES: SaleState[] = ['early-bird', 'normal', 'sold-out', 'closed', 'cancelled'];

/**
 * The route as a bounded label: the matched route's path, else what answered. Never the raw path, which a
 * client chooses (one label per unknown URL would grow without end).
 */
function routeLabel(route: { path?: unknown } | undefined, status: number): string {
  const path = route?.path;
  if (typeof path === 'string') return path;
  if (Array.isArray(path)) return path.join('|');
  if (status === 404) return 'not_found';
  return status < 400 ? 'static' : 'other';
}

/** Prometheus metrics for one process: requests, latency, page renders against memory hits, the sale's state (the spots add theirs: server/spots/spotsMetrics.ts). */
export interface MetricsOptions {
  clock: Clock;
  /** The sale's terms in force at an instant (server/sale/liveSale.ts). */
  sale: (nowMs: number) => SaleTerms;
  /** The Early Bird's spots as the checkout last reported them, where they are counted: they end it too. */
  currentSpots?: () => Spots | null;
  /** The normal price's checkout's places, where it has one: they end the sale too. */
  currentNormalSpots?: () => Spots | null;
}

export function createMetrics({ clock, sale, currentSpots = () => null, currentNormalSpots = () => null }: MetricsOptions): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by route, method and status.',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request to the end of its response, by route and method.',
    labelNames: ['route', 'method'] as const,
    // From an answer out of memory to one that waits for a render.
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const renders = new Counter({
    name: 'taller_page_renders_total',
    help: 'Page bodies rendered and compressed, for a request or ahead of one, by page and state of the sale.',
    labelNames: ['page', 'state'] as const,
    registers: [registry],
  });
  const memoryHits = new Counter({
    name: 'taller_page_memory_hits_total',
    help: 'Page requests answered with a body already in memory, by page and state of the sale.',
    labelNames: ['page', 'state'] as const,
    registers: [registry],
  });
  const dropped = new Counter({
    name: 'taller_connections_dropped_total',
    help: 'Connections closed as they arrived because MAX_CONNECTIONS were already open.',
    registers: [registry],
  });
  new Gauge({
    name: 'taller_sale_state',
    help: 'The state of the sale right now: 1 for the current one, 0 for the others.',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const now = clock();
      const current = saleState(now, sale(now), currentSpots(), currentNormalSpots());
      for (const state of SALE_STATES) this.set({ state }, state === current ? 1 : 0);
    },
  });

  const middleware: RequestHandler = (req, res, next) => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const route = routeLabel(req.route as { path?: unknown } | undefined, res.statusCode);
      requests.inc({ route, method: req.method, status: String(res.statusCode) });
      duration.observe({ route, method: req.method }, Number(process.hrtime.bigint() - started) / 1e9);
    });
    next();
  };

  return {
    registry,
    middleware,
    pageRendered(page, state) {
      renders.inc({ page, state });
    },
    pageFromMemory(page, state) {
      memoryHits.inc({ page, state });
    },
    connectionDropped() {
      dropped.inc();
    },
  };
}
