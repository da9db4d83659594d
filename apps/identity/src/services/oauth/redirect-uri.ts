// The redirect-URI rule of the hosted login (RFC 6749 3.1.2, RFC 9700 4.1): a redirect URI is
// accepted only when it is, character for character, one registered for the client. Exact
// matching alone defeats the usual tricks (other host, userinfo '@', scheme case, '..', '//',
// '\', extra query); `isWellFormedRedirectUri` also keeps such URIs out of the registered lists.

const MAX_URI_LENGTH = 2048;
/** scheme (lower case only) :// authority path ?query, and no fragment. */
const URI_PARTS = /^(https?):\/\/([^/?#]+)([^?#]*)(\?[^#]*)?$/;

const decodeSegment = (segment: string): string | null => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
};

/** Whether the URI may be registered or presented: absolute http(s), canonical host, no userinfo, no dot segments. */
export function isWellFormedRedirectUri(uri: string): boolean {
  if (uri.length === 0 || uri.length > MAX_URI_LENGTH) return false;
  // Backslashes, spaces and control characters: browsers "repair" them into other URLs.
  if ([...uri].some((char) => char === '\\' || char.charCodeAt(0) <= 0x20 || char.charCodeAt(0) === 0x7f)) {
    return false;
  }
  const parts = URI_PARTS.exec(uri);
  if (!parts) return false;
  const [, scheme, authority = '', path = ''] = parts;
  if (authority.includes('@')) return false;
  let parsed: URL;
  try {
    parsed = new URL(uri);
  } catch {
    return false;
  }
  // The parser must agree with what was written: no upper-case host, default port or IDN rewriting.
  if (`${parsed.protocol}` !== `${scheme}:` || parsed.host !== authority) return false;
  if (path.includes('//')) return false;
  return path.split('/').every((segment) => {
    const decoded = decodeSegment(segment);
    return decoded !== null && decoded !== '.' && decoded !== '..' && !decoded.includes('/');
  });
}

/** The one check of the authorize, token and logout endpoints: exact match against the registered URIs. */
export function isRegisteredRedirectUri(
  candidate: unknown,
  registered: readonly string[],
): candidate is string {
  return (
    typeof candidate === 'string' && isWellFormedRedirectUri(candidate) && registered.includes(candidate)
  );
}

/** Issue 16: plain http only for a developer's own machine; any other page must be https. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
const isAllowedScheme = (url: URL) =>
  url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));

/** Whether a superuser may register the URI for a client: well formed, https (or http on loopback). */
export function isRegistrableRedirectUri(uri: string): boolean {
  return isWellFormedRedirectUri(uri) && isAllowedScheme(new URL(uri));
}

/** An allowed origin: `scheme://host[:port]` exactly as the browser sends it in Origin, https or loopback http. */
export function isRegistrableOrigin(origin: string): boolean {
  if (!isWellFormedRedirectUri(origin)) return false;
  const url = new URL(origin);
  return url.origin === origin && isAllowedScheme(url);
}
