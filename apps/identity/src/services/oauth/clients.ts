import { webPaths } from '@brizo/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { upsertOAuthClient } from '../../db/queries/oauth.js';

// The OAuth 2 clients of the hosted login (SPEC section 7): the authorization server and the logout
// endpoint both check redirect addresses against them.

/** Where the web app's hosted-login mode receives the code (SPEC section 2, hostedLoginRedirectUrl). */
export const HOSTED_LOGIN_CALLBACK_PATH = webPaths.oauthCallback;
/** The login box of the identity origin; it returns to `redirectUrl` once the user is signed in. */
export const LOGIN_BOX_PATH = webPaths.login;

export interface OAuthClient {
  clientId: string;
  redirectUris: string[];
  postLogoutRedirectUris: string[];
}

/** The client of the built-in web app: CLIENT_ID, calling back to `${PUBLIC_URL}/oauth/callback`. */
export const defaultClient = (config: Config): OAuthClient => ({
  clientId: config.clientId,
  redirectUris: [`${config.publicUrl}${HOSTED_LOGIN_CALLBACK_PATH}`],
  postLogoutRedirectUris: [`${config.publicUrl}/`, `${config.publicUrl}${LOGIN_BOX_PATH}`],
});

/** Registers (or completes) the built-in web app's client; idempotent, run by the seed. */
export async function seedDefaultClient(db: Db, config: Config): Promise<void> {
  await upsertOAuthClient(db, { ...defaultClient(config), name: 'Brizo FoodMetrics' });
}
