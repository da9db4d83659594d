import { grantsPermission, webPaths } from '@brizo/contract';
import type {
  SsoConfiguration,
  SsoDomain,
  SsoGroup,
  SsoPolicy,
  SsoTestReport,
} from '@brizo/contract/entities/sso';
import { ssoTestReportBodySchema } from '@brizo/contract/entities/sso';
import type { Config } from '../../config.js';
import { atomically, atomicMethods, type Db } from '../../db/client.js';
import { findPermissionsByIds } from '../../db/queries/permissions.js';
import { findRolesByIdsVisibleToTenant } from '../../db/queries/roles.js';
import {
  anySsoConnectionInUse,
  deleteSsoConnection,
  deleteSsoDomain,
  deleteSsoGroupMapping,
  findSsoConnectionOfTenant,
  findSsoDomain,
  findSsoGroupMapping,
  findSsoGroupMappingByName,
  findSsoPolicy,
  findSsoTestReport,
  findValidatedSsoDomain,
  insertSsoConnection,
  insertSsoDomain,
  insertSsoGroupMapping,
  listSsoConnectionsOfTenant,
  listSsoDomains,
  listSsoGroupMappings,
  listSsoTestReports,
  markSsoDomainValidated,
  updateSsoConnection,
  updateSsoGroupMapping,
  upsertSsoPolicy,
  type SsoConnectionChanges,
  type SsoDomainRow,
  type SsoGroupMappingRow,
  type SsoTestReportRow,
} from '../../db/queries/sso-settings.js';
import type { StoredBrowserBinding } from '../../auth/federated/browser-binding.js';
import type { SsoConnectionRow, SsoProtocolStart } from '../../auth/federated/types.js';
import { appError, errorCatalogue } from '../../errors.js';
import type { OutboundFetch } from '../../lib/outbound.js';
import type { SecretBox } from '../../lib/sealed-secrets.js';
import type { Clock } from '../../lib/time.js';
import type { AdminActor } from '../admin-access.js';
import { auditChange } from '../audit-changes.js';
import { auditEvents, recordAdminAudit, type AuditEvent } from '../audit.js';
import { newTxtRecord, normalizeSsoDomain, type TxtLookup } from './domain-verification.js';
import { certificateBodyOf, MAX_METADATA_BYTES, parseIdpMetadata, type IdpMetadata } from './idp-metadata.js';

/** What an administrator sends to create or change a configuration (the SDK's ISSOConfiguration fields). */
export interface ConfigurationInput {
  enabled?: boolean | undefined;
  type?: string | undefined;
  ssoEndpoint?: string | undefined;
  publicCertificate?: string | undefined;
  signRequest?: boolean | undefined;
  idpEntityId?: string | undefined;
  oidcClientId?: string | undefined;
  oidcSecret?: string | undefined;
  oidcIssuer?: string | undefined;
  oidcScopes?: string | undefined;
  skipEmailDomainValidation?: boolean | undefined;
  wantAssertionsSigned?: boolean | undefined;
  wantResponseSigned?: boolean | undefined;
  allowIdpInitiated?: boolean | undefined;
  attributeMapping?: Record<string, string | undefined> | undefined;
}

/**
 * The protocols' sign-in starts (auth/methods/saml, auth/methods/oidc): the routes pass `services`,
 * which holds them once they are wired.
 */
export interface SsoProtocols {
  saml?: SsoProtocolStart | undefined;
  oidc?: SsoProtocolStart | undefined;
}

/** Shown instead of a stored client secret: the portal knows one is set, never what it is. */
export const SECRET_MASK = '********';

/** IdP metadata fetched from a URL is read again when older than this, on use (and on demand). */
export const METADATA_REFRESH_MS = 24 * 60 * 60 * 1000;

/** How many live-test reports the section lists. */
export const TEST_REPORTS_SHOWN = 10;

const samlTypes = new Set(['saml', 'okta', 'azure', 'google']);
const protocolOf = (type: string) => (type === 'oidc' ? ('oidc' as const) : ('saml' as const));

/** Our side of a SAML connection, to configure at the IdP (the SAML sign-in serves both). */
export const serviceProviderUrls = (publicUrl: string) => ({
  acsUrl: `${publicUrl}/frontegg/auth/saml/callback`,
  spEntityId: `${publicUrl}/frontegg/saml/metadata`,
});

