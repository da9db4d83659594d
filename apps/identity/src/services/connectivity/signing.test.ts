import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deliveryHeaders, signatureOf, verifySignature } from './signing.js';

describe('webhook signatures (issue 14)', () => {
  const secret = 'a-secret-of-32-characters-------';
  const body = '{"eventKey":"auth.loginSucceeded"}';

  it('is v1= and the hex HMAC-SHA256 of "<timestamp>.<body>", as docs/webhooks.md says', () => {
    const hex = createHmac('sha256', secret).update(`1700000000.${body}`).digest('hex');
    expect(signatureOf(secret, 1700000000, body)).toBe(`v1=${hex}`);
  });

  it('is verified within the tolerance only, and not for another body or secret', () => {
    const headers = deliveryHeaders({ deliveryId: 'd', eventKey: 'k', timestamp: 1700000000, body, secret });
    const check = {
      secret,
      body,
      timestamp: headers['x-webhook-timestamp'],
      signature: headers['x-webhook-signature'],
      nowSeconds: 1700000100,
    };
    expect(verifySignature(check)).toBe(true);
    expect(verifySignature({ ...check, nowSeconds: 1700000000 + 301 })).toBe(false);
    expect(verifySignature({ ...check, body: `${body} ` })).toBe(false);
    expect(verifySignature({ ...check, secret: `${secret}x` })).toBe(false);
    expect(verifySignature({ ...check, signature: undefined })).toBe(false);
  });

  it('sends no signature without a secret, and never the secret', () => {
    const unsigned = deliveryHeaders({ deliveryId: 'd', eventKey: 'k', timestamp: 1, body, secret: null });
    expect(unsigned['x-webhook-signature']).toBeUndefined();
    const signed = deliveryHeaders({ deliveryId: 'd', eventKey: 'k', timestamp: 1, body, secret });
    expect(Object.values(signed).join(' ')).not.toContain(secret);
  });
});
