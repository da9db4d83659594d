import type { FirstFactorMethod } from '../../method.js';
import { strategiesAllowing } from '../../passwordless/service.js';

/**
 * A 6-digit sign-in code mailed to the user (message.ts), issued and checked by the passwordless module
 * it shares with the magic link and the SMS code (auth/passwordless/).
 */
export const emailCode: FirstFactorMethod = {
  factor: 'first',
  key: 'Code',
  strategies: strategiesAllowing.Code,
  // Its endpoints are the passwordless ones, shared with the magic link (auth/routes.ts).
  routes: [],
};
