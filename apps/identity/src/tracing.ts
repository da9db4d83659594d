// Imported by server.ts before the app (after runtime-flags.ts): OpenTelemetry has to patch `http` and
// `pg` before fastify and the pool load them. Issue 16: tracing is on only when an OTLP endpoint is
// configured (the SDK's own OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT); without
// one nothing of the SDK is loaded (lib/tracing.ts requires it only when started).
import { startTracing } from './lib/tracing.js';

const endpoint = process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
const tracing = endpoint ? startTracing(process.env) : undefined;

/** Sends the spans still buffered; the server calls it as it shuts down. */
export async function stopTracing(): Promise<void> {
  await tracing?.stop();
}
