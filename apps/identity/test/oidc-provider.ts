// OpenID providers for tests, on 127.0.0.1 (the server's outbound calls reach them when
// OUTBOUND_ALLOW_HOSTS names 127.0.0.1):
// - startOidcProvider: a real provider (oidc-provider) with one client and accounts that sign in
//   without a form: followAuthorization() drives its authorization endpoint as a browser would, with
//   real HTTP requests, cookies and its login and consent interactions, until it redirects back.
// - startFakeOidcProvider: a provider whose token and user info answers the test writes, signed with
//   keys the test holds (signJwt), to send forged or broken ID tokens.
import { createHash, createHmac, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface OidcTestAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  groups?: string[];
}

export interface OidcTestClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

/** An RSA signing key with its public JWK, as a provider publishes it. */
export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  publicJwk: Record<string, unknown>;
}

export function createSigningKey(kid = `key-${randomBytes(4).toString('hex')}`): SigningKey {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    kid,
    privateKey,
    publicJwk: { ...publicKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' },
  };
}

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * A compact JWS over any claims: RS256 with a key (its kid in the header unless `kid` says otherwise),
 * HS256 with a shared secret, or alg none. Nothing is checked: forged tokens are the point.
 */
export function signJwt(
  claims: Record<string, unknown>,
  options: { key: SigningKey; kid?: string } | { alg: 'HS256'; secret: string } | { alg: 'none' },
): string {
  if ('key' in options) {
    const header = { alg: 'RS256', typ: 'JWT', kid: options.kid ?? options.key.kid };
    const input = `${encode(header)}.${encode(claims)}`;
    return `${input}.${sign('sha256', Buffer.from(input), options.key.privateKey).toString('base64url')}`;
  }
  if (options.alg === 'HS256') {
    const input = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}`;
    return `${input}.${createHmac('sha256', options.secret).update(input).digest('base64url')}`;
  }
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`;
}

/** at_hash of an access token for RS256 (OIDC Core 3.1.3.6). */
export const atHash = (accessToken: string) =>
  createHash('sha256').update(accessToken).digest().subarray(0, 16).toString('base64url');

async function listen(server: Server, port = 0, host = '127.0.0.1'): Promise<string> {
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return `http://${host}:${(server.address() as AddressInfo).port}`;
}

const closeServer = (server: Server) =>
  new Promise<void>((resolve, reject) => {
    server.closeAllConnections();
    server.close((error) => (error ? reject(error) : resolve()));
  });

/** The header a test's browser sends to say which account signs in at the provider's login prompt. */
const LOGIN_AS = 'x-test-login-as';

export interface LocalOidcProvider {
  issuer: string;
  addAccount(account: OidcTestAccount): void;
  close(): Promise<void>;
}

/**
 * A real OpenID provider (oidc-provider 9) for its clients. Accounts sign in without a form (the
 * browser names one in a header), or, for the browser journeys, at a sign-in page where any email signs
 * in as a verified account with the groups typed beside it.
 */
export async function startOidcProvider(options: {
  client?: OidcTestClient;
  clients?: OidcTestClient[];
  accounts?: OidcTestAccount[];
  /** A fixed port and the host name its issuer uses (the journeys' browser goes there). */
  port?: number;
  host?: string;
  loginForm?: boolean;
}): Promise<LocalOidcProvider> {
  const accounts = new Map((options.accounts ?? []).map((account) => [account.sub, account]));
  const clients = [...(options.client ? [options.client] : []), ...(options.clients ?? [])];
  // The issuer names the port: the provider is made once the server listens.
  const server = createServer();
  const issuer = await listen(server, options.port, options.host);
  const provider = new Provider(issuer, {
    clients: clients.map((client) => ({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      redirect_uris: client.redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    })),
    jwks: { keys: [createSigningKey().privateKey.export({ format: 'jwk' })] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name'],
      groups: ['groups'],
    },
    features: { devInteractions: { enabled: false } },
    // Explicit lifetimes (its defaults print a notice each).
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 3600,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
    },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx: unknown, sub: string) => {
      const account = accounts.get(sub);
      return account && { accountId: sub, claims: () => ({ ...account }) };
    },
  });
  provider.on('server_error', (_ctx, error) => console.error('oidc-provider', error));
  const callback = provider.callback();
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.url?.startsWith('/interaction/')) {
      return void (options.loginForm
        ? interactWithForm(provider, accounts, req, res)
        : interact(provider, req, res));
    }
    callback(req, res);
  });
  return {
    issuer,
    addAccount: (account) => void accounts.set(account.sub, account),
    close: () => closeServer(server),
  };
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

