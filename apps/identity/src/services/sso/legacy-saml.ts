import type { SsoConfiguration, SsoGroup } from '@brizo/contract/entities/sso';
import { atomicMethods, type Db } from '../../db/client.js';
import { appError, errorCatalogue } from '../../errors.js';
import type { AdminActor } from '../admin-access.js';
import type { ConfigurationInput, SsoConfigurationService } from './configurations.js';

// Issue 13: the SDK's first SSO screens (SSOState actions v1) speak of one SAML configuration per
// tenant with one domain. They read and write the tenant's first connection here; the v1/v2
// configurations API (configurations.ts) is the whole model.

/** The SDK's ISamlConfiguration. */
export interface LegacySamlConfiguration {
  enabled: boolean;
  domain?: string;
  validated?: boolean;
  generatedVerification?: string;
  ssoEndpoint?: string;
  publicCertificate?: string;
  signRequest?: boolean;
  acsUrl?: string;
  spEntityId?: string;
  type?: string;
  oidcClientId?: string;
  createdAt?: string;
  updatedAt?: string;
}

export interface LegacySamlInput extends ConfigurationInput {
  domain?: string | undefined;
}

export function createLegacySamlService(db: Db, configurations: SsoConfigurationService) {
  const first = async (actor: AdminActor): Promise<SsoConfiguration | undefined> =>
    (await configurations.list(actor))[0];

  const firstOrCreate = async (actor: AdminActor): Promise<SsoConfiguration> =>
    (await first(actor)) ?? configurations.create(actor, { type: 'saml', enabled: false });

  const legacyView = (configuration: SsoConfiguration | undefined): LegacySamlConfiguration => {
    if (!configuration) return { enabled: false };
    const domain = configuration.domains[0];
    return {
      enabled: configuration.enabled,
      ...(domain && {
        domain: domain.domain,
        validated: domain.validated,
        generatedVerification: domain.txtRecord,
      }),
      ssoEndpoint: configuration.ssoEndpoint,
      publicCertificate: configuration.publicCertificate,
      signRequest: configuration.signRequest,
      acsUrl: configuration.acsUrl,
      spEntityId: configuration.spEntityId,
      type: configuration.type,
      oidcClientId: configuration.oidcClientId,
      createdAt: configuration.createdAt,
      updatedAt: configuration.updatedAt,
    };
  };

  const reread = async (actor: AdminActor) => legacyView(await first(actor));

  // The steps of a save (a new domain, the reset fields) commit together.
  return atomicMethods(db, ['save', 'updateMetadata', 'setRoles', 'createGroup'], {
    async get(actor: AdminActor) {
      return legacyView(await first(actor));
    },

    /**
     * POST /v1/saml/configurations. SPEC section 4: a new domain replaces the old one (validated
     * again) and resets ssoEndpoint, publicCertificate and signRequest.
     */
    async save(actor: AdminActor, input: LegacySamlInput) {
      const { domain: requestedDomain, ...fields } = input;
      const existing = await first(actor);
      const domain = requestedDomain?.trim().toLowerCase();
      const newDomain = Boolean(domain && domain !== existing?.domains[0]?.domain);
      const changes: ConfigurationInput = newDomain
        ? { ...fields, ssoEndpoint: '', publicCertificate: '', signRequest: false }
        : fields;
      // Issue 14: a first save creates the connection with its fields, one audit row (not a creation
      // and then an update of what was just created).
      const current =
        existing ?? (await configurations.create(actor, { type: 'saml', enabled: false, ...changes }));
      if (domain && newDomain) {
        await configurations.addDomain(actor, current.id, domain);
        for (const old of current.domains) await configurations.removeDomain(actor, current.id, old.id);
      }
      if (existing) await configurations.update(actor, current.id, changes);
      return reread(actor);
    },

    async updateMetadata(actor: AdminActor, metadata: string) {
      const current = await first(actor);
      if (current) await configurations.updateFromMetadata(actor, current.id, metadata);
      else await configurations.createFromMetadata(actor, metadata);
      return reread(actor);
    },

    /** PUT /v1/saml/validations/domain: the first connection's domain. */
    async validateDomain(actor: AdminActor) {
      const current = await first(actor);
      const domain = current?.domains[0];
      if (!current || !domain) throw appError(errorCatalogue.sso.domainNotFound);
      await configurations.validateDomain(actor, current.id, domain.id);
      return reread(actor);
    },

    async roles(actor: AdminActor) {
      const current = await first(actor);
      return { roleIds: current?.roleIds ?? [] };
    },

    async setRoles(actor: AdminActor, roleIds: string[]) {
      const current = await firstOrCreate(actor);
      return configurations.setDefaultRoles(actor, current.id, roleIds);
    },

    async groups(actor: AdminActor): Promise<SsoGroup[]> {
      return (await first(actor))?.groups ?? [];
    },

    async createGroup(actor: AdminActor, input: { group: string; roleIds: string[] }) {
      return configurations.createGroup(actor, (await firstOrCreate(actor)).id, input);
    },

    async updateGroup(
      actor: AdminActor,
      groupId: string,
      input: { group?: string | undefined; roleIds?: string[] | undefined },
    ) {
      const current = await first(actor);
      if (!current) throw appError(errorCatalogue.sso.groupNotFound);
      return configurations.updateGroup(actor, current.id, groupId, input);
    },

    async deleteGroup(actor: AdminActor, groupId: string) {
      const current = await first(actor);
      if (!current) throw appError(errorCatalogue.sso.groupNotFound);
      await configurations.deleteGroup(actor, current.id, groupId);
    },
  });
}

export type LegacySamlService = ReturnType<typeof createLegacySamlService>;
