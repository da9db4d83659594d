import { createHmac, timingSafeEqual } from 'node:crypto';

// How a delivery is signed (docs/webhooks.md tells receivers): HMAC-SHA256 with the webhook's secret
// over `<timestamp>.<body>`, sent as `x-webhook-signature: v1=<hex>` beside `x-webhook-timestamp` (unix
// seconds). Signing the timestamp with the body lets a receiver refuse an old request replayed.

export const SIGNATURE_VERSION = 'v1';
export const USER_AGENT = 'Brizo-Access-Webhooks/1.0';
/** What receivers are told to accept between the timestamp and their own clock. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export const signatureOf = (secret: string, timestamp: number, body: string): string =>
  `${SIGNATURE_VERSION}=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;

/** The headers of one delivery attempt (the secret itself is never among them). */
export function deliveryHeaders(delivery: {
  deliveryId: string;
  eventKey: string;
  timestamp: number;
  body: string;
  secret: string | null;
}): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': USER_AGENT,
    'x-webhook-id': delivery.deliveryId,
    'x-webhook-event': delivery.eventKey,
    'x-webhook-timestamp': String(delivery.timestamp),
    ...(delivery.secret !== null && {
      'x-webhook-signature': signatureOf(delivery.secret, delivery.timestamp, delivery.body),
    }),
  };
}

/**
 * What a receiver does (and the tests' receiver): the signature matches the body and timestamp, and the
 * timestamp is within the tolerance of `nowSeconds`.
 */
export function verifySignature(check: {
  secret: string;
  body: string;
  timestamp: string | undefined;
  signature: string | undefined;
  nowSeconds: number;
  toleranceSeconds?: number;
}): boolean {
  const timestamp = Number(check.timestamp);
  if (!check.signature || !Number.isInteger(timestamp)) return false;
  if (Math.abs(check.nowSeconds - timestamp) > (check.toleranceSeconds ?? SIGNATURE_TOLERANCE_SECONDS))
    return false;
  const expected = Buffer.from(signatureOf(check.secret, timestamp, check.body));
  const given = Buffer.from(check.signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
