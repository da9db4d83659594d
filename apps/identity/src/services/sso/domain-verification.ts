import { randomBytes } from 'node:crypto';
import { Resolver } from 'node:dns/promises';
import { appError, errorCatalogue } from '../../errors.js';
import { isPersonalEmail } from '../security/email-domains.js';

// Issue 13: a tenant proves it owns an email domain by publishing a TXT record we chose; only then
// do that domain's sign-ins route to its identity provider.

/** The prefix of the TXT value (`brizo-sso-verification=<random>`). */
export const TXT_RECORD_PREFIX = 'brizo-sso-verification=';

export const newTxtRecord = () => `${TXT_RECORD_PREFIX}${randomBytes(18).toString('base64url')}`;

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * A domain as an administrator types it → lower-cased, without a trailing dot; refused unless it is a
 * host name of at least two labels, and unless it is not a public email provider's (gmail.com would
 * let one tenant's IdP claim every Gmail user).
 */
export function normalizeSsoDomain(input: string): string {
  const domain = input.trim().toLowerCase().replace(/\.$/, '');
  const labels = domain.split('.');
  const valid =
    domain.length <= 253 &&
    labels.length >= 2 &&
    labels.every((label) => LABEL.test(label)) &&
    /[a-z]/.test(labels.at(-1) ?? '');
  if (!valid) throw appError(errorCatalogue.sso.invalidDomain);
  if (isPersonalEmail(`someone@${domain}`)) throw appError(errorCatalogue.sso.publicEmailDomain);
  return domain;
}

export interface TxtLookup {
  /** The domain's TXT records, each joined from its strings; [] when it has none (or does not exist). */
  txtRecords(domain: string): Promise<string[]>;
}

/** Codes of an answer that says "no such records", as opposed to a lookup that failed. */
const NO_RECORDS = new Set(['ENODATA', 'ENOTFOUND', 'NXDOMAIN']);

/**
 * TXT lookups through `servers` (SSO_DNS_SERVERS, `host` or `host:port`) when set, else the system's
 * resolvers. A failed lookup (timeout, refused) is the caller's 502, not "no record".
 */
export function createTxtLookup(servers: readonly string[]): TxtLookup {
  return {
    async txtRecords(domain) {
      const resolver = new Resolver({ timeout: 3_000, tries: 2 });
      if (servers.length > 0) resolver.setServers([...servers]);
      try {
        return (await resolver.resolveTxt(domain)).map((chunks) => chunks.join(''));
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? '';
        if (NO_RECORDS.has(code)) return [];
        throw appError(errorCatalogue.sso.dnsFailed);
      }
    },
  };
}
