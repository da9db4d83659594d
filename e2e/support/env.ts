/** Where the browser journeys run the identity server, and how short its access tokens live there. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
export const ACCESS_TOKEN_TTL_SECONDS = 8;
export const DEMO_PASSWORD = 'Brizo-demo-2026!';

/**
 * Issue 13: the identity providers the journeys sign in at, started beside the server
 * (peers/identity-providers.ts): a SAML IdP, an OpenID provider (for SSO and for social login) and a DNS
 * server answering the TXT records that prove a domain.
 */
export const SAML_IDP_PORT = E2E_PORT + 1;
export const SAML_IDP_URL = `http://localhost:${SAML_IDP_PORT}`;
export const OIDC_PROVIDER_PORT = E2E_PORT + 2;
export const OIDC_PROVIDER_URL = `http://localhost:${OIDC_PROVIDER_PORT}`;
export const DNS_PORT = E2E_PORT + 53;
/** The peers' control address: set the TXT records of a domain. */
export const PEERS_CONTROL_PORT = E2E_PORT + 3;
export const PEERS_CONTROL_URL = `http://localhost:${PEERS_CONTROL_PORT}`;
export const OIDC_SSO_CLIENT = { clientId: 'brizo-sso', clientSecret: 'brizo-sso-secret-for-journeys' };
export const OIDC_SOCIAL_CLIENT = {
  clientId: 'brizo-google',
  clientSecret: 'brizo-google-secret-for-journeys',
};
