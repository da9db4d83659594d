/** Session storage key of the hosted login's pending `state` (this tab only). */
export const OAUTH_STATE_KEY = 'brizo-oauth-state';
