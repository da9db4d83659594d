// The pieces both API tokens sections (personal and tenant) share.
export { ApiTokensPage } from './api-tokens-page';
export { newTokenSchema } from './create-token-dialog';
