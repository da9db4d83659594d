import { z } from 'zod';
import { socialProviders } from '../enums.js';

// Issue 13: the social providers' configuration as the login box reads it (the SDK's
// ISocialLoginProviderConfigurationV2) and as the vendor manages it. No answer ever carries a client secret.

export const socialProviderSchema = z.enum(socialProviders);

/**
 * One active provider, as GET /identity/resources/sso/v2 answers it. `authorizationUrl` is relative to
 * the API base (`${baseUrl}/frontegg`): the store prefixes it (SocialLoginState loadSocialLoginsConfigurationV2)
 * and the browser goes there to start the sign-in on our server, which sends it on to the provider.
 */
export const socialLoginProviderSchema = z
  .object({
    type: socialProviderSchema,
    clientId: z.string().nullable(),
    redirectUrl: z.string(),
    active: z.boolean(),
    authorizationUrl: z.string().nullable(),
    customised: z.boolean(),
    additionalScopes: z.array(z.string()),
  })
  .meta({ id: 'SocialLoginProvider' });
export type SocialLoginProvider = z.infer<typeof socialLoginProviderSchema>;

/** GET /identity/resources/sso/v1: the older, shorter answer (ISocialLoginProviderConfiguration). */
export const socialLoginProviderV1Schema = z.object({
  type: socialProviderSchema,
  clientId: z.string(),
  redirectUrl: z.string(),
  active: z.boolean(),
});
export type SocialLoginProviderV1 = z.infer<typeof socialLoginProviderV1Schema>;

/** Endpoints of a provider that the vendor may point elsewhere (a proxy, a regional host, a test server). */
export const socialProviderEndpointsSchema = z.object({
  authorizationEndpoint: z.url().optional(),
  tokenEndpoint: z.url().optional(),
  userinfoEndpoint: z.url().optional(),
  /** GitHub: the list of the account's addresses, with which are verified. */
  emailsEndpoint: z.url().optional(),
  issuer: z.string().min(1).max(500).optional(),
  jwksUri: z.url().optional(),
});
export type SocialProviderEndpoints = z.infer<typeof socialProviderEndpointsSchema>;

/** Per-provider settings: Apple's team and key ids (its client secret is a JWT they sign); the client authentication. */
export const socialProviderOptionsSchema = z
  .object({
    teamId: z.string().max(100),
    keyId: z.string().max(100),
    tokenEndpointAuthMethod: z.enum(['client_secret_post', 'client_secret_basic']),
  })
  .partial();
export type SocialProviderOptions = z.infer<typeof socialProviderOptionsSchema>;

/** The vendor's view of one provider's configuration: whether a secret is stored, never the secret. */
export const socialLoginConfigurationSchema = z
  .object({
    type: socialProviderSchema,
    active: z.boolean(),
    configured: z.boolean().describe('Whether a configuration is stored for this provider'),
    clientId: z.string().nullable(),
    hasSecret: z.boolean(),
    redirectUrl: z.string().describe("The configured address, else the web app's /account/social/success"),
    customised: z.boolean().describe('Whether the redirect URL was set by the vendor'),
    additionalScopes: z.array(z.string()),
    endpoints: socialProviderEndpointsSchema,
    options: socialProviderOptionsSchema,
    updatedAt: z.string().nullable(),
  })
  .meta({ id: 'SocialLoginConfiguration' });
export type SocialLoginConfiguration = z.infer<typeof socialLoginConfigurationSchema>;
