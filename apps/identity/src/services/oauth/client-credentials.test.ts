import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.js';
import type { RequestMeta } from '../audit.js';
import {
  ClientAuthenticationError,
  clientCredentialsGrant,
  clientCredentialsOf,
} from './client-credentials.js';

const basic = (text: string) => `Basic ${Buffer.from(text).toString('base64')}`;

function failure(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

describe('client authentication (RFC 6749 2.3.1)', () => {
  it('form-decodes the id and secret of HTTP Basic, splitting at the first colon', () => {
    expect(clientCredentialsOf(basic('my+client%3Aone:s%C3%A9cret:with:colons'), {})).toEqual({
      method: 'client_secret_basic',
      clientId: 'my client:one',
      clientSecret: 'sécret:with:colons',
    });
  });

  it('takes unpadded base64 and extra spaces around the credentials', () => {
    const token68 = Buffer.from('id:secret!').toString('base64').replace(/=+$/, '');
    expect(clientCredentialsOf(`  basic   ${token68} `, {})).toMatchObject({
      clientId: 'id',
      clientSecret: 'secret!',
    });
  });

  it('takes client_id and client_secret from the body', () => {
    expect(clientCredentialsOf(undefined, { client_id: 'id', client_secret: 's' })).toEqual({
      method: 'client_secret_post',
      clientId: 'id',
      clientSecret: 's',
    });
    expect(clientCredentialsOf('   ', { client_id: 'id', client_secret: 's' }).method).toBe(
      'client_secret_post',
    );
  });

  it('challenges for Basic only when the client tried it or sent nothing', () => {
    const none = failure(() => clientCredentialsOf(undefined, {}));
    expect(none).toBeInstanceOf(ClientAuthenticationError);
    expect((none as ClientAuthenticationError).challenge).toBe(true);
    const bad = failure(() => clientCredentialsOf('Basic %%%', {}));
    expect((bad as ClientAuthenticationError).challenge).toBe(true);
    expect(bad.statusCode).toBe(401);
  });

  it('refuses two methods and half credentials as invalid requests', () => {
    for (const run of [
      () => clientCredentialsOf(basic('a:b'), { client_secret: 'b' }),
      () => clientCredentialsOf(basic('a:b'), { client_id: 'c' }),
      () => clientCredentialsOf(undefined, { client_id: 'a' }),
      () => clientCredentialsOf(undefined, { client_secret: 'b' }),
    ]) {
      const error = failure(run);
      expect(error).not.toBeInstanceOf(ClientAuthenticationError);
      expect(error.errorCode).toBe('ER-OAUTH-INVALID-REQUEST');
    }
  });
});

describe('the grant', () => {
  const meta: RequestMeta = { ip: '203.0.113.9', userAgent: 'client' };

  it('passes the credentials to the exchange and answers in RFC 6749 5.1 terms', async () => {
    const calls: string[][] = [];
    const apiTokens = {
      exchange: async (clientId: string, secret: string, meta: RequestMeta) => {
        calls.push([clientId, secret, meta.ip ?? '']);
        return { accessToken: 'jwt', expiresIn: 300, expires: new Date() };
      },
    };
    expect(await clientCredentialsGrant(apiTokens, basic('id:secret'), { scope: ' ' }, meta)).toEqual({
      access_token: 'jwt',
      token_type: 'Bearer',
      expires_in: 300,
    });
    expect(calls).toEqual([['id', 'secret', '203.0.113.9']]);
  });

  it('lets errors other than refused credentials through unchanged', async () => {
    const broken = new Error('database down');
    const apiTokens = { exchange: () => Promise.reject(broken) };
    await expect(clientCredentialsGrant(apiTokens, basic('id:secret'), {}, meta)).rejects.toBe(broken);
  });
});
