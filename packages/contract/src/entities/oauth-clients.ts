import { z } from 'zod';

/**
 * One OAuth client of the hosted login (issue 16): an app whose sign-in goes through the authorize
 * endpoint. Its redirect URIs are accepted character for character; its allowed origins may call the
 * token and userinfo endpoints from their pages. The built-in one is the web app's own (CLIENT_ID).
 */
export const oauthClientSchema = z.object({
  clientId: z.string(),
  name: z.string(),
  redirectUris: z.array(z.string()),
  postLogoutRedirectUris: z.array(z.string()),
  allowedOrigins: z.array(z.string()),
  builtIn: z.boolean().describe("CLIENT_ID, the web app's own: its callback always stays accepted"),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OAuthClient = z.infer<typeof oauthClientSchema>;

/** What the superuser registers or changes (a list given replaces the stored one). */
export type OAuthClientFields = Pick<
  OAuthClient,
  'name' | 'redirectUris' | 'postLogoutRedirectUris' | 'allowedOrigins'
>;

/** One key signing the access tokens: public facts only (the private part never leaves the server). */
export const signingKeySchema = z.object({
  kid: z.string(),
  alg: z.enum(['ES256', 'RS256']),
  createdAt: z.string(),
  activatesAt: z.string().describe('When it starts signing'),
  retiredAt: z.string().nullable().describe('When a newer key took over signing'),
  expiresAt: z.string().nullable().describe('When its public key leaves the JWKS'),
  sealed: z.boolean().describe('Whether the private key is sealed with SECRETS_KEY'),
});
export type SigningKey = z.infer<typeof signingKeySchema>;