async function formOf(req: IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of req) body += String(chunk);
  return new URLSearchParams(body);
}

/**
 * The journeys' sign-in page: GET shows it, POST signs in the email typed (a verified account, with
 * the groups typed beside it), then consent is granted as in `interact`.
 */
async function interactWithForm(
  provider: Provider,
  accounts: Map<string, OidcTestAccount>,
  req: IncomingMessage,
  res: ServerResponse,
) {
  try {
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === 'login' && req.method === 'GET') {
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(
          '<!doctype html><html lang="en"><head><title>Test OpenID provider</title></head><body>' +
            '<main><h1>Sign in to the test OpenID provider</h1>' +
            `<form method="post" action="/interaction/${escapeHtml(details.uid)}">` +
            '<label>Email <input name="email" type="email" autocomplete="username" required></label>' +
            '<label>Groups <input name="groups" placeholder="comma-separated"></label>' +
            '<button type="submit">Sign in</button></form></main></body></html>',
        );
      return;
    }
    if (details.prompt.name === 'login') {
      const form = await formOf(req);
      const email = (form.get('email') ?? '').trim().toLowerCase();
      const groups = (form.get('groups') ?? '')
        .split(',')
        .map((group) => group.trim())
        .filter(Boolean);
      accounts.set(email, { sub: email, email, email_verified: true, name: email.split('@')[0], groups });
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: email } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    await interact(provider, req, res);
  } catch (error) {
    res.writeHead(500).end(String(error));
  }
}

/** The login prompt signs in the account the browser names; the consent prompt grants what is asked. */
async function interact(provider: Provider, req: IncomingMessage, res: ServerResponse) {
  try {
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === 'login') {
      const accountId = String(req.headers[LOGIN_AS] ?? '');
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const grant = new provider.Grant({
      accountId: details.session?.accountId ?? '',
      clientId: String(details.params.client_id),
    });
    const { missingOIDCScope, missingOIDCClaims } = details.prompt.details;
    if (missingOIDCScope) grant.addOIDCScope(missingOIDCScope.join(' '));
    if (missingOIDCClaims) grant.addOIDCClaims(missingOIDCClaims);
    await provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } });
  } catch (error) {
    res.writeHead(500).end(String(error));
  }
}

/** Where a provider sent the browser back: a redirect (code, state, iss or error in the query), or a form it posts. */
type ProviderAnswer = { url: URL } | { form: PostedForm };

/** A response_mode=form_post answer: the page's form, which its script posts at once. */
export interface PostedForm {
  action: URL;
  fields: URLSearchParams;
}

const htmlText = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The auto-posting form of oidc-provider's form_post page, if the page is one. */
function postedFormOf(page: string, base: URL): PostedForm | undefined {
  const action = /<form method="post" action="([^"]*)"/.exec(page)?.[1];
  if (action === undefined) return undefined;
  const fields = new URLSearchParams();
  for (const [, name = '', value = ''] of page.matchAll(
    /<input type="hidden" name="([^"]*)" value="([^"]*)"\/>/g,
  ))
    fields.append(htmlText(name), htmlText(value));
  return { action: new URL(htmlText(action), base), fields };
}

