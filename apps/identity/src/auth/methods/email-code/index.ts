import type { FirstFactorMethod } from '../../method.js';
import { strategiesAllowing } from '../../passwordless/service.js';

/** A 6-digit sign-in code mailed to the user; issued and checked by the shared passwordless module. */
export const emailCode: FirstFactorMethod = {
  factor: 'first',
  key: 'Code',
  strategies: strategiesAllowing.Code,
  // Its endpoints are the passwordless ones, shared with the magic link (auth/routes.ts).
  routes: [],
};
