import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteOptions } from '../../services/index.js';
import { SUPPORTED_SCOPES } from '../../services/oauth/userinfo.js';
import { SIGNING_ALGS } from '../../services/signing-keys/index.js';
import { areaRoutes } from '../route.js';

// Issue 16: OpenID Connect Discovery 1.0 of the hosted login. A client finds it at the issuer (PUBLIC_URL)
// plus /.well-known/openid-configuration, so it is served at the root; the endpoints it names live under
// /frontegg/oauth (app.ts), the JWKS at /.well-known/jwks.json (routes/system).

const OAUTH_PATH = '/frontegg/oauth';

const discoveryDocument = z.object({
  issuer: z.string(),
  authorization_endpoint: z.string(),
  token_endpoint: z.string(),
  userinfo_endpoint: z.string(),
  end_session_endpoint: z.string(),
  jwks_uri: z.string(),
  response_types_supported: z.array(z.string()),
  response_modes_supported: z.array(z.string()),
  grant_types_supported: z.array(z.string()),
  subject_types_supported: z.array(z.string()),
  code_challenge_methods_supported: z.array(z.string()),
  id_token_signing_alg_values_supported: z.array(z.string()),
  scopes_supported: z.array(z.string()),
  token_endpoint_auth_methods_supported: z.array(z.string()),
  claims_supported: z.array(z.string()),
});

export const discoveryRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { config, services }) => {
  const route = areaRoutes(app, services, 'oauth');
  const base = config.publicUrl;
  const document: z.output<typeof discoveryDocument> = {
    issuer: base,
    authorization_endpoint: `${base}${OAUTH_PATH}/authorize`,
    token_endpoint: `${base}${OAUTH_PATH}/token`,
    userinfo_endpoint: `${base}${OAUTH_PATH}/userinfo`,
    end_session_endpoint: `${base}${OAUTH_PATH}/logout`,
    jwks_uri: `${base}/.well-known/jwks.json`,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token', 'client_credentials'],
    subject_types_supported: ['public'],
    code_challenge_methods_supported: ['S256'],
    // Tokens signed before a change of ACCESS_TOKEN_ALG stay valid until they expire: both are listed.
    id_token_signing_alg_values_supported: [...SIGNING_ALGS],
    scopes_supported: [...SUPPORTED_SCOPES],
    // Public clients (PKCE, no secret); API tokens authenticate with Basic or in the body.
    token_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post'],
    claims_supported: [
      'sub',
      'iss',
      'aud',
      'exp',
      'iat',
      'auth_time',
      'nonce',
      'acr',
      'amr',
      'sid',
      'email',
      'email_verified',
      'name',
      'picture',
      'tenantId',
      'tenantIds',
      'roles',
      'permissions',
    ],
  };

  route({
    name: 'discovery',
    method: 'GET',
    url: '/.well-known/openid-configuration',
    summary: 'OpenID Connect Discovery: the hosted login’s endpoints, algorithms and scopes',
    access: 'public',
    response: discoveryDocument,
    handler: ({ reply }) => {
      reply.header('cache-control', 'public, max-age=3600');
      return document;
    },
  });
};
