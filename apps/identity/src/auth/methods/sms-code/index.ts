import type { FirstFactorMethod } from '../../method.js';
import { strategiesAllowing } from '../../passwordless/service.js';

/**
 * A 6-digit sign-in code texted to the user's phone (message.ts; also how a phone sign-up signs in),
 * issued and checked by the passwordless module it shares with the mailed link and code
 * (auth/passwordless/). The lost-phone reset is here too (phone-reset.ts); its endpoints are served
 * among the users area's (routes/users/phone/).
 */
export const smsCode: FirstFactorMethod = {
  factor: 'first',
  key: 'SmsCode',
  strategies: strategiesAllowing.SmsCode,
  // Its sign-in endpoints are the passwordless ones, shared with the mailed link and code (auth/routes.ts).
  routes: [],
};
