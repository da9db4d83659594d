-- Access tokens (the SDK's "access token" API token type, SPEC section 3): a long-lived signed token the
-- portal shows once, beside the client-credentials tokens in the same table. 'clientCredentials' rows
-- are exchanged for access tokens (api-token, oauth/token); 'accessToken' rows are checked at each use
-- of the token they signed, so deleting one ends it (services/api-tokens.ts).
ALTER TABLE "api_tokens" ADD COLUMN "kind" text DEFAULT 'clientCredentials' NOT NULL;
