import { metadataRowsSchema } from '@brizo/contract/entities/admin-box';
import {
  ssoConfigurationSchema,
  ssoDomainSchema,
  ssoPolicySchema,
  ssoTestReportSchema,
  ssoTestStartSchema,
  type SsoConfiguration,
  type SsoDomain,
  type SsoGroup,
  type SsoPolicy,
  type SsoTestReport,
} from '@brizo/contract/entities/sso';
import { api, ContextHolder, FetchClient } from '@frontegg/rest-api';
import { useCallback, useEffect, useState } from 'react';
import { z } from 'zod';
import { APP_NAME } from '../store';
import { errorMessage } from './api-error';
import { callApi } from './call-api';
import { usePreviewMode } from './portal';
import { readAnswer } from './read-answer';

// The SSO section's data: a tenant's SAML and OIDC connections (/team/resources/sso), their domains,
// default roles, group-to-role mappings, the tenant's enforcement policy and the connection's live
// tests. The store has no actions for most of these, so the adapter calls the official client (and
// its FetchClient for the calls the client lacks) and parses every answer with the contract's schemas.
// In preview mode nothing reaches a server: the lists are empty and changes are refused.

export type { SsoConfiguration, SsoDomain, SsoGroup, SsoPolicy, SsoTestReport };

export type SsoProtocol = 'saml' | 'oidc';

/** What the setup flow's first step chooses: the identity provider, which names the SSO type. */
export const identityProviders = [
  { value: 'okta', label: 'Okta' },
  { value: 'azure', label: 'Microsoft Entra ID' },
  { value: 'google', label: 'Google Workspace' },
  { value: 'saml', label: 'Other' },
] as const;
export type IdentityProviderLabel = (typeof identityProviders)[number]['value'];

/** The protocol a configuration speaks: its type names it (SPEC section 3 "SSO types"). */
export const protocolOf = (configuration: Pick<SsoConfiguration, 'type'>): SsoProtocol =>
  configuration.type === 'oidc' ? 'oidc' : 'saml';

/** How the identity provider is described, one of three ways (the setup flow's third step). */
export type IdentityProviderSource =
  | { kind: 'metadataXml'; metadata: string }
  | { kind: 'metadataUrl'; url: string }
  | { kind: 'saml'; ssoEndpoint: string; publicCertificate: string; signRequest: boolean }
  | { kind: 'oidc'; oidcIssuer: string; oidcClientId: string; oidcSecret: string };

/** Our SAML service provider, as the identity provider is told about it. */
export interface ServiceProvider {
  acsUrl: string;
  spEntityId: string;
  /** Our SP metadata XML (a link to download). */
  metadataUrl: string;
}

const BASE = '/team/resources/sso/v1/configurations';
const client = () => new FetchClient(APP_NAME);

const configurations = z.array(ssoConfigurationSchema);
const reports = z.array(ssoTestReportSchema);
const samlMetadata = z.object({ acsUrl: z.string(), spEntityId: z.string() });
const noAnswer = () => undefined;

/** The identity server's address of a path under /frontegg (the SDK's base URL and prefix). */
export function serverAddress(path: string): string {
  return `${FetchClient.getBaseUrl(ContextHolder.for(APP_NAME).getContext(), path)}${path}`;
}

