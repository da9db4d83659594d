// The hosted-login client of the OAuth benchmarks: a PKCE pair like the SDK's and one code flow.
import { createHash, randomBytes } from 'node:crypto';

export const OAUTH = '/frontegg/oauth';
export const CLIENT_ID = 'brizo-access';

export function pkcePair() {
  const verifier = randomBytes(32).toString('base64url').replace(/[-_]/g, 'x').slice(0, 16);
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** GET /oauth/authorize with the identity origin's session cookie: the code of the callback redirect. */
export async function authorizeForCode(
  url: string,
  cookie: string,
  challenge: string,
): Promise<{ code: string; redirectUri: string } | null> {
  const redirectUri = `${url}/oauth/callback`;
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: CLIENT_ID,
    scope: 'openid email profile',
    redirect_uri: redirectUri,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    nonce: 'bench',
  });
  const response = await fetch(`${url}${OAUTH}/authorize?${query}`, {
    headers: { cookie },
    redirect: 'manual',
  });
  await response.arrayBuffer();
  const location = response.headers.get('location');
  const code = location ? new URL(location, url).searchParams.get('code') : null;
  return code ? { code, redirectUri } : null;
}

/** POST /oauth/token; the parsed body, or null on failure. */
export async function tokenRequest(
  url: string,
  body: Record<string, string>,
): Promise<{ refresh_token: string; id_token: string } | null> {
  const response = await fetch(`${url}${OAUTH}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) {
    await response.arrayBuffer();
    return null;
  }
  return (await response.json()) as { refresh_token: string; id_token: string };
}
