// Issue 16: with an OTLP endpoint configured, the server (a real process, as `npm start` runs it)
// sends a span per request, named by its route, continuing the caller's W3C trace, with no query
// value (tokens travel there) in any attribute. The collector is an OTLP/HTTP receiver in this test.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../../src/config.js';

interface Span {
  traceId: string;
  name: string;
  attributes: Array<{ key: string; value: Record<string, unknown> }>;
}
interface Export {
  resourceSpans: Array<{ scopeSpans: Array<{ spans: Span[] }> }>;
}

const received: string[] = [];
let collector: Server;
let server: ChildProcess | undefined;
let baseUrl = '';
let dataDir = '';
let serverErrors = '';

const listening = (target: Server) =>
  new Promise<number>((resolve) =>
    target.listen(0, '127.0.0.1', () => resolve((target.address() as AddressInfo).port)),
  );

async function until<T>(
  read: () => Promise<T | undefined> | T | undefined,
  what: string,
  seconds = 30,
): Promise<T> {
  for (let attempt = 0; attempt < seconds * 10; attempt++) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`gave up waiting for ${what}${serverErrors ? `; the server said: ${serverErrors}` : ''}`);
}

beforeAll(async () => {
  collector = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push(body);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  const collectorPort = await listening(collector);
  const probe = createServer();
  const port = await listening(probe);
  await new Promise((resolve) => probe.close(resolve));
  dataDir = mkdtempSync(path.join(tmpdir(), 'tracing-'));
  server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: packageRoot,
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${collectorPort}`,
      OTEL_BSP_SCHEDULE_DELAY: '100',
      OTEL_SERVICE_NAME: 'identity-under-test',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  server.stderr?.on('data', (chunk: Buffer) => (serverErrors += chunk.toString()));
  baseUrl = `http://127.0.0.1:${port}`;
  await until(
    () =>
      fetch(`${baseUrl}/health/live`).then(
        (response) => (response.ok ? true : undefined),
        () => undefined,
      ),
    'the server to start',
    110,
  );
}, 120_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  collector?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const spans = () =>
  received.flatMap((body) =>
    (JSON.parse(body) as Export).resourceSpans.flatMap((resource) =>
      resource.scopeSpans.flatMap((scope) => scope.spans),
    ),
  );

describe('OpenTelemetry tracing', () => {
  it("continues the caller's trace with a span named by the route, and records no query value", async () => {
    const traceId = '0af7651916cd43dd8448eb211c80319c';
    const response = await fetch(
      `${baseUrl}/frontegg/identity/resources/configurations/v1/public?token=secret-reset-token`,
      { headers: { traceparent: `00-${traceId}-b7ad6b7169203331-01` } },
    );
    expect(response.status).toBe(200);
    const span = await until(
      () => spans().find((item) => item.traceId === traceId),
      'the request span to be exported',
    );
    expect(span.name).toBe('GET /frontegg/identity/resources/configurations/v1/public');
    const attributes = Object.fromEntries(
      span.attributes.map((item) => [item.key, Object.values(item.value)[0]]),
    );
    expect(attributes['http.route']).toBe('/frontegg/identity/resources/configurations/v1/public');
    expect(received.join('\n')).not.toContain('secret-reset-token');
    // Probes are not traced: they would bury the requests.
    await fetch(`${baseUrl}/health/ready`);
    await fetch(`${baseUrl}/frontegg/identity/resources/configurations/v1/public`);
    await until(() => (spans().length > 1 ? true : undefined), 'a second span');
    expect(spans().some((item) => item.name.includes('/health'))).toBe(false);
  });
});
