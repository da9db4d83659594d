import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ssoConfigurationSchema,
  ssoDefaultRolesSchema,
  ssoDomainSchema,
  ssoGroupSchema,
  ssoPolicySchema,
  ssoTestReportSchema,
  ssoTestStartSchema,
} from '@brizo/contract/entities/sso';
import { z } from 'zod';
import { bindBrowser, newBrowserBinding } from '../../auth/federated/browser-binding.js';
import type { RouteOptions } from '../../services/index.js';
import type { SsoProtocols } from '../../services/sso/configurations.js';
import { areaRoutes } from '../route.js';

// Issue 13: the SSO section's API (/team/resources/sso/v1 and v2), as the SDK's SSOState v2 actions
// call it. Every call acts in the caller's active tenant: another tenant's ids answer 404.

const read = { permission: 'fe.secure.read.samlConfiguration' } as const;
const write = { permission: 'fe.secure.write.samlConfiguration' } as const;
const remove = { permission: 'fe.secure.delete.samlConfiguration' } as const;

const id = z.uuid({ error: 'must be a configuration id' });
const configurationParams = z.object({ id });
const domainParams = z.object({ id, domainId: z.uuid({ error: 'must be a domain id' }) });
const groupParams = z.object({ id, groupId: z.uuid({ error: 'must be a group id' }) });
const reportParams = z.object({ id, reportId: z.uuid({ error: 'must be a report id' }) });
const roleIds = z.array(z.union([z.uuid({ error: 'roleIds must be role ids' }), z.literal('')])).max(100);

const text = z.string().max(2048);
/** What the SDK sends (it sends the whole configuration back; what is not listed here is ignored). */
export const configurationBody = z.object({
  enabled: z.boolean().optional(),
  type: z.string().max(32).optional(),
  ssoEndpoint: text.optional(),
  publicCertificate: z.string().max(20_000).optional(),
  signRequest: z.boolean().optional(),
  idpEntityId: text.optional(),
  oidcClientId: text.optional(),
  oidcSecret: text.optional(),
  oidcIssuer: text.optional(),
  oidcScopes: z.string().max(512).optional(),
  skipEmailDomainValidation: z.boolean().optional(),
  wantAssertionsSigned: z.boolean().optional(),
  wantResponseSigned: z.boolean().optional(),
  allowIdpInitiated: z.boolean().optional(),
  attributeMapping: z
    .object({
      email: z.string().max(256).optional(),
      name: z.string().max(256).optional(),
      firstName: z.string().max(256).optional(),
      lastName: z.string().max(256).optional(),
      groups: z.string().max(256).optional(),
    })
    .optional(),
});
const metadataBody = z.object({ metadata: z.string().min(1, 'metadata is required').max(1_000_000) });
const metadataUrlBody = z.object({ url: z.string().min(1, 'url is required').max(2048) });
const groupBody = z.object({ group: z.string().min(1, 'group is required').max(256), roleIds });
const email = z.email({ error: 'must be an email address' }).max(254);

