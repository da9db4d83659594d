import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { listAuditLogsByEmail } from '../../../src/db/queries/audit-logs.js';
import { upsertOAuthClient } from '../../../src/db/queries/oauth.js';
import { AUTHORIZATION_CODE_TTL_SECONDS } from '../../../src/services/oauth/authorization-server.js';
import { expectErrorShape, useTestServer } from '../../harness.js';
import {
  authorize,
  auditRows,
  authorizeQuery,
  CALLBACK,
  codeFor,
  COOKIE,
  OAUTH,
  pkcePair,
  signedInUser,
  token,
} from '../../oauth-helpers.js';

const server = useTestServer();

describe('GET /oauth/authorize', () => {
  it('sends a visitor without a session to the login box, which comes back to this request', async () => {
    const query = authorizeQuery();
    const response = await authorize(server(), query);
    expect(response.statusCode).toBe(302);
    const location = new URL(String(response.headers.location), 'http://identity.test');
    expect(location.pathname).toBe('/account/login');
    expect(location.searchParams.get('redirectUrl')).toBe(`${OAUTH}/authorize?${query}`);
  });

  it('redirects a signed-in user to the exact redirect_uri with a code and the state', async () => {
    const { location, user } = await codeFor(server());
    expect(`${location.origin}${location.pathname}`).toBe(CALLBACK);
    expect(location.searchParams.get('state')).toBe('af0ifjsldkj');
    expect(location.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const audit = await listAuditLogsByEmail(server().db, user.email);
    expect(audit.map((entry) => entry.action)).toContain('OAuth authorization code issued');
  });

  it('shows the login box again with prompt=login, even with a session', async () => {
    const { cookie } = await signedInUser(server());
    const response = await authorize(server(), authorizeQuery({ prompt: 'login' }), cookie);
    expect(String(response.headers.location)).toMatch(/^\/account\/login\?redirectUrl=/);
    expect(String(response.headers.location)).not.toContain('prompt');
  });

  it('treats a rotated (old) refresh cookie as no session', async () => {
    const { cookie } = await signedInUser(server());
    await server().app.inject({
      method: 'POST',
      url: '/frontegg/identity/resources/auth/v1/user/token/refresh',
      payload: {},
      cookies: { [COOKIE]: cookie },
    });
    const response = await authorize(server(), authorizeQuery(), cookie);
    expect(String(response.headers.location)).toMatch(/^\/account\/login\?/);
  });

  describe('PKCE', () => {
    it('requires a code_challenge', async () => {
      const body = expectErrorShape(
        await authorize(server(), authorizeQuery({ code_challenge: undefined })),
        400,
      );
      expect(body.errorCode).toBe('ER-OAUTH-PKCE-REQUIRED');
    });

    it('rejects code_challenge_method=plain', async () => {
      const { verifier } = pkcePair(43);
      const response = await authorize(
        server(),
        authorizeQuery({ code_challenge: verifier, code_challenge_method: 'plain' }),
      );
      expect(expectErrorShape(response, 400).errorCode).toBe('ER-OAUTH-PKCE-REQUIRED');
    });

    it('rejects a missing code_challenge_method (plain by default in RFC 7636)', async () => {
      const response = await authorize(server(), authorizeQuery({ code_challenge_method: undefined }));
      expect(expectErrorShape(response, 400).errorCode).toBe('ER-OAUTH-PKCE-REQUIRED');
    });

    it('rejects a code_verifier sent without a challenge (and in the front channel at all)', async () => {
      const { verifier } = pkcePair();
      const withoutChallenge = await authorize(
        server(),
        authorizeQuery({
          code_challenge: undefined,
          code_challenge_method: undefined,
          code_verifier: verifier,
        }),
      );
      expect(expectErrorShape(withoutChallenge, 400).errorCode).toBe('ER-OAUTH-INVALID-REQUEST');
      const alongside = await authorize(server(), authorizeQuery({ code_verifier: verifier }));
      expect(expectErrorShape(alongside, 400).errorCode).toBe('ER-OAUTH-INVALID-REQUEST');
    });

    it('rejects a challenge that is not a base64url SHA-256', async () => {
      const response = await authorize(server(), authorizeQuery({ code_challenge: 'short' }));
      expect(expectErrorShape(response, 400).errorCode).toBe('ER-OAUTH-PKCE-REQUIRED');
    });
  });

  describe('redirect_uri must match a registered one exactly', () => {
    const tricks: [string, string][] = [
      ['another host', 'http://evil.test/oauth/callback'],
      ['a look-alike host', 'http://identity.test.evil.test/oauth/callback'],
      ['userinfo @', 'http://identity.test@evil.test/oauth/callback'],
      ['userinfo @ with credentials', 'http://user:pass@identity.test/oauth/callback'],
      ['scheme case', 'HTTP://identity.test/oauth/callback'],
      ['https instead of http', 'https://identity.test/oauth/callback'],
      ['host case', 'http://IDENTITY.test/oauth/callback'],
      ['path traversal', 'http://identity.test/oauth/callback/../../evil'],
      ['encoded traversal', 'http://identity.test/oauth/%2e%2e/callback'],
      ['double slash in path', 'http://identity.test//oauth/callback'],
      ['protocol-relative', '//evil.test/oauth/callback'],
      ['backslash', 'http://identity.test\\@evil.test/oauth/callback'],
      ['backslash in path', 'http:/\\evil.test/oauth/callback'],
      ['extra query', 'http://identity.test/oauth/callback?next=http://evil.test'],
      ['fragment', 'http://identity.test/oauth/callback#x'],
      ['trailing slash', 'http://identity.test/oauth/callback/'],
      ['port', 'http://identity.test:8080/oauth/callback'],
      ['javascript scheme', 'javascript:alert(1)//identity.test/oauth/callback'],
      ['relative path', '/oauth/callback'],
    ];
    it.each(tricks)('rejects %s', async (_name, redirectUri) => {
      const { cookie } = await signedInUser(server());
      const response = await authorize(server(), authorizeQuery({ redirect_uri: redirectUri }), cookie);
      expect(response.headers.location).toBeUndefined();
      expect(expectErrorShape(response, 400).errorCode).toBe('ER-OAUTH-INVALID-REDIRECT-URI');
    });

    it('accepts another URI registered for the client, and only that one', async () => {
      await upsertOAuthClient(server().db, {
        clientId: 'brizo-access',
        name: 'Brizo FoodMetrics',
        redirectUris: ['https://app.brizo.test/oauth/callback'],
        postLogoutRedirectUris: [],
      });
      const { cookie } = await signedInUser(server());
      const ok = await authorize(
        server(),
        authorizeQuery({ redirect_uri: 'https://app.brizo.test/oauth/callback' }),
        cookie,
      );
      expect(String(ok.headers.location)).toMatch(/^https:\/\/app\.brizo\.test\/oauth\/callback\?code=/);
      const sibling = await authorize(
        server(),
        authorizeQuery({ redirect_uri: 'https://app.brizo.test/oauth/callback2' }),
        cookie,
      );
      expectErrorShape(sibling, 400);
    });
  });

  describe('bad input', () => {
    it('rejects an unknown client_id', async () => {
      const response = await authorize(server(), authorizeQuery({ client_id: 'someone-else' }));
      expect(expectErrorShape(response, 400).errorCode).toBe('ER-OAUTH-INVALID-CLIENT');
    });

    it.each(['response_type', 'client_id', 'redirect_uri', 'scope'])(
      'answers 400 without %s',
      async (name) => {
        const response = await authorize(server(), authorizeQuery({ [name]: undefined }));
        expectErrorShape(response, 400);
      },
    );

    it('rejects response_type=token (implicit flow)', async () => {
      const response = await authorize(server(), authorizeQuery({ response_type: 'token' }));
      expect(expectErrorShape(response, 400).errorCode).toBe('ER-OAUTH-INVALID-REQUEST');
    });

    it('rejects a scope without openid', async () => {
      const response = await authorize(server(), authorizeQuery({ scope: 'email profile' }));
      expect(expectErrorShape(response, 400).errorCode).toBe('ER-OAUTH-INVALID-REQUEST');
    });

    it('rejects repeated parameters and oversized values without a 500', async () => {
      const repeated = await authorize(server(), `${authorizeQuery()}&redirect_uri=http://evil.test/`);
      expectErrorShape(repeated, 400);
      const huge = await authorize(server(), authorizeQuery({ state: 'x'.repeat(5000) }));
      expectErrorShape(huge, 400);
    });

    it('records rejected requests in the audit log', async () => {
      const marker = `http://evil.test/${Date.now()}`;
      await authorize(server(), authorizeQuery({ redirect_uri: marker }));
      const rows = await auditRows(server().db, 'OAuth authorization request rejected');
      expect(rows.some((row) => row.json.redirect_uri === marker)).toBe(true);
    });
  });

  it('codes live at most 60 seconds', () => {
    expect(AUTHORIZATION_CODE_TTL_SECONDS).toBeLessThanOrEqual(60);
  });

  it('the token endpoint answers the SDK exchange with tokens whose id_token carries the nonce', async () => {
    const { code, verifier, user } = await codeFor(server());
    const response = await token(server(), {
      grant_type: 'authorization_code',
      code,
      redirect_uri: CALLBACK,
      code_verifier: verifier,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      token_type: 'Bearer',
      expires_in: expect.any(Number),
      scope: 'openid email profile',
    });
    expect(decodeJwt(body.id_token)).toMatchObject({
      sub: user.id,
      nonce: 'n-0S6_WzA2Mj',
      aud: 'brizo-access',
    });
    expect(response.headers['cache-control']).toBe('no-store');
  });
});
