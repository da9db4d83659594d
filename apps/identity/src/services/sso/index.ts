import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { createOutboundFetch } from '../../lib/outbound.js';
import { createSecretBox } from '../../lib/sealed-secrets.js';
import type { Clock } from '../../lib/time.js';
import { createSsoConfigurationService } from './configurations.js';
import { createTxtLookup } from './domain-verification.js';
import { createSsoEnforcement } from './enforcement.js';
import { createLegacySamlService } from './legacy-saml.js';
import { createSsoPrelogin } from './prelogin.js';

/** Issue 13: the SSO section (connections, domains, roles, policy), its legacy SAML calls, pre-login and enforcement. */
export function createSsoServices(deps: { db: Db; config: Config; clock: Clock }) {
  const { db, config, clock } = deps;
  const configurations = createSsoConfigurationService({
    db,
    config,
    clock,
    secrets: createSecretBox({ key: config.secretsKey, production: config.production }),
    outboundFetch: createOutboundFetch({ allowHosts: config.outboundAllowHosts }),
    dns: createTxtLookup(config.ssoDnsServers),
  });
  return {
    configurations,
    legacySaml: createLegacySamlService(db, configurations),
    prelogin: createSsoPrelogin({ db, fresh: configurations.fresh }),
    enforcement: createSsoEnforcement({ db, clock }),
  };
}

export type SsoServices = ReturnType<typeof createSsoServices>;
