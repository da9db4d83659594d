import type { MfaStrategy } from '@brizo/contract';
import type { AppContext } from '../context.js';
import { createActivationService } from './activation.js';
import { createBackgroundTasks, type BackgroundLog } from './background.js';
import { createAdminBoxService } from './admin-box.js';
import { createAccountSettingsService } from './tenants/account-settings.js';
import { createHierarchyService } from './tenants/hierarchy.js';
import { createHierarchyUsersService } from './tenants/hierarchy-users.js';
import { createGroupsService } from './groups.js';
import { createRolesService } from './roles.js';
import { createAuthStrategiesService } from './security/auth-strategies.js';
import { createLifecycleServices } from './lifecycle/index.js';
import { createAuthorizationCache } from './authorization-cache.js';
import { createCaptchaPolicyService } from './security/captcha-policy.js';
import { createAuthorizationServer } from './oauth/authorization-server.js';
import { createTenantSwitchService } from './tenant-switch.js';
import { createPasswordLoginService } from '../auth/methods/password/login.js';
import { createMfaService } from '../auth/second-factor/service.js';
import { createMfaPolicyService } from '../auth/second-factor/policy.js';
import { createMfaSelfService } from '../auth/second-factor/self-service.js';
import { createTotpService } from '../auth/methods/totp/service.js';
import { createSmsMfaService } from '../auth/methods/sms-mfa/service.js';
import { createEmailMfaService } from '../auth/methods/email-mfa/service.js';
import { createRecoveryCodeService } from '../auth/methods/recovery-codes/service.js';
import { createPasswordResetService } from '../auth/methods/password/reset.js';
import { createPhoneResetService } from '../auth/methods/sms-code/phone-reset.js';
import { createPasswordlessService } from '../auth/passwordless/service.js';
import { createSessionService } from './sessions.js';
import { createSignUpService } from './signup.js';
import { createSignUpStrategies } from './security/sign-up-strategies.js';
import { createUsernamesService } from './usernames.js';
import { createTokenService } from './tokens.js';
import { createMeService } from './profile/me.js';
import { createVendorSettings } from './vendor-settings.js';
import { createWebAuthnServices } from '../auth/webauthn/services.js';
import { createProfileService } from './profile/profile.js';
import { createReauthenticationService } from '../auth/reauthentication/service.js';
import { createPhoneNumbersService } from './profile/phone-numbers.js';
import { createOwnSessionsService } from './own-sessions.js';
import { createApiTokensService } from './api-tokens.js';
import { createTeamService } from './team/members.js';
import { createTeamInviteLinks } from './team/invite-links.js';
import { createIpRestrictionService } from './security/ip-restrictions.js';
import { createTenantSecurityService } from './security/tenant-security.js';
import { createSecurityCenterService } from './security-center.js';
import { createDevToolsService } from './dev-tools.js';
import { createScimServices } from './scim/index.js';
import { createSocialLoginService } from '../auth/methods/social/service.js';
import { createOutboundFetch } from '../lib/outbound.js';
import { createSecretBox } from '../lib/sealed-secrets.js';
import { createSamlService } from '../auth/methods/saml/service.js';
import { createSsoSignIn } from '../auth/federated/sso-sign-in.js';
import { createSsoServices } from './sso/index.js';
import { createOidcService } from '../auth/methods/oidc/service.js';
import { createJobs } from './jobs.js';
import { registerSigningKeyJobs } from './signing-keys/index.js';
import { createDomainEvents } from './domain-events.js';
import type { ServiceDeps } from './operations-deps.js';
import { createAuditsService } from './audits/index.js';
import { createApiTokenUseRecorder, createAuditBuffer } from './audits/buffer.js';
import { createConnectivityService } from './connectivity/index.js';
import { createNotificationsService } from './notifications/index.js';
import { createReportsService } from './reports/index.js';
import { createUsageService } from './usage/index.js';
import { createEntitlementsService } from './entitlements/index.js';
import { createEntitlementEnforcement } from './entitlements/enforcement.js';
import { createFlagsService } from './entitlements/flags.js';
import { createBillingService } from './billing/index.js';
import { paymentProviderOf } from './billing/providers/index.js';
import { createTrialConsoleService } from './trial-console/index.js';
import { createApplicationsService } from './applications/index.js';
import { createPolicyPreviewService } from './security/policy-preview/index.js';
import { createMetrics } from './observability/metrics.js';
import {
  createLocalCluster,
  createSharedRevocationList,
  sharedAuthorizationCache,
  sharedTtlCache,
} from './cluster/index.js';
import { registerHousekeeping } from './housekeeping/index.js';

