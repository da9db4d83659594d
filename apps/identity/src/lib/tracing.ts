import { createRequire } from 'node:module';
import type { IncomingMessage } from 'node:http';
import type * as Exporter from '@opentelemetry/exporter-trace-otlp-http';
import type * as Instrumentation from '@opentelemetry/instrumentation';
import type * as Http from '@opentelemetry/instrumentation-http';
import type * as Pg from '@opentelemetry/instrumentation-pg';
import type * as Resources from '@opentelemetry/resources';
import type * as Sdk from '@opentelemetry/sdk-trace-node';
import { redactUrl } from './log-redaction.js';

// Issue 16: spans of each request (named by route in routes/observability.ts) and of each PostgreSQL
// statement, exported over OTLP/HTTP. An incoming `traceparent` continues the caller's trace (W3C
// propagation is the provider's default). URLs are recorded without their query values, as in the
// logs: reset, activation and magic-link tokens travel there.

// The SDK is loaded with require, synchronously, when tracing is on: it must patch `http` and `pg`
// before the server's own imports load them (an awaited import would let those run first), and a
// server without tracing loads none of it.
const require = createRequire(import.meta.url);

export interface Tracing {
  stop(): Promise<void>;
}

/** Liveness and readiness probes come every few seconds and say nothing about a user's request. */
const UNTRACED_PATHS = new Set(['/health', '/health/live', '/health/ready', '/metrics']);

const ratioOf = (value: string | undefined) => {
  const ratio = Number(value ?? '1');
  return Number.isFinite(ratio) && ratio >= 0 && ratio <= 1 ? ratio : 1;
};

export function startTracing(env: NodeJS.ProcessEnv): Tracing {
  const { BatchSpanProcessor, NodeTracerProvider, ParentBasedSampler, TraceIdRatioBasedSampler } =
    require('@opentelemetry/sdk-trace-node') as typeof Sdk;
  const { OTLPTraceExporter } = require('@opentelemetry/exporter-trace-otlp-http') as typeof Exporter;
  const { registerInstrumentations } = require('@opentelemetry/instrumentation') as typeof Instrumentation;
  const { HttpInstrumentation } = require('@opentelemetry/instrumentation-http') as typeof Http;
  const { PgInstrumentation } = require('@opentelemetry/instrumentation-pg') as typeof Pg;
  const { resourceFromAttributes } = require('@opentelemetry/resources') as typeof Resources;
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({
      'service.name': env.OTEL_SERVICE_NAME ?? 'brizo-identity',
      'service.version': env.npm_package_version ?? '0.1.0',
    }),
    // A caller's sampling decision holds; new traces are sampled at OTEL_TRACES_SAMPLER_ARG (all by default).
    sampler: new ParentBasedSampler({
      root: new TraceIdRatioBasedSampler(ratioOf(env.OTEL_TRACES_SAMPLER_ARG)),
    }),
    spanProcessors: [
      new BatchSpanProcessor(new OTLPTraceExporter(), {
        scheduledDelayMillis: Number(env.OTEL_BSP_SCHEDULE_DELAY ?? 5000) || 5000,
      }),
    ],
  });
  provider.register();
  const disable = registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => UNTRACED_PATHS.has((request.url ?? '').split('?')[0] ?? ''),
        requestHook: (span, request) => {
          if (!('headers' in request) || !('url' in request)) return;
          const url = redactUrl((request as IncomingMessage).url ?? '/');
          const mark = url.indexOf('?');
          span.setAttribute('http.target', url);
          if (mark !== -1) span.setAttribute('url.query', url.slice(mark + 1));
        },
      }),
      // Statement text only (its parameters are never recorded): no value a user sent reaches a span.
      // Only within a traced request: the jobs' polling would otherwise make a trace a second.
      new PgInstrumentation({ enhancedDatabaseReporting: false, requireParentSpan: true }),
    ],
  });
  return {
    async stop() {
      disable();
      await provider.shutdown();
    },
  };
}