export const ssoConfigurationRoutes: FastifyPluginAsyncZod<RouteOptions> = async (
  app,
  { config, services },
) => {
  const route = areaRoutes(app, services, 'sso');
  const sso = services.ssoConfigurations;
  // The SAML and OIDC services are on `services` once wired; until then a test answers 400.
  const protocols: SsoProtocols = services;
  const v1 = '/team/resources/sso/v1/configurations';

  route({
    name: 'getSsoConfigurations',
    method: 'GET',
    url: v1,
    summary: "The active tenant's SSO configurations, with their domains, groups and default roles",
    access: read,
    response: z.array(ssoConfigurationSchema),
    handler: ({ actor }) => sso.list(actor),
  });

  route({
    name: 'createSsoConfiguration',
    method: 'POST',
    url: v1,
    summary:
      'Create an SSO configuration (type saml, okta, azure, google or oidc); secrets are stored sealed',
    access: write,
    body: configurationBody,
    response: ssoConfigurationSchema,
    status: 201,
    handler: ({ actor, body }) => sso.create(actor, body),
  });

  route({
    name: 'updateSsoConfiguration',
    method: 'PATCH',
    url: `${v1}/:id`,
    summary: 'Change an SSO configuration (oidcSecret: the mask leaves it, "" removes it)',
    access: write,
    params: configurationParams,
    body: configurationBody,
    response: ssoConfigurationSchema,
    handler: ({ actor, params, body }) => sso.update(actor, params.id, body),
  });

  route({
    name: 'deleteSsoConfiguration',
    method: 'DELETE',
    url: `${v1}/:id`,
    summary: 'Delete an SSO configuration with its domains and groups',
    access: remove,
    params: configurationParams,
    handler: ({ actor, params }) => sso.remove(actor, params.id),
  });

  route({
    name: 'createSsoConfigurationByMetadata',
    method: 'POST',
    url: `${v1}/metadata`,
    summary: "Create a SAML configuration from the IdP's metadata XML (no DOCTYPE allowed)",
    access: write,
    body: metadataBody,
    response: ssoConfigurationSchema,
    status: 201,
    handler: ({ actor, body }) => sso.createFromMetadata(actor, body.metadata),
  });

  route({
    name: 'updateSsoConfigurationByMetadata',
    method: 'PUT',
    url: `${v1}/:id/metadata`,
    summary: "Fill a SAML configuration from the IdP's metadata XML",
    access: write,
    params: configurationParams,
    body: metadataBody,
    response: ssoConfigurationSchema,
    handler: ({ actor, params, body }) => sso.updateFromMetadata(actor, params.id, body.metadata),
  });

  route({
    name: 'createSsoConfigurationByMetadataUrl',
    method: 'POST',
    url: `${v1}/metadata-url`,
    summary: "Create a SAML configuration from the IdP's metadata URL (read again every 24 h on use)",
    access: write,
    body: metadataUrlBody,
    response: ssoConfigurationSchema,
    status: 201,
    handler: ({ actor, body }) => sso.createFromMetadataUrl(actor, body.url),
  });

  route({
    name: 'updateSsoConfigurationByMetadataUrl',
    method: 'PUT',
    url: `${v1}/:id/metadata-url`,
    summary: "Fill a SAML configuration from the IdP's metadata URL",
    access: write,
    params: configurationParams,
    body: metadataUrlBody,
    response: ssoConfigurationSchema,
    handler: ({ actor, params, body }) => sso.updateFromMetadataUrl(actor, params.id, body.url),
  });

  route({
    name: 'refreshSsoConfigurationMetadata',
    method: 'POST',
    url: `${v1}/:id/metadata-url/refresh`,
    summary: "Read the configuration's IdP metadata URL again now",
    access: write,
    params: configurationParams,
    response: ssoConfigurationSchema,
    handler: ({ actor, params }) => sso.refreshMetadata(actor, params.id),
  });

  route({
    name: 'createSsoDomain',
    method: 'POST',
    url: `${v1}/:id/domains`,
    summary: 'Claim an email domain; it routes sign-ins once its TXT record is validated',
    access: write,
    params: configurationParams,
    body: z.object({ domain: z.string().min(1, 'domain is required').max(253) }),
    response: ssoDomainSchema,
    status: 201,
    handler: ({ actor, params, body }) => sso.addDomain(actor, params.id, body.domain),
  });

  route({
    name: 'deleteSsoDomain',
    method: 'DELETE',
    url: `${v1}/:id/domains/:domainId`,
    summary: 'Remove a domain from a configuration',
    access: remove,
    params: domainParams,
    handler: ({ actor, params }) => sso.removeDomain(actor, params.id, params.domainId),
  });

  for (const [name, url] of [
    ['validateSsoDomain', `${v1}/:id/domains/:domainId/validate`],
    ['validateSsoDomainV2', '/team/resources/sso/v2/configurations/:id/domains/:domainId/validate'],
  ] as const) {
    route({
      name,
      method: 'PUT',
      url,
      summary: "Validate a domain: its DNS must hold a TXT record equal to the domain's txtRecord",
      description: 'A domain validated by another account cannot be validated (409).',
      access: write,
      params: domainParams,
      response: ssoDomainSchema,
      handler: ({ actor, params }) => sso.validateDomain(actor, params.id, params.domainId),
    });
  }

  route({
    name: 'getSsoDefaultRoles',
    method: 'GET',
    url: `${v1}/:id/roles`,
    summary: 'The roles every member signed in through this configuration gets',
    access: read,
    params: configurationParams,
    response: ssoDefaultRolesSchema,
    handler: ({ actor, params }) => sso.defaultRoles(actor, params.id),
  });

  route({
    name: 'setSsoDefaultRoles',
    method: 'PUT',
    url: `${v1}/:id/roles`,
    summary: 'Set the default roles (roles of this tenant or the vendor, whose permissions you hold)',
    access: write,
    params: configurationParams,
    body: z.object({ roleIds }),
    response: ssoDefaultRolesSchema,
    handler: ({ actor, params, body }) => sso.setDefaultRoles(actor, params.id, body.roleIds),
  });

  route({
    name: 'getSsoGroups',
    method: 'GET',
    url: `${v1}/:id/groups`,
    summary: 'The IdP groups that carry roles',
    access: read,
    params: configurationParams,
    response: z.array(ssoGroupSchema),
    handler: ({ actor, params }) => sso.groups(actor, params.id),
  });

  route({
    name: 'createSsoGroup',
    method: 'POST',
    url: `${v1}/:id/groups`,
    summary: 'Map an IdP group (matched case-insensitively) to roles',
    access: write,
    params: configurationParams,
    body: groupBody,
    response: ssoGroupSchema,
    status: 201,
    handler: ({ actor, params, body }) => sso.createGroup(actor, params.id, body),
  });

  route({
    name: 'updateSsoGroup',
    method: 'PATCH',
    url: `${v1}/:id/groups/:groupId`,
    summary: "Change a group mapping's name or roles",
    access: write,
    params: groupParams,
    body: groupBody.partial(),
    response: ssoGroupSchema,
    handler: ({ actor, params, body }) => sso.updateGroup(actor, params.id, params.groupId, body),
  });

  route({
    name: 'deleteSsoGroup',
    method: 'DELETE',
    url: `${v1}/:id/groups/:groupId`,
    summary: 'Remove a group mapping',
    access: remove,
    params: groupParams,
    handler: ({ actor, params }) => sso.deleteGroup(actor, params.id, params.groupId),
  });

  route({
    name: 'getSsoPolicy',
    method: 'GET',
    url: `${v1}/policy`,
    summary: 'Whether SSO is enforced for the validated domains, and the excluded emails',
    access: read,
    response: ssoPolicySchema,
    handler: ({ actor }) => sso.policy(actor),
  });

  route({
    name: 'updateSsoPolicy',
    method: 'PUT',
    url: `${v1}/policy`,
    summary:
      'Enforce SSO: other sign-in methods stop working for the validated domains but the excluded emails',
    access: write,
    body: z.object({ enforced: z.boolean(), excludedEmails: z.array(email).max(100) }),
    response: ssoPolicySchema,
    handler: ({ actor, body }) => sso.savePolicy(actor, body),
  });

  route({
    name: 'getSsoExcludedEmails',
    method: 'GET',
    url: `${v1}/excluded-emails`,
    summary: 'The emails that may sign in without SSO while it is enforced',
    access: read,
    response: z.object({ emails: z.array(z.string()) }),
    handler: async ({ actor }) => ({ emails: (await sso.policy(actor)).excludedEmails }),
  });

  route({
    name: 'excludeSsoEmail',
    method: 'POST',
    url: `${v1}/excluded-emails`,
    summary: 'Let one email sign in without SSO while it is enforced',
    access: write,
    body: z.object({ email }),
    response: ssoPolicySchema,
    status: 201,
    handler: ({ actor, body }) => sso.excludeEmail(actor, body.email),
  });

  route({
    name: 'deleteSsoExcludedEmail',
    method: 'DELETE',
    url: `${v1}/excluded-emails/:email`,
    summary: 'Make an excluded email sign in through SSO again',
    access: remove,
    params: z.object({ email: z.string().max(254) }),
    response: ssoPolicySchema,
    handler: ({ actor, params }) => sso.includeEmail(actor, params.email),
  });

  route({
    name: 'startSsoTest',
    method: 'POST',
    url: `${v1}/:id/test`,
    summary: 'Start a live test of the configuration: the address to open; it signs nobody in',
    access: write,
    params: configurationParams,
    response: ssoTestStartSchema,
    // The portal's XHR (same origin, with credentials) binds the test to the administrator's browser,
    // whose test window then finishes it (auth/federated/browser-binding.ts).
    handler: async ({ actor, params, reply }) => {
      const binding = newBrowserBinding();
      const answer = await sso.startTest(actor, params.id, protocols, binding.stored);
      bindBrowser(reply, config, binding);
      return answer;
    },
  });

  route({
    name: 'getSsoTestReports',
    method: 'GET',
    url: `${v1}/:id/test-reports`,
    summary: 'The last live tests of the configuration, latest first (at most 10)',
    access: read,
    params: configurationParams,
    response: z.array(ssoTestReportSchema),
    handler: ({ actor, params }) => sso.testReports(actor, params.id),
  });

  route({
    name: 'getSsoTestReport',
    method: 'GET',
    url: `${v1}/:id/test-reports/:reportId`,
    summary: 'One live test: each check, and what the IdP sent',
    access: read,
    params: reportParams,
    response: ssoTestReportSchema,
    handler: ({ actor, params }) => sso.testReport(actor, params.id, params.reportId),
  });
};
