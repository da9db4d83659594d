import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the receiver got. */
export interface ReceivedWebhook {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The status it was answered with. */
  status: number;
}

export interface WebhookReceiver {
  /** Where webhooks post to (on 127.0.0.1, which the journeys' server may call: OUTBOUND_ALLOW_HOSTS). */
  url: string;
  received: ReceivedWebhook[];
  /** The status every next request is answered with (200 at first). */
  answerWith: (status: number) => void;
  /**
   * Whether a request carries the signature a receiver checks, as the webhooks documentation tells it:
   * x-webhook-signature is `v1=` and the hex HMAC-SHA256, with the secret, of `<x-webhook-timestamp>.<body>`.
   */
  isSigned: (request: ReceivedWebhook, secret: string) => boolean;
  close: () => Promise<void>;
}

/**
 * A tiny webhook receiver the journey starts beside the identity server: it records every request and
 * answers the status the journey chose, with a short JSON body naming it.
 */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  let status = 200;
  const received: ReceivedWebhook[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const answered = status;
      received.push({
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        status: answered,
      });
      response.writeHead(answered, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ received: answered < 400, status: answered }));
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    answerWith: (next) => {
      status = next;
    },
    isSigned: (request, secret) => {
      const timestamp = request.headers['x-webhook-timestamp'];
      const expected = `v1=${createHmac('sha256', secret)
        .update(`${String(timestamp)}.${request.body}`)
        .digest('hex')}`;
      return typeof timestamp === 'string' && request.headers['x-webhook-signature'] === expected;
    },
    close: () =>
      new Promise<void>((closed) => {
        server.closeAllConnections();
        server.close(() => closed());
      }),
  };
}