/** Wires the domain services from the context; routes receive the result. */
export async function createServices(
  context: AppContext,
  log: BackgroundLog,
  /** What the sign-in methods (auth/methods/index.ts) bring to the flows they share. */
  methods: { secondFactorStrategies: readonly MfaStrategy[] },
) {
  const { db, config, clock, mailer, passwords, sms } = context;
  const metrics = context.metrics ?? createMetrics();
  // Issue 16: shared counters and cache invalidations across instances (services/cluster).
  const cluster = context.cluster ?? createLocalCluster();
  // Issue 10: anonymous requests answer before their mail and SMS work (no account enumeration by
  // time), and what they send pauses per recipient.
  const background = createBackgroundTasks(log);
  const recipientPause = cluster.recipientPause({
    clock,
    pauseSeconds: config.recipientPauseSeconds,
    hourlyCap: config.recipientHourlyCap,
  });
  const anonymous = { background, recipientPause };
  const vendorSettings = sharedTtlCache(cluster.bus, 'vendor-settings', createVendorSettings({ db, clock }));
  const usernames = createUsernamesService({ db, clock });
  const signUpStrategies = createSignUpStrategies({ db, clock, vendorSettings });
  // Issue 10: ended sessions, changed members and deleted API tokens lose their access tokens at once.
  const revocations = createSharedRevocationList({
    clock,
    accessTokenTtlSeconds: config.accessTokenTtlSeconds,
    bus: cluster.bus,
    redis: cluster.redis,
    prefix: cluster.keyPrefix,
    log: cluster.log,
  });
  // Revocations made before this instance started still hold here.
  await revocations.load();
  const tokens = await createTokenService({ db, config, clock, revocations, log });
  const authorization = sharedAuthorizationCache(cluster.bus, createAuthorizationCache({ db, clock }));
  const roles = createRolesService({
    db,
    clock,
    vendorId: config.clientId,
    authorization,
    revocations,
  });
  // Security section (issue 4): the sessions enforce the tenant's IP restrictions and session limit.
  const ipRestrictions = createIpRestrictionService({ db, clock, bus: cluster.bus });
  // Issue 14: audit events of hot paths (API-token exchanges) are written in batches (services/audits).
  const auditBuffer = createAuditBuffer({ db, log });
  const apiTokenUse = createApiTokenUseRecorder({ buffer: auditBuffer, clock });
  const apiTokens = createApiTokensService({
    db,
    config,
    clock,
    tokens,
    ipRestrictions,
    revocations,
    apiTokenUse,
  });
  // Access tokens the portal creates are long-lived: each use confirms the token's row (services/api-tokens.ts).
  tokens.setAccessTokenCheck(apiTokens.checkAccessToken);
  const tenantSecurity = createTenantSecurityService({ db, clock, bus: cluster.bus });
  const sessions = createSessionService({
    db,
    config,
    clock,
    tokens,
    authorization,
    revocations,
    restrictions: { ipRestrictions, tenantSecurity },
  });
  const mfaPolicies = createMfaPolicyService({ db, clock, bus: cluster.bus });
  const mfa = createMfaService({
    db,
    config,
    clock,
    mailer,
    sms,
    sessions,
    policies: mfaPolicies,
    secondFactorStrategies: methods.secondFactorStrategies,
  });
  const secondFactors = {
    totp: createTotpService({ db, clock, mfa }),
    smsMfa: createSmsMfaService({ db, clock, mfa }),
    emailMfa: createEmailMfaService({ db, clock, mfa }),
    recoveryCodes: createRecoveryCodeService({ db, clock, mfa }),
  };
  const activation = createActivationService({
    ...anonymous,
    db,
    config,
    clock,
    mailer,
    passwords,
    sessions,
    vendorSettings,
    mfa,
  });
  const lifecycle = createLifecycleServices({
    ...anonymous,
    db,
    config,
    clock,
    mailer,
    sms,
    passwords,
    vendorSettings,
    activation,
    tokens,
    sessions,
    revocations,
    bus: cluster.bus,
  });
  // The Users section's invite link: also what a sign-up with an invitationToken joins.
  const teamInviteLinks = createTeamInviteLinks({ db, config, clock, mailer, activation });
  // One per-account throttle: wrong passwords at sign-in and at re-authentication count together.
  const throttle = cluster.attemptThrottle({ clock });
  // Issue 13: the SSO section, pre-login and enforcement.
  const sso = createSsoServices({ db, config, clock });
  const webauthn = createWebAuthnServices({
    db,
    config,
    clock,
    sessions,
    vendorSettings,
    mfa,
    mfaPolicies,
    ssoEnforcement: sso.enforcement,
  });
  const signUp = createSignUpService({
    ...anonymous,
    db,
    config,
    clock,
    mailer,
    activation,
    vendorSettings,
    usernames,
    signUpStrategies,
    inviteLinks: teamInviteLinks,
  });
  const services = {
    background,
    ...secondFactors,
    passwords,
    lifecycle,
    mfa,
    mfaPolicies,
    vendorSettings,
    authorization,
    tokens,
    sessions,
    activation,
    passwordLogin: createPasswordLoginService({
      throttle,
      db,
      clock,
      passwords,
      vendorSettings,
      lifecycle: lifecycle.passwordLifecycle,
      mfa,
      ssoEnforcement: sso.enforcement,
    }),
    passwordReset: createPasswordResetService({
      ...anonymous,
      db,
      config,
      clock,
      mailer,
      passwords,
      vendorSettings,
      lifecycle: lifecycle.passwordLifecycle,
      revocations,
    }),
    signUp,
    usernames,
    signUpStrategies,
    me: createMeService({ db, config }),
    passwordless: createPasswordlessService({
      ...anonymous,
      db,
      config,
      clock,
      mailer,
      sms,
      mfa,
      vendorSettings,
      ssoEnforcement: sso.enforcement,
    }),
    authStrategies: createAuthStrategiesService({ db, clock, vendorSettings }),
    webauthn,
    oauth: createAuthorizationServer({
      db,
      config,
      clock,
      tokens,
      sessions,
      authorization,
      revocations,
      bus: cluster.bus,
    }),
    tenantSwitch: createTenantSwitchService({ db, clock, authorization, tokens }),
    captchaPolicy: createCaptchaPolicyService({ db, clock }),
    // Issue 3: the signed-in user's SMS and email-code factors, and the phone number reset.
    mfaSelfService: createMfaSelfService({ db, clock, mailer, sms, policies: mfaPolicies }),
    phoneReset: createPhoneResetService({ ...anonymous, db, clock, mailer, sms }),
    // The admin portal (issue 4): each section's service is added below.
    ipRestrictions,
    tenantSecurity,
    securityCenter: createSecurityCenterService({
      db,
      clock,
      mfaPolicies,
      policies: lifecycle.policies,
      tenantSecurity,
    }),
    adminBox: createAdminBoxService({ db, clock, vendorSettings }),
    profile: createProfileService({ db, config, clock, mailer, revocations }),
    // Issue 10: a recent sign-in before the email, phone, username or MFA factors change.
    reauthentication: createReauthenticationService({
      db,
      config,
      clock,
      passwords,
      tokens,
      throttle,
      lifecycle: lifecycle.passwordLifecycle,
      ceremonies: webauthn.ceremonies,
    }),
    phoneNumbers: createPhoneNumbersService({ db, clock, sms }),
    ownSessions: createOwnSessionsService({ db, clock, revocations }),
    apiTokens,
    roles,
    groups: createGroupsService({ db, clock, authorization, roles, revocations }),
    accountSettings: createAccountSettingsService({ db, clock, publicUrl: config.publicUrl }),
    team: createTeamService({
      db,
      clock,
      vendorId: config.clientId,
      activation,
      authorization,
      invitations: lifecycle.invitations,
      usernames,
      revocations,
    }),
    teamInviteLinks,
    // Issue 13: social login (auth/methods/social); its sign-ups follow /signUp's rules.
    socialLogin: createSocialLoginService({
      db,
      config,
      clock,
      outbound: createOutboundFetch({ allowHosts: config.outboundAllowHosts }),
      secrets: createSecretBox({ key: config.secretsKey, production: config.production }),
      signUp,
      mfa,
      ssoEnforcement: sso.enforcement,
    }),
    // Issue 13: the end of every SSO sign-in (SAML, OIDC), after its protocol's checks.
    ssoSignIn: createSsoSignIn({ db, clock, sessions, mfa, mfaPolicies, authorization, revocations }),
    ssoConfigurations: sso.configurations,
    legacySaml: sso.legacySaml,
    ssoPrelogin: sso.prelogin,
    ssoEnforcement: sso.enforcement,
    // Issue 13: OpenID Connect connections' sign-in (the SSO pre-login starts it, auth/methods/oidc finishes it).
    oidc: createOidcService({ db, config, clock }),
    // Issue 13: SAML connections' sign-in (the SSO pre-login starts it, auth/methods/saml finishes it).
    saml: createSamlService({ db, config, clock }),
    // DEV_TOOLS only: the routes that use it are registered only then.
    devTools: createDevToolsService({ db, passwords }),
  };
  // Issue 14: operations (audit log, connectivity, notifications, reports, usage, policy preview).
  const jobs = createJobs(log);
  // Issue 16: scheduled key rotation, and every server's periodic read of the keys.
  registerSigningKeyJobs(jobs, tokens);
  // Issue 16: what has ended (rotated tokens, spent codes, old outbox messages) goes after its retention.
  registerHousekeeping({ db, clock, retention: config.retention, metrics, jobs });
  const operations: ServiceDeps = {
    db,
    config,
    clock,
    mailer,
    sms,
    jobs,
    events: createDomainEvents(),
    background,
    secrets: createSecretBox({ key: config.secretsKey, production: config.production }),
    outbound: createOutboundFetch({ allowHosts: config.outboundAllowHosts }),
  };
  const entitlements = createEntitlementsService({ db, clock, bus: cluster.bus });
  // Issue 15: the sub-account hierarchy; its people change through the team service.
  const hierarchy = createHierarchyService({ db, clock });
  return {
    ...services,
    jobs,
    metrics,
    cluster,
    hierarchy,
    hierarchyUsers: createHierarchyUsersService({ db, clock, hierarchy, team: services.team }),
    audits: createAuditsService(operations, auditBuffer),
    connectivity: createConnectivityService(operations, log),
    notifications: createNotificationsService(operations),
    reports: createReportsService(operations),
    usage: createUsageService(operations),
    policyPreview: createPolicyPreviewService(operations),
    // Issue 15: plans, features and entitlements; the vendor-level feature flags GET /flags evaluates.
    entitlements,
    entitlementEnforcement: createEntitlementEnforcement({
      db,
      clock,
      vendorSettings,
      userEntitlements: entitlements.userEntitlements,
      linkedPermissions: entitlements.linkedPermissions,
    }),
    flags: createFlagsService({ db, clock, bus: cluster.bus }),
    // Issue 15: subscription and billing, with the payment provider PAYMENT_PROVIDER chose.
    billing: createBillingService({
      db,
      clock,
      provider: paymentProviderOf(config.payments),
      rules: config.billingRules,
    }),
    // Issue 15: the superuser console's free-trial funnel, approvals and trial extensions.
    trialConsole: createTrialConsoleService({ db, clock, config, authorization }),
    // Issue 15: the vendor's applications and who of an account may open them.
    applications: createApplicationsService({ db, clock }),
    // Issue 13: SCIM provisioning changes members and groups through the team and groups services.
    scim: createScimServices({
      db,
      clock,
      publicUrl: config.publicUrl,
      team: services.team,
      groups: services.groups,
    }),
  };
}

export type Services = Awaited<ReturnType<typeof createServices>>;

export interface RouteOptions {
  config: AppContext['config'];
  db: AppContext['db'];
  services: Services;
}