/** The SSO calls, one function each (the official client's where it has one). */
export const ssoApi = {
  list: () =>
    callApi(
      () => api.auth.getSSOConfigurations(),
      (answer) => readAnswer(configurations, answer, 'SSO configurations'),
    ),
  /** Creates a configuration from the identity provider's description; answers it. */
  create: async (type: string, source: IdentityProviderSource): Promise<SsoConfiguration> => {
    const read = (answer: unknown) => readAnswer(ssoConfigurationSchema, answer, 'SSO configuration');
    if (source.kind === 'metadataXml' || source.kind === 'metadataUrl') {
      const created = await callApi(
        () =>
          source.kind === 'metadataXml'
            ? api.auth.createSSOConfigurationByMetadata({ metadata: source.metadata })
            : client().post(`${BASE}/metadata-url`, { url: source.url }),
        read,
      );
      // The metadata calls take no type: the label chosen in the first step follows.
      return created.type === type ? created : ssoApi.update(created.id, { type });
    }
    const { kind: _kind, ...fields } = source;
    return callApi(() => client().post(BASE, { enabled: true, type, ...fields }), read);
  },
  /** Describes the identity provider anew (metadata again, or the fields by hand). */
  replaceIdentityProvider: (id: string, source: IdentityProviderSource): Promise<SsoConfiguration> => {
    const read = (answer: unknown) => readAnswer(ssoConfigurationSchema, answer, 'SSO configuration');
    if (source.kind === 'metadataXml')
      return callApi(
        () => api.auth.updateSSOConfigurationByMetadata(id, { metadata: source.metadata }),
        read,
      );
    if (source.kind === 'metadataUrl')
      return callApi(() => client().put(`${BASE}/${id}/metadata-url`, { url: source.url }), read);
    const { kind: _kind, ...fields } = source;
    // An empty secret field keeps the stored secret (it is never shown, so it cannot be edited).
    if ('oidcSecret' in fields && !fields.oidcSecret) {
      const { oidcSecret: _kept, ...rest } = fields;
      return ssoApi.update(id, rest);
    }
    return ssoApi.update(id, fields);
  },
  update: (id: string, changes: Record<string, unknown>) =>
    callApi(
      () => client().patch(`${BASE}/${id}`, changes),
      (answer) => readAnswer(ssoConfigurationSchema, answer, 'SSO configuration'),
    ),
  remove: (id: string) => callApi(() => api.auth.deleteSSOConfiguration(id), noAnswer),
  addDomain: (id: string, domain: string) =>
    callApi(
      () => api.auth.createSSODomain(id, { domain }),
      (answer) => readAnswer(ssoDomainSchema, answer, 'SSO domain'),
    ),
  removeDomain: (id: string, domainId: string) =>
    callApi(() => api.auth.deleteSSODomain(id, domainId), noAnswer),
  /** Looks the domain's TXT record up; rejects with the server's reason when it is not there yet. */
  verifyDomain: (id: string, domainId: string) =>
    callApi(
      () => api.auth.validateSSODomainV2(id, domainId),
      (answer) => readAnswer(ssoDomainSchema, answer, 'SSO domain'),
    ),
  // The role and group calls answer what the server kept, which the configuration's next read
  // carries too: the section reloads the configurations after them.
  setDefaultRoles: (id: string, roleIds: string[]) =>
    callApi(() => api.auth.setSSODefaultRoles(id, { roleIds }), noAnswer),
  addGroup: (id: string, group: string, roleIds: string[]) =>
    callApi(() => api.auth.createSSOGroup(id, { group, roleIds }), noAnswer),
  updateGroup: (id: string, groupId: string, group: string, roleIds: string[]) =>
    callApi(() => api.auth.updateSSOGroup(id, { id: groupId, group, roleIds }), noAnswer),
  removeGroup: (id: string, groupId: string) => callApi(() => api.auth.deleteSSOGroup(id, groupId), noAnswer),
  getPolicy: () =>
    callApi(
      () => client().get(`${BASE}/policy`),
      (answer) => readAnswer(ssoPolicySchema, answer, 'SSO policy'),
    ),
  setPolicy: (policy: SsoPolicy) =>
    callApi(
      () => client().put(`${BASE}/policy`, policy),
      (answer) => readAnswer(ssoPolicySchema, answer, 'SSO policy'),
    ),
  /** Starts a live test: the address the test window opens. */
  startTest: (id: string) =>
    callApi(
      () => client().post(`${BASE}/${id}/test`, {}),
      (answer) => readAnswer(ssoTestStartSchema, answer, 'SSO test').address,
    ),
  /** The connection's last live tests, latest first. */
  listTestReports: (id: string) =>
    callApi(
      () => client().get(`${BASE}/${id}/test-reports`),
      (answer) => readAnswer(reports, answer, 'SSO test reports'),
    ),
  getTestReport: (id: string, reportId: string) =>
    callApi(
      () => client().get(`${BASE}/${id}/test-reports/${reportId}`),
      (answer) => readAnswer(ssoTestReportSchema, answer, 'SSO test report'),
    ),
  /** Our SAML service provider's addresses (GET /metadata?entityName=saml). */
  serviceProvider: () =>
    callApi(
      () => client().get('/metadata', { entityName: 'saml' }),
      (answer): ServiceProvider => {
        const row = readAnswer(metadataRowsSchema, answer, 'SAML metadata').rows[0];
        const saml = readAnswer(samlMetadata, row?.configuration, 'SAML metadata');
        return { ...saml, metadataUrl: serverAddress('/saml/metadata') };
      },
    ),
};

export type SsoApi = typeof ssoApi;

const PREVIEW_REFUSAL = 'Single sign-on cannot be set up in preview mode';
/** The same calls in preview mode: nothing to read, and every change refused in plain words. */
const previewApi: SsoApi = Object.fromEntries(
  Object.keys(ssoApi).map((name) => [
    name,
    name === 'list' || name === 'listTestReports'
      ? async () => []
      : name === 'getPolicy'
        ? async () => ({ enforced: false, excludedEmails: [] })
        : async () => {
            throw new Error(PREVIEW_REFUSAL);
          },
  ]),
) as unknown as SsoApi;

/** The SSO calls for this portal: the server's, or the preview's. */
export function useSsoApi(): SsoApi {
  return usePreviewMode() ? previewApi : ssoApi;
}

export interface SsoView {
  configurations: SsoConfiguration[];
  policy: SsoPolicy;
  loaded: boolean;
  error: string | null;
  load: () => void;
  /** Puts a configuration's fresh answer in the list (or adds it). */
  keep: (configuration: SsoConfiguration) => void;
  /** Reads the configurations and the policy again (after a change that answers neither); rejects on failure. */
  reload: () => Promise<void>;
  keepPolicy: (policy: SsoPolicy) => void;
  api: SsoApi;
}

/** The tenant's SSO configurations and policy, loaded together. */
export function useSso(): SsoView {
  const sso = useSsoApi();
  const [configurationsState, setConfigurations] = useState<SsoConfiguration[]>([]);
  const [policy, setPolicy] = useState<SsoPolicy>({ enforced: false, excludedEmails: [] });
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const reload = useCallback(async () => {
    const [list, stored] = await Promise.all([sso.list(), sso.getPolicy()]);
    setConfigurations(list);
    setPolicy(stored);
  }, [sso]);
  const load = useCallback(() => {
    setError(null);
    reload()
      .catch((failure: unknown) => setError(errorMessage(failure)))
      .finally(() => setLoaded(true));
  }, [reload]);
  useEffect(() => load(), [load]);

  const keep = useCallback((configuration: SsoConfiguration) => {
    setConfigurations((list) =>
      list.some((item) => item.id === configuration.id)
        ? list.map((item) => (item.id === configuration.id ? configuration : item))
        : [...list, configuration],
    );
  }, []);

  return {
    configurations: configurationsState,
    policy,
    loaded,
    error,
    load,
    keep,
    reload,
    keepPolicy: setPolicy,
    api: sso,
  };
}
