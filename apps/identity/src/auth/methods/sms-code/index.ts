import type { FirstFactorMethod } from '../../method.js';
import { strategiesAllowing } from '../../passwordless/service.js';
import { phoneResetRoutes } from './routes.js';

/**
 * A 6-digit sign-in code texted to the user's phone (message.ts; also how a phone sign-up signs in),
 * issued and checked by the passwordless module it shares with the mailed link and code
 * (auth/passwordless/). The lost-phone reset and the signed-in change of the number are here too
 * (phone-reset.ts, routes.ts), served among the users area's endpoints.
 */
export const smsCode: FirstFactorMethod = {
  factor: 'first',
  key: 'SmsCode',
  strategies: strategiesAllowing.SmsCode,
  // Its sign-in endpoints are the passwordless ones, shared with the mailed link and code (auth/routes.ts).
  routes: [{ prefix: '/users', routes: phoneResetRoutes }],
};
