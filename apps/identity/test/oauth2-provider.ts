// An OAuth 2.0 provider for tests, on 127.0.0.1 (the server's outbound calls reach it when
// OUTBOUND_ALLOW_HOSTS names 127.0.0.1), shaped as GitHub, Facebook or Slack answer: it issues
// single-use codes bound to the client, redirect URI and PKCE challenge, exchanges them for access
// tokens (client_secret_post), and serves who signed in the way that provider does.
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type OAuth2Shape = 'github' | 'facebook' | 'slack';

/** A person at the provider. GitHub lists addresses with their verification; the others have one. */
export interface OAuth2TestAccount {
  id: string;
  name: string;
  email?: string;
  /** Slack's email_verified; GitHub's primary address's `verified`. Facebook gives verified addresses only. */
  emailVerified?: boolean;
  /** GitHub: the whole /user/emails list (else one primary address from email and emailVerified). */
  emails?: Array<{ email: string; primary: boolean; verified: boolean }>;
}

export interface LocalOAuth2Provider {
  url: string;
  endpoints: {
    authorizationEndpoint: string;
    tokenEndpoint: string;
    userinfoEndpoint: string;
    emailsEndpoint?: string;
  };
  addAccount(account: OAuth2TestAccount): void;
  close(): Promise<void>;
}

/** The header a test's browser sends to say who signs in at the provider (no login form). */
export const OAUTH2_LOGIN_AS = 'x-test-login-as';

interface IssuedCode {
  accountId: string;
  redirectUri: string;
  codeChallenge: string;
}

const send = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

export async function startOAuth2Provider(options: {
  shape: OAuth2Shape;
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  accounts?: OAuth2TestAccount[];
}): Promise<LocalOAuth2Provider> {
  const accounts = new Map((options.accounts ?? []).map((account) => [account.id, account]));
  const codes = new Map<string, IssuedCode>();
  const tokens = new Map<string, string>();
  const paths = {
    github: { token: '/login/oauth/access_token', user: '/user', emails: '/user/emails' },
    facebook: { token: '/v19.0/oauth/access_token', user: '/me', emails: undefined },
    slack: { token: '/api/openid.connect.token', user: '/api/openid.connect.userInfo', emails: undefined },
  }[options.shape];

  /** How each provider says no at its token endpoint: GitHub and Slack with a 200. */
  const refuseToken = (res: ServerResponse, error: string) => {
    if (options.shape === 'github') return send(res, 200, { error, error_description: error });
    if (options.shape === 'slack') return send(res, 200, { ok: false, error });
    return send(res, 400, { error: { message: error, type: 'OAuthException' } });
  };

  const userOf = (authorization: string | undefined) => {
    const token = authorization?.replace(/^Bearer /, '') ?? '';
    const accountId = tokens.get(token);
    return accountId === undefined ? undefined : accounts.get(accountId);
  };

  const profileOf = (account: OAuth2TestAccount) => {
    if (options.shape === 'github')
      return {
        id: Number(account.id),
        login: account.name.toLowerCase().replace(/\s+/g, '-'),
        name: account.name,
        email: null,
      };
    if (options.shape === 'facebook')
      return { id: account.id, name: account.name, ...(account.email ? { email: account.email } : {}) };
    return {
      ok: true,
      sub: account.id,
      name: account.name,
      ...(account.email ? { email: account.email, email_verified: account.emailVerified ?? false } : {}),
    };
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://provider.test');
      if (url.pathname === '/authorize' && req.method === 'GET') {
        const query = url.searchParams;
        const redirectUri = query.get('redirect_uri') ?? '';
        if (query.get('client_id') !== options.clientId || !options.redirectUris.includes(redirectUri))
          return send(res, 400, { error: 'invalid_request' });
        const accountId = String(req.headers[OAUTH2_LOGIN_AS] ?? '');
        const back = new URL(redirectUri);
        if (!accounts.has(accountId) || query.get('code_challenge_method') !== 'S256') {
          back.searchParams.set('error', 'access_denied');
        } else {
          const code = randomBytes(16).toString('hex');
          codes.set(code, { accountId, redirectUri, codeChallenge: query.get('code_challenge') ?? '' });
          back.searchParams.set('code', code);
        }
        back.searchParams.set('state', query.get('state') ?? '');
        return void res.writeHead(302, { location: back.toString() }).end();
      }
      if (url.pathname === paths.token && req.method === 'POST') {
        const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
        if (form.get('client_id') !== options.clientId || form.get('client_secret') !== options.clientSecret)
          return refuseToken(res, 'invalid_client');
        const code = form.get('code') ?? '';
        const issued = codes.get(code);
        codes.delete(code);
        const verifier = form.get('code_verifier') ?? '';
        const challenge = createHash('sha256').update(verifier).digest('base64url');
        if (!issued || issued.redirectUri !== form.get('redirect_uri') || issued.codeChallenge !== challenge)
          return refuseToken(res, 'bad_verification_code');
        const accessToken = randomBytes(16).toString('hex');
        tokens.set(accessToken, issued.accountId);
        return send(res, 200, {
          ...(options.shape === 'slack' ? { ok: true } : {}),
          access_token: accessToken,
          token_type: 'bearer',
        });
      }
      const account = userOf(req.headers.authorization);
      if (url.pathname === paths.user && req.method === 'GET') {
        if (!account) return send(res, 401, { message: 'Bad credentials' });
        return send(res, 200, profileOf(account));
      }
      if (paths.emails && url.pathname === paths.emails && req.method === 'GET') {
        if (!account) return send(res, 401, { message: 'Bad credentials' });
        const emails =
          account.emails ??
          (account.email
            ? [{ email: account.email, primary: true, verified: account.emailVerified ?? false }]
            : []);
        return send(
          res,
          200,
          emails.map((entry) => ({ ...entry, visibility: entry.primary ? 'private' : null })),
        );
      }
      send(res, 404, { error: 'not_found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    endpoints: {
      authorizationEndpoint: `${base}/authorize`,
      tokenEndpoint: `${base}${paths.token}`,
      userinfoEndpoint: `${base}${paths.user}`,
      ...(paths.emails ? { emailsEndpoint: `${base}${paths.emails}` } : {}),
    },
    addAccount: (account) => void accounts.set(account.id, account),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** Follows the provider's authorization redirect as the browser of `loginAs` would: the URL it sends the browser back to. */
export async function authorizeAt(authorizationUrl: string, loginAs: string): Promise<URL> {
  const response = await fetch(authorizationUrl, {
    redirect: 'manual',
    headers: { [OAUTH2_LOGIN_AS]: loginAs },
  });
  const location = response.headers.get('location');
  if (!location) throw new Error(`the provider answered ${response.status}: ${await response.text()}`);
  return new URL(location);
}
