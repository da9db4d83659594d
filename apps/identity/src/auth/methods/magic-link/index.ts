import type { FirstFactorMethod } from '../../method.js';
import { strategiesAllowing } from '../../passwordless/service.js';

/**
 * A single-use link mailed to the user (message.ts), issued and checked by the passwordless module it
 * shares with the email and SMS codes (auth/passwordless/).
 */
export const magicLink: FirstFactorMethod = {
  factor: 'first',
  key: 'MagicLink',
  strategies: strategiesAllowing.MagicLink,
  // Its endpoints are the passwordless ones, shared with the codes (auth/routes.ts).
  routes: [],
};
