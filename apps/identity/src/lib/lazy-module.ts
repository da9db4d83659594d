import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A package loaded on its first use rather than when the server starts. For packages only some
 * installs or some requests need (Stripe, SMTP, Redis, SAML, WebAuthn): each costs 50-200 ms
 * and megabytes of heap to load, and most servers never call them (decision 0022).
 */
export function lazyModule<Module>(specifier: string): () => Module {
  let loaded: Module | undefined;
  return () => (loaded ??= require(specifier) as Module);
}
