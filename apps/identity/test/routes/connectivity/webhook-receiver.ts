import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifySignature } from '../../../src/services/connectivity/signing.js';

// A webhook receiver in the test process (issue 14): records every request and checks its signature as
// docs/webhooks.md tells receivers to, against the secret the test registered.

export interface ReceivedRequest {
  path: string;
  headers: Record<string, string>;
  body: string;
  /** The signature matched the secret, body and timestamp (null: no secret to check against). */
  verified: boolean | null;
}

/** What the receiver answers; a test swaps it (a failure, a redirect, a stall). */
export type Responder = (request: ReceivedRequest, response: ServerResponse) => void;

export interface WebhookReceiver {
  /** http://127.0.0.1:<port> */
  origin: string;
  host: string;
  received: ReceivedRequest[];
  /** The secret deliveries to `path` are signed with. */
  expectSecret(path: string, secret: string): void;
  respond(responder: Responder): void;
  /** Requests to `path`, their JSON bodies parsed. */
  to(path: string): Array<ReceivedRequest & { json: Record<string, unknown> }>;
  close(): Promise<void>;
}

const ok: Responder = (_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
};

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** `clock`: the receiver's idea of now, for the timestamp tolerance (the server's test clock). */
export async function startWebhookReceiver(clock: () => Date = () => new Date()): Promise<WebhookReceiver> {
  const received: ReceivedRequest[] = [];
  const secrets = new Map<string, string>();
  let responder = ok;
  const server = createServer((request, response) => {
    void readBody(request).then((body) => {
      const path = request.url ?? '/';
      const headers = Object.fromEntries(
        Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
      );
      const secret = secrets.get(path);
      const entry: ReceivedRequest = {
        path,
        headers,
        body,
        verified:
          secret === undefined
            ? null
            : verifySignature({
                secret,
                body,
                timestamp: headers['x-webhook-timestamp'],
                signature: headers['x-webhook-signature'],
                nowSeconds: Math.floor(clock().getTime() / 1000),
              }),
      };
      received.push(entry);
      responder(entry, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    received,
    expectSecret: (path, secret) => secrets.set(path, secret),
    respond: (next) => {
      responder = next;
    },
    to: (path) =>
      received
        .filter((entry) => entry.path === path)
        .map((entry) => ({ ...entry, json: JSON.parse(entry.body) as Record<string, unknown> })),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const answerWith =
  (status: number, body = '', headers: Record<string, string> = {}): Responder =>
  (_request, response) => {
    response.writeHead(status, headers).end(body);
  };
