// The redirectUrl query parameter of the login box (SPEC section 5): "Redirect URL honored only
// if same origin, or an allowed origin when same-site enforcement is on; otherwise warns of a
// different site."

/** The warning of a redirect URL that points at another site (the SDK's own words). */
export const DIFFERENT_SITE_WARNING = 'The redirect url param is not valid, the origin is a different site';

export interface RedirectUrlPolicy {
  /** The login box's own origin. */
  currentOrigin: string;
  /** Same-site enforcement: when on, the origins below are honoured besides the current one. */
  enforceSameSite: boolean;
  allowedOrigins: readonly string[];
}

export type RedirectUrlDecision =
  { honoured: true; url: string } | { honoured: false; warning: string | null };

const isHttp = (url: URL) => url.protocol === 'http:' || url.protocol === 'https:';

/**
 * Whether the login box may send the signed-in user to `redirectUrl`. Relative URLs are resolved
 * against the current origin first, so '//evil.test' and '/\evil.test' count as the other site
 * they lead to; only http(s) addresses are ever followed.
 */
export function decideRedirectUrl(
  redirectUrl: string | null,
  policy: RedirectUrlPolicy,
): RedirectUrlDecision {
  if (redirectUrl === null || redirectUrl.trim() === '') return { honoured: false, warning: null };
  let target: URL;
  try {
    target = new URL(redirectUrl, policy.currentOrigin);
  } catch {
    return { honoured: false, warning: DIFFERENT_SITE_WARNING };
  }
  if (!isHttp(target) || target.username || target.password) {
    return { honoured: false, warning: DIFFERENT_SITE_WARNING };
  }
  if (target.origin === new URL(policy.currentOrigin).origin) return { honoured: true, url: redirectUrl };
  const allowed =
    policy.enforceSameSite && policy.allowedOrigins.some((origin) => originOf(origin) === target.origin);
  return allowed
    ? { honoured: true, url: redirectUrl }
    : { honoured: false, warning: DIFFERENT_SITE_WARNING };
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}
