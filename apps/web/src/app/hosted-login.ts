import { paths } from '../lib/paths';

/**
 * In hosted-login mode (SPEC section 7) one web build plays two parts on the identity origin:
 * the application (an OAuth client: the home, product pages, /oauth/callback, logout) and the
 * login box that /oauth/authorize sends visitors to (every other /account/ page). The login box
 * always runs embedded; otherwise it would send itself to /oauth/authorize forever.
 */
export function isLoginBoxPath(pathname: string): boolean {
  return pathname.startsWith('/account/') && pathname !== paths.logout;
}

/** Whether this page load's store runs the hosted (OAuth client) flow. */
export const usesHostedLogin = (hostedLogin: boolean | undefined, pathname: string): boolean =>
  hostedLogin === true && !isLoginBoxPath(pathname);
