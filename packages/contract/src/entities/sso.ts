import { z } from 'zod';

/** SPEC section 3 "SSO types": the label the portal shows; saml, okta, azure and google speak SAML. */
export const ssoTypes = ['saml', 'okta', 'azure', 'google', 'oidc'] as const;
export type SsoType = (typeof ssoTypes)[number];

/** An email domain a configuration claims; it routes sign-ins once `validated` (a DNS TXT record). */
export const ssoDomainSchema = z
  .object({
    id: z.string(),
    domain: z.string(),
    validated: z.boolean(),
    /** The value of the TXT record the domain's DNS must publish. */
    txtRecord: z.string(),
  })
  .meta({ id: 'SsoDomain' });
export type SsoDomain = z.infer<typeof ssoDomainSchema>;

/** An IdP group whose members get roles (SPEC section 3 "SAML group"). */
export const ssoGroupSchema = z
  .object({ id: z.string(), group: z.string(), roleIds: z.array(z.string()) })
  .meta({ id: 'SsoGroup' });
export type SsoGroup = z.infer<typeof ssoGroupSchema>;

/** The roles every member signed in through a configuration gets. */
export const ssoDefaultRolesSchema = z.object({ roleIds: z.array(z.string()) });
export type SsoDefaultRoles = z.infer<typeof ssoDefaultRolesSchema>;

/**
 * SPEC section 3 "SSO configuration" as GET /team/resources/sso/v1/configurations answers it (the
 * SDK's ISSOConfiguration). `oidcSecret` is never answered in clear: a mask when one is stored, '' when not.
 */
export const ssoConfigurationSchema = z
  .object({
    id: z.string(),
    enabled: z.boolean(),
    type: z.string(),
    /** The first domain's TXT value (the SDK's legacy field). */
    generatedVerification: z.string(),
    ssoEndpoint: z.string(),
    publicCertificate: z.string(),
    signRequest: z.boolean(),
    /** Our assertion consumer and entity id, to configure at the IdP. */
    acsUrl: z.string(),
    spEntityId: z.string(),
    idpEntityId: z.string(),
    oidcClientId: z.string(),
    oidcSecret: z.string(),
    oidcIssuer: z.string(),
    /** The OIDC redirect URI to register at the provider. */
    redirectUri: z.string(),
    metadataUrl: z.string().nullable(),
    metadataRefreshedAt: z.string().nullable(),
    skipEmailDomainValidation: z.boolean(),
    domains: z.array(ssoDomainSchema),
    groups: z.array(ssoGroupSchema),
    roleIds: z.array(z.string()),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'SsoConfiguration' });
export type SsoConfiguration = z.infer<typeof ssoConfigurationSchema>;

/**
 * A tenant's SSO enforcement: while `enforced`, members on its validated domains sign in through SSO
 * only, but for the `excludedEmails` (break-glass addresses).
 */
export const ssoPolicySchema = z
  .object({ enforced: z.boolean(), excludedEmails: z.array(z.string()) })
  .meta({ id: 'SsoPolicy' });
export type SsoPolicy = z.infer<typeof ssoPolicySchema>;

/** One check of a live test, in plain words. */
export const ssoCheckSchema = z.object({
  name: z.string(),
  passed: z.boolean(),
  detail: z.string().optional(),
});
export type SsoCheckEntry = z.infer<typeof ssoCheckSchema>;

/**
 * What the SAML and OIDC engineers' live tests write in sso_test_reports.report (and what the reports
 * endpoints answer inside SsoTestReport): the protocol, the outcome, each check, what came back.
 */
export const ssoTestReportBodySchema = z.object({
  protocol: z.enum(['saml', 'oidc']),
  succeeded: z.boolean(),
  checks: z.array(ssoCheckSchema),
  /** The profile the sign-in would have used (email, name, groups), when the checks got that far. */
  profile: z
    .object({
      subject: z.string(),
      email: z.string(),
      name: z.string().optional(),
      groups: z.array(z.string()).optional(),
    })
    .optional(),
  /** SAML: the assertion's attributes. */
  attributes: z.record(z.string(), z.unknown()).optional(),
  /** OIDC: the id_token's and userinfo's claims. */
  claims: z.record(z.string(), z.unknown()).optional(),
  error: z.string().optional(),
});
export type SsoTestReportBody = z.infer<typeof ssoTestReportBodySchema>;

/** A stored live test, latest first in the list. */
export const ssoTestReportSchema = z
  .object({
    id: z.string(),
    configurationId: z.string(),
    succeeded: z.boolean(),
    createdAt: z.string(),
    report: ssoTestReportBodySchema,
  })
  .meta({ id: 'SsoTestReport' });
export type SsoTestReport = z.infer<typeof ssoTestReportSchema>;

/** POST .../configurations/{id}/test: where the browser goes to run the live test. */
export const ssoTestStartSchema = z.object({ address: z.string() });