/** Drives the provider as a browser would (redirects, cookies), signed in as `loginAs`, until it answers `stopAt`. */
async function answerAt(authorizationUrl: string, loginAs: string, stopAt: string): Promise<ProviderAnswer> {
  const cookies = new Map<string, string>();
  let url = new URL(authorizationUrl);
  for (let hop = 0; hop < 20; hop += 1) {
    const response = await fetch(url, {
      redirect: 'manual',
      headers: {
        [LOGIN_AS]: loginAs,
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const [name, value] = [pair.slice(0, at).trim(), pair.slice(at + 1).trim()];
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) cookies.delete(name);
      else cookies.set(name, value);
    }
    const location = response.headers.get('location');
    if (!location) {
      const page = await response.text();
      const form = postedFormOf(page, url);
      if (form?.action.href.startsWith(stopAt)) return { form };
      throw new Error(`the provider stopped at ${url.href}: ${response.status} ${page}`);
    }
    url = new URL(location, url);
    if (url.href.startsWith(stopAt)) return { url };
  }
  throw new Error('too many redirects at the provider');
}

/**
 * Follows an authorization URL as a browser would (redirects, cookies), signed in at the provider as
 * `loginAs`, until the provider sends the browser to `stopAt`: that URL (code, state, iss or error).
 */
export async function followAuthorization(
  authorizationUrl: string,
  { loginAs, stopAt }: { loginAs: string; stopAt: string },
): Promise<URL> {
  const answer = await answerAt(authorizationUrl, loginAs, stopAt);
  if ('form' in answer) throw new Error(`the provider posts a form to ${answer.form.action.href}`);
  return answer.url;
}

/**
 * The same for response_mode=form_post: the form the provider's page makes the browser post to
 * `postTo` (Sign in with Apple), for the test to post as that browser would.
 */
export async function followAuthorizationToForm(
  authorizationUrl: string,
  { loginAs, postTo }: { loginAs: string; postTo: string },
): Promise<PostedForm> {
  const answer = await answerAt(authorizationUrl, loginAs, postTo);
  if ('url' in answer) throw new Error(`the provider redirected to ${answer.url.href}, without a form`);
  return answer.form;
}

/** What a fake provider's token endpoint received. */
export interface TokenRequest {
  params: URLSearchParams;
  authorization: string | undefined;
}

export interface FakeOidcProvider {
  issuer: string;
  /** The keys its JWKS publishes now (replace the array to rotate). */
  keys: SigningKey[];
  /** Its discovery document, editable before the first fetch (a cached one stays cached). */
  discovery: Record<string, unknown>;
  /** The token endpoint's answer; a status other than 200 answers an OAuth error. */
  onToken: (request: TokenRequest) => { status?: number; body: Record<string, unknown> };
  onUserInfo: (authorization: string | undefined) => Record<string, unknown>;
  /** Every request it received, as "METHOD /path". */
  requests: string[];
  close(): Promise<void>;
}

/** A provider the test scripts: discovery, JWKS, token and user info endpoints it controls. */
export async function startFakeOidcProvider(): Promise<FakeOidcProvider> {
  const fake: FakeOidcProvider = {
    issuer: '',
    keys: [createSigningKey()],
    discovery: {},
    onToken: () => ({ status: 400, body: { error: 'invalid_grant' } }),
    onUserInfo: () => ({}),
    requests: [],
    close: async () => undefined,
  };
  const send = (res: ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', fake.issuer).pathname;
      fake.requests.push(`${req.method} ${path}`);
      if (path === '/.well-known/openid-configuration') return send(res, 200, fake.discovery);
      if (path === '/jwks') return send(res, 200, { keys: fake.keys.map((key) => key.publicJwk) });
      if (path === '/token' && req.method === 'POST') {
        const answer = fake.onToken({
          params: new URLSearchParams(Buffer.concat(chunks).toString('utf8')),
          authorization: req.headers.authorization,
        });
        return send(res, answer.status ?? 200, answer.body);
      }
      if (path === '/userinfo') return send(res, 200, fake.onUserInfo(req.headers.authorization));
      send(res, 404, { error: 'not_found' });
    });
  });
  fake.issuer = await listen(server);
  fake.discovery = {
    issuer: fake.issuer,
    authorization_endpoint: `${fake.issuer}/authorize`,
    token_endpoint: `${fake.issuer}/token`,
    jwks_uri: `${fake.issuer}/jwks`,
    userinfo_endpoint: `${fake.issuer}/userinfo`,
    response_types_supported: ['code'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
  };
  fake.close = () => closeServer(server);
  return fake;
}
