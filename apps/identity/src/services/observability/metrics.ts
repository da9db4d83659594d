import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

// Issue 16: what the server counts for Prometheus (GET /metrics). One registry per server instance, so
// the tests' many servers in one process never share counters. Labels are bounded sets (route patterns,
// method names, outcomes), never a user, an address or a token.

export interface Metrics {
  registry: Registry;
  /** Request duration by route pattern (unmatched requests share one label), method and status. */
  httpRequestDuration: Histogram<'route' | 'method' | 'status'>;
  /** Sign-in attempts by method (password, code, magic link, SSO, social, passkey…) and outcome. */
  logins: Counter<'method' | 'outcome'>;
  /** Refresh-token exchanges by outcome. */
  refreshes: Counter<'outcome'>;
  /** Rows the housekeeping jobs removed, by job. */
  housekeepingRemoved: Counter<'job'>;
  /** Database connections by state (PostgreSQL's pool; PGlite is one connection). */
  databaseConnections: Gauge<'state'>;
}

export interface MetricsOptions {
  /** Node's own figures (event-loop lag, heap, GC, CPU): off in tests, on in a server. */
  processMetrics?: boolean;
  /** The pool's figures, read when /metrics is scraped. */
  databasePool?: () => { total: number; idle: number; waiting: number } | undefined;
}

export function createMetrics(options: MetricsOptions = {}): Metrics {
  const registry = new Registry();
  if (options.processMetrics) collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const databasePool = options.databasePool;
  return {
    registry,
    httpRequestDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP requests by route pattern, method and status code',
      labelNames: ['route', 'method', 'status'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    }),
    logins: new Counter({
      name: 'identity_logins_total',
      help: 'Sign-in attempts by method and outcome',
      labelNames: ['method', 'outcome'],
      registers: [registry],
    }),
    refreshes: new Counter({
      name: 'identity_token_refreshes_total',
      help: 'Refresh-token exchanges by outcome',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    housekeepingRemoved: new Counter({
      name: 'identity_housekeeping_removed_total',
      help: 'Rows removed by the retention jobs, by job',
      labelNames: ['job'],
      registers: [registry],
    }),
    databaseConnections: new Gauge({
      name: 'identity_database_connections',
      help: 'Database pool connections by state (total, idle, waiting)',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const pool = databasePool?.();
        if (!pool) return;
        this.set({ state: 'total' }, pool.total);
        this.set({ state: 'idle' }, pool.idle);
        this.set({ state: 'waiting' }, pool.waiting);
      },
    }),
  };
}