const isUniqueViolation = (error: unknown): boolean => {
  const code = (value: unknown) =>
    typeof value === 'object' && value !== null && 'code' in value ? value.code : undefined;
  const cause = typeof error === 'object' && error !== null && 'cause' in error ? error.cause : undefined;
  return code(error) === '23505' || code(cause) === '23505';
};

export function createSsoConfigurationService(deps: {
  db: Db;
  config: Pick<Config, 'publicUrl'>;
  clock: Clock;
  secrets: SecretBox;
  outboundFetch: OutboundFetch;
  dns: TxtLookup;
}) {
  const { db, clock } = deps;
  const sp = serviceProviderUrls(deps.config.publicUrl);
  const redirectUri = `${deps.config.publicUrl}${webPaths.oidcCallback}`;

  const audit = (actor: AdminActor, event: AuditEvent, json: Record<string, unknown>, description = '') =>
    recordAdminAudit(db, actor, event, { description, json }, clock.now());

  /** A connection's settings, as the audit log's before and after show them (its secret masked). */
  const fieldsOf = ({
    id: _id,
    tenantId: _tenant,
    createdAt: _created,
    updatedAt: _updated,
    ...fields
  }: SsoConnectionRow) => fields;

  const domainView = (row: SsoDomainRow): SsoDomain => ({
    id: row.id,
    domain: row.domain,
    validated: row.validated,
    txtRecord: row.txtRecord,
  });
  const groupView = (row: SsoGroupMappingRow): SsoGroup => ({
    id: row.id,
    group: row.group,
    roleIds: row.roleIds,
  });

  const view = (
    row: SsoConnectionRow,
    domains: SsoDomainRow[],
    groups: SsoGroupMappingRow[],
  ): SsoConfiguration => {
    const own = domains.filter((domain) => domain.connectionId === row.id);
    return {
      id: row.id,
      enabled: row.enabled,
      type: row.type,
      generatedVerification: own[0]?.txtRecord ?? '',
      ssoEndpoint: row.ssoEndpoint ?? '',
      publicCertificate: row.idpCertificates[0] ?? '',
      signRequest: row.signRequest,
      ...sp,
      idpEntityId: row.idpEntityId ?? '',
      oidcClientId: row.oidcClientId ?? '',
      oidcSecret: row.oidcClientSecret ? SECRET_MASK : '',
      oidcIssuer: row.oidcIssuer ?? '',
      redirectUri,
      metadataUrl: row.metadataUrl,
      metadataRefreshedAt: row.metadataRefreshedAt?.toISOString() ?? null,
      skipEmailDomainValidation: row.skipEmailDomainValidation,
      domains: own.map(domainView),
      groups: groups.filter((group) => group.connectionId === row.id).map(groupView),
      roleIds: row.roleIds,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  };

  const viewOf = async (row: SsoConnectionRow) =>
    view(row, await listSsoDomains(db, [row.id]), await listSsoGroupMappings(db, [row.id]));

  /** The caller's tenant's connection, or 404: another tenant's id is as unknown as a made-up one. */
  const connectionOf = async (actor: AdminActor, id: string): Promise<SsoConnectionRow> => {
    const row = await findSsoConnectionOfTenant(db, actor.tenantId, id);
    if (!row) throw appError(errorCatalogue.sso.connectionNotFound);
    return row;
  };

  /**
   * Roles an administrator may map: the tenant's or the vendor's, and (as in the Users section) only
   * those whose permissions the administrator holds, or mapping an IdP group would hand out more.
   */
  const roleIdsFor = async (actor: AdminActor, requested: string[]): Promise<string[]> => {
    const roleIds = [...new Set(requested.filter((id) => id !== ''))];
    const found = await findRolesByIdsVisibleToTenant(db, actor.tenantId, roleIds);
    if (found.length !== roleIds.length) throw appError(errorCatalogue.sso.roleNotFound);
    if (actor.superUser) return roleIds;
    const permissions = await findPermissionsByIds(
      db,
      found.flatMap((role) => role.permissionIds),
    );
    if (permissions.some((permission) => !grantsPermission(actor.permissions, permission.key)))
      throw appError(errorCatalogue.team.roleNotGrantable);
    return roleIds;
  };

  const httpUrl = (value: string, field: string) => {
    try {
      const url = new URL(value);
      if (url.protocol === 'https:' || url.protocol === 'http:') return url.toString();
    } catch {
      // refused below
    }
    throw appError(errorCatalogue.sso.invalidConfiguration, `${field} must be an http(s) address`);
  };

  /** The columns an input changes; what it leaves out stays as it is. */
  const changesOf = (
    actor: AdminActor,
    input: ConfigurationInput,
    current: SsoConnectionRow | undefined,
  ): SsoConnectionChanges => {
    const changes: SsoConnectionChanges = {};
    if (input.type !== undefined) {
      if (!samlTypes.has(input.type) && input.type !== 'oidc')
        throw appError(
          errorCatalogue.sso.invalidConfiguration,
          'type must be saml, okta, azure, google or oidc',
        );
      changes.type = input.type;
      changes.protocol = protocolOf(input.type);
    }
    if (input.enabled !== undefined) changes.enabled = input.enabled;
    if (input.ssoEndpoint !== undefined)
      changes.ssoEndpoint = input.ssoEndpoint === '' ? null : httpUrl(input.ssoEndpoint, 'ssoEndpoint');
    if (input.publicCertificate !== undefined)
      changes.idpCertificates =
        input.publicCertificate.trim() === '' ? [] : [certificateBodyOf(input.publicCertificate)];
    if (input.signRequest !== undefined) changes.signRequest = input.signRequest;
    if (input.idpEntityId !== undefined) changes.idpEntityId = input.idpEntityId.trim() || null;
    if (input.oidcClientId !== undefined) changes.oidcClientId = input.oidcClientId.trim() || null;
    // The mask the portal got back means "unchanged"; '' removes the secret.
    if (input.oidcSecret !== undefined && input.oidcSecret !== SECRET_MASK)
      changes.oidcClientSecret = input.oidcSecret === '' ? null : deps.secrets.seal(input.oidcSecret);
    if (input.oidcIssuer !== undefined)
      changes.oidcIssuer = input.oidcIssuer === '' ? null : httpUrl(input.oidcIssuer, 'oidcIssuer');
    if (input.oidcScopes !== undefined) {
      const scopes = input.oidcScopes.split(/\s+/).filter(Boolean);
      if (!scopes.includes('openid'))
        throw appError(errorCatalogue.sso.invalidConfiguration, 'oidcScopes must include openid');
      changes.oidcScopes = scopes.join(' ');
    }
    if (input.wantAssertionsSigned !== undefined) changes.wantAssertionsSigned = input.wantAssertionsSigned;
    if (input.wantResponseSigned !== undefined) changes.wantResponseSigned = input.wantResponseSigned;
    const assertions = changes.wantAssertionsSigned ?? current?.wantAssertionsSigned ?? true;
    const response = changes.wantResponseSigned ?? current?.wantResponseSigned ?? false;
    if (!assertions && !response)
      throw appError(
        errorCatalogue.sso.invalidConfiguration,
        'The assertion or the response (or both) must be signed',
      );
    if (input.allowIdpInitiated !== undefined) changes.allowIdpInitiated = input.allowIdpInitiated;
    if (input.attributeMapping !== undefined) {
      const mapping = Object.fromEntries(
        Object.entries(input.attributeMapping).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].trim() !== '',
        ),
      );
      changes.attributeMapping = mapping;
    }
    if (
      input.skipEmailDomainValidation !== undefined &&
      input.skipEmailDomainValidation !== (current?.skipEmailDomainValidation ?? false)
    ) {
      // It lets the IdP provision people of any email domain: the vendor's call, not a tenant's.
      if (!actor.superUser)
        throw appError(
          errorCatalogue.sso.invalidConfiguration,
          'Only the vendor may turn off the email domain check',
        );
      changes.skipEmailDomainValidation = input.skipEmailDomainValidation;
    }
    return changes;
  };

  const metadataChanges = (metadata: IdpMetadata): SsoConnectionChanges => ({
    idpEntityId: metadata.entityId,
    ssoEndpoint: metadata.ssoEndpoint,
    idpCertificates: metadata.certificates,
  });

  const fetchMetadata = async (url: string): Promise<{ xml: string; metadata: IdpMetadata }> => {
    const address = httpUrl(url, 'url');
    let xml: string;
    try {
      const response = await deps.outboundFetch(address, {
        headers: { accept: 'application/xml, text/xml' },
      });
      if (!response.ok) throw new Error(`status ${response.status}`);
      const declared = Number(response.headers.get('content-length') ?? '0');
      if (declared > MAX_METADATA_BYTES) throw new Error('too large');
      xml = await response.text();
    } catch {
      throw appError(errorCatalogue.sso.metadataUnreachable);
    }
    return { xml, metadata: parseIdpMetadata(xml) };
  };

  // Issue 14: each write and its audit row are one transaction, also for the callers that fetch a
  // metadata URL first (kept outside atomicMethods so that no transaction waits on the network).
  const create = (actor: AdminActor, changes: SsoConnectionChanges, json: Record<string, unknown>) =>
    atomically(db, async () => {
      const now = clock.now();
      const row = await insertSsoConnection(db, {
        ...changes,
        tenantId: actor.tenantId,
        createdAt: now,
        updatedAt: now,
      });
      await audit(actor, auditEvents.ssoConfigurationCreated, {
        configurationId: row.id,
        ...json,
        ...auditChange(null, fieldsOf(row)),
      });
      return viewOf(row);
    });

  const update = async (
    actor: AdminActor,
    id: string,
    changes: SsoConnectionChanges,
    json: Record<string, unknown>,
  ) =>
    atomically(db, async () => {
      const before = await connectionOf(actor, id);
      const row = await updateSsoConnection(db, actor.tenantId, id, { ...changes, updatedAt: clock.now() });
      if (!row) throw appError(errorCatalogue.sso.connectionNotFound);
      await audit(actor, auditEvents.ssoConfigurationUpdated, {
        configurationId: id,
        ...json,
        ...auditChange(fieldsOf(before), fieldsOf(row)),
      });
      return viewOf(row);
    });

  /** The audit row names the fields changed, never a secret's value. */
  const changedFields = (changes: SsoConnectionChanges) => ({ fields: Object.keys(changes).sort() });

  const validate = async (actor: AdminActor, connectionId: string, domainId: string): Promise<SsoDomain> => {
    await connectionOf(actor, connectionId);
    const domain = await findSsoDomain(db, connectionId, domainId);
    if (!domain) throw appError(errorCatalogue.sso.domainNotFound);
    if (domain.validated) return domainView(domain);
    const owner = await findValidatedSsoDomain(db, domain.domain);
    if (owner) throw appError(errorCatalogue.sso.domainClaimed);
    const records = await deps.dns.txtRecords(domain.domain);
    if (!records.some((record) => record.trim() === domain.txtRecord)) {
      await audit(actor, auditEvents.ssoDomainValidationFailed, {
        configurationId: connectionId,
        domain: domain.domain,
        txtRecordsFound: records.length,
      });
      throw appError(errorCatalogue.sso.domainNotVerified);
    }
    await atomically(db, async () => {
      let marked: boolean;
      try {
        marked = await markSsoDomainValidated(db, domain.id, clock.now());
      } catch (error) {
        // Two tenants validating one domain at the same instant: the unique index lets one win.
        if (isUniqueViolation(error)) throw appError(errorCatalogue.sso.domainClaimed);
        throw error;
      }
      if (!marked) throw appError(errorCatalogue.sso.domainClaimed);
      await audit(actor, auditEvents.ssoDomainValidated, {
        configurationId: connectionId,
        domain: domain.domain,
        ...auditChange({ validated: false }, { validated: true }),
      });
    });
    return { ...domainView(domain), validated: true };
  };

  const policyOf = async (tenantId: string): Promise<SsoPolicy> => {
    const row = await findSsoPolicy(db, tenantId);
    return { enforced: row?.enforced ?? false, excludedEmails: row?.excludedEmails ?? [] };
  };

  const savePolicy = async (actor: AdminActor, policy: SsoPolicy): Promise<SsoPolicy> => {
    const excludedEmails = [
      ...new Set(policy.excludedEmails.map((email) => email.trim().toLowerCase())),
    ].sort();
    return atomically(db, async () => {
      const before = await policyOf(actor.tenantId);
      await upsertSsoPolicy(db, {
        tenantId: actor.tenantId,
        enforced: policy.enforced,
        excludedEmails,
        updatedAt: clock.now(),
      });
      const after = { enforced: policy.enforced, excludedEmails };
      await audit(actor, auditEvents.ssoPolicyUpdated, { ...after, ...auditChange(before, after) });
      return after;
    });
  };

  const reportView = (row: SsoTestReportRow): SsoTestReport => {
    const parsed = ssoTestReportBodySchema.safeParse(row.report);
    return {
      id: row.id,
      configurationId: row.connectionId,
      succeeded: row.succeeded,
      createdAt: row.createdAt.toISOString(),
      report: parsed.success
        ? parsed.data
        : { protocol: 'saml', succeeded: row.succeeded, checks: [], error: 'The report could not be read' },
    };
  };

  const protocolStart = (connection: SsoConnectionRow, protocols: SsoProtocols): SsoProtocolStart => {
    const start = protocols[connection.protocol];
    if (!start) throw appError(errorCatalogue.sso.protocolUnavailable);
    return start;
  };

  const service = {
    serviceProvider: () => ({ ...sp, redirectUri }),

    /** The public configuration's isActive: some tenant signs in through SSO. */
    isActive: () => anySsoConnectionInUse(db),

    async list(actor: AdminActor): Promise<SsoConfiguration[]> {
      const rows = await listSsoConnectionsOfTenant(db, actor.tenantId);
      const ids = rows.map((row) => row.id);
      const [domains, groups] = await Promise.all([listSsoDomains(db, ids), listSsoGroupMappings(db, ids)]);
      return rows.map((row) => view(row, domains, groups));
    },

    async get(actor: AdminActor, id: string) {
      return viewOf(await connectionOf(actor, id));
    },

    async create(actor: AdminActor, input: ConfigurationInput) {
      const changes = changesOf(actor, { type: 'saml', ...input }, undefined);
      return create(actor, changes, changedFields(changes));
    },

    async update(actor: AdminActor, id: string, input: ConfigurationInput) {
      const current = await connectionOf(actor, id);
      const changes = changesOf(actor, input, current);
      return update(actor, id, changes, changedFields(changes));
    },

    async remove(actor: AdminActor, id: string) {
      const before = await findSsoConnectionOfTenant(db, actor.tenantId, id);
      if (!before || !(await deleteSsoConnection(db, actor.tenantId, id)))
        throw appError(errorCatalogue.sso.connectionNotFound);
      await audit(actor, auditEvents.ssoConfigurationDeleted, {
        configurationId: id,
        ...auditChange(fieldsOf(before), null),
      });
    },

    async createFromMetadata(actor: AdminActor, xml: string) {
      const metadata = parseIdpMetadata(xml);
      return create(
        actor,
        { type: 'saml', protocol: 'saml', metadataXml: xml, ...metadataChanges(metadata) },
        {
          source: 'metadata',
          idpEntityId: metadata.entityId,
        },
      );
    },

    async updateFromMetadata(actor: AdminActor, id: string, xml: string) {
      await connectionOf(actor, id);
      const metadata = parseIdpMetadata(xml);
      // An uploaded document replaces the URL: it would otherwise be overwritten on the next refresh.
      return update(
        actor,
        id,
        { metadataXml: xml, metadataUrl: null, metadataRefreshedAt: null, ...metadataChanges(metadata) },
        { source: 'metadata', idpEntityId: metadata.entityId },
      );
    },

    async createFromMetadataUrl(actor: AdminActor, url: string) {
      const { xml, metadata } = await fetchMetadata(url);
      return create(
        actor,
        {
          type: 'saml',
          protocol: 'saml',
          metadataXml: xml,
          metadataUrl: url,
          metadataRefreshedAt: clock.now(),
          ...metadataChanges(metadata),
        },
        { source: 'metadata-url', metadataUrl: url, idpEntityId: metadata.entityId },
      );
    },

    async updateFromMetadataUrl(actor: AdminActor, id: string, url: string) {
      await connectionOf(actor, id);
      const { xml, metadata } = await fetchMetadata(url);
      return update(
        actor,
        id,
        {
          metadataXml: xml,
          metadataUrl: url,
          metadataRefreshedAt: clock.now(),
          ...metadataChanges(metadata),
        },
        { source: 'metadata-url', metadataUrl: url, idpEntityId: metadata.entityId },
      );
    },

    /** POST .../{id}/metadata-url/refresh: reads the IdP's metadata URL again now. */
    async refreshMetadata(actor: AdminActor, id: string) {
      const current = await connectionOf(actor, id);
      if (!current.metadataUrl) throw appError(errorCatalogue.sso.noMetadataUrl);
      const { xml, metadata } = await fetchMetadata(current.metadataUrl);
      return update(
        actor,
        id,
        { metadataXml: xml, metadataRefreshedAt: clock.now(), ...metadataChanges(metadata) },
        { source: 'metadata-url refresh', idpEntityId: metadata.entityId },
      );
    },

    /**
     * A connection about to be used, with its metadata read again from its URL when older than
     * METADATA_REFRESH_MS (the IdP may have rolled its key). A failed refresh keeps what was stored:
     * a sign-in should not fail because the IdP's metadata host is down.
     */
    async fresh(connection: SsoConnectionRow): Promise<SsoConnectionRow> {
      const refreshedAt = connection.metadataRefreshedAt?.getTime() ?? 0;
      if (!connection.metadataUrl || clock.now().getTime() - refreshedAt < METADATA_REFRESH_MS)
        return connection;
      try {
        const { xml, metadata } = await fetchMetadata(connection.metadataUrl);
        const row = await updateSsoConnection(db, connection.tenantId, connection.id, {
          metadataXml: xml,
          metadataRefreshedAt: clock.now(),
          ...metadataChanges(metadata),
        });
        return row ?? connection;
      } catch {
        return connection;
      }
    },

    async addDomain(actor: AdminActor, connectionId: string, input: string): Promise<SsoDomain> {
      await connectionOf(actor, connectionId);
      const domain = normalizeSsoDomain(input);
      const row = await insertSsoDomain(db, {
        connectionId,
        tenantId: actor.tenantId,
        domain,
        txtRecord: newTxtRecord(),
        createdAt: clock.now(),
      });
      if (!row) throw appError(errorCatalogue.sso.domainExists);
      await audit(actor, auditEvents.ssoDomainAdded, {
        configurationId: connectionId,
        domain,
        ...auditChange(null, { domain, validated: row.validated }),
      });
      return domainView(row);
    },

    async removeDomain(actor: AdminActor, connectionId: string, domainId: string) {
      await connectionOf(actor, connectionId);
      const domain = await findSsoDomain(db, connectionId, domainId);
      if (!domain || !(await deleteSsoDomain(db, connectionId, domainId)))
        throw appError(errorCatalogue.sso.domainNotFound);
      await audit(actor, auditEvents.ssoDomainDeleted, {
        configurationId: connectionId,
        domain: domain.domain,
        ...auditChange({ domain: domain.domain, validated: domain.validated }, null),
      });
    },

    validateDomain: validate,

    async defaultRoles(actor: AdminActor, connectionId: string) {
      return { roleIds: (await connectionOf(actor, connectionId)).roleIds };
    },

    async setDefaultRoles(actor: AdminActor, connectionId: string, requested: string[]) {
      const before = await connectionOf(actor, connectionId);
      const roleIds = await roleIdsFor(actor, requested);
      await updateSsoConnection(db, actor.tenantId, connectionId, { roleIds, updatedAt: clock.now() });
      await audit(actor, auditEvents.ssoRolesUpdated, {
        configurationId: connectionId,
        roleIds,
        ...auditChange({ roleIds: before.roleIds }, { roleIds }),
      });
      return { roleIds };
    },

    async groups(actor: AdminActor, connectionId: string): Promise<SsoGroup[]> {
      await connectionOf(actor, connectionId);
      return (await listSsoGroupMappings(db, [connectionId])).map(groupView);
    },

    async createGroup(actor: AdminActor, connectionId: string, input: { group: string; roleIds: string[] }) {
      await connectionOf(actor, connectionId);
      const group = input.group.trim();
      if (group === '') throw appError(errorCatalogue.sso.invalidConfiguration, 'group is required');
      const roleIds = await roleIdsFor(actor, input.roleIds);
      const now = clock.now();
      const row = await insertSsoGroupMapping(db, {
        connectionId,
        group,
        roleIds,
        createdAt: now,
        updatedAt: now,
      });
      if (!row) throw appError(errorCatalogue.sso.groupExists);
      await audit(actor, auditEvents.ssoGroupSaved, {
        configurationId: connectionId,
        group,
        roleIds,
        ...auditChange(null, { group, roleIds }),
      });
      return groupView(row);
    },

    async updateGroup(
      actor: AdminActor,
      connectionId: string,
      groupId: string,
      input: { group?: string | undefined; roleIds?: string[] | undefined },
    ) {
      await connectionOf(actor, connectionId);
      const current = await findSsoGroupMapping(db, connectionId, groupId);
      if (!current) throw appError(errorCatalogue.sso.groupNotFound);
      const group = input.group?.trim() || current.group;
      const clash = await findSsoGroupMappingByName(db, connectionId, group);
      if (clash && clash.id !== groupId) throw appError(errorCatalogue.sso.groupExists);
      const roleIds = input.roleIds === undefined ? current.roleIds : await roleIdsFor(actor, input.roleIds);
      const row = await updateSsoGroupMapping(db, connectionId, groupId, {
        group,
        roleIds,
        updatedAt: clock.now(),
      });
      if (!row) throw appError(errorCatalogue.sso.groupNotFound);
      await audit(actor, auditEvents.ssoGroupSaved, {
        configurationId: connectionId,
        groupId,
        group,
        roleIds,
        ...auditChange({ group: current.group, roleIds: current.roleIds }, { group, roleIds }),
      });
      return groupView(row);
    },

    async deleteGroup(actor: AdminActor, connectionId: string, groupId: string) {
      await connectionOf(actor, connectionId);
      const current = await findSsoGroupMapping(db, connectionId, groupId);
      if (!current || !(await deleteSsoGroupMapping(db, connectionId, groupId)))
        throw appError(errorCatalogue.sso.groupNotFound);
      await audit(actor, auditEvents.ssoGroupDeleted, {
        configurationId: connectionId,
        group: current.group,
        ...auditChange({ group: current.group, roleIds: current.roleIds }, null),
      });
    },

    policy: (actor: AdminActor) => policyOf(actor.tenantId),
    savePolicy,

    async excludeEmail(actor: AdminActor, email: string) {
      const policy = await policyOf(actor.tenantId);
      return savePolicy(actor, { ...policy, excludedEmails: [...policy.excludedEmails, email] });
    },

    async includeEmail(actor: AdminActor, email: string) {
      const policy = await policyOf(actor.tenantId);
      const removed = email.trim().toLowerCase();
      return savePolicy(actor, {
        ...policy,
        excludedEmails: policy.excludedEmails.filter((excluded) => excluded !== removed),
      });
    },

    /** POST .../{id}/test: where the browser goes to try the connection; nobody is signed in by it. */
    async startTest(
      actor: AdminActor,
      connectionId: string,
      protocols: SsoProtocols,
      /** The administrator's browser, whose test window finishes it (auth/federated/browser-binding.ts). */
      binding: StoredBrowserBinding,
    ) {
      const connection = await service.fresh(await connectionOf(actor, connectionId));
      const address = await protocolStart(connection, protocols).start(connection, {
        purpose: 'test',
        meta: actor.meta,
        binding,
      });
      await audit(actor, auditEvents.ssoTestStarted, { configurationId: connectionId });
      return { address };
    },

    async testReports(actor: AdminActor, connectionId: string): Promise<SsoTestReport[]> {
      await connectionOf(actor, connectionId);
      return (await listSsoTestReports(db, connectionId, TEST_REPORTS_SHOWN)).map(reportView);
    },

    async testReport(actor: AdminActor, connectionId: string, reportId: string): Promise<SsoTestReport> {
      await connectionOf(actor, connectionId);
      const row = await findSsoTestReport(db, connectionId, reportId);
      if (!row) throw appError(errorCatalogue.sso.testReportNotFound);
      return reportView(row);
    },

    protocolStart,
  };

  // Issue 10: each change and its audit row are one transaction. The URL fetches and DNS lookups run
  // inside theirs too, which is acceptable for these rare administrator calls.
  return atomicMethods(
    db,
    [
      'create',
      'update',
      'remove',
      'createFromMetadata',
      'updateFromMetadata',
      'addDomain',
      'removeDomain',
      'setDefaultRoles',
      'createGroup',
      'updateGroup',
      'deleteGroup',
      'savePolicy',
    ],
    service,
  );
}

export type SsoConfigurationService = ReturnType<typeof createSsoConfigurationService>;
