// The stable error codes of the wire's error body `{ errors: [message], errorCode }` (SPEC section 8),
// one per failure, grouped by area as the server's error catalogue is. The messages stay with the
// catalogue (apps/identity/src/errors.ts); a client decides what to do from the code alone.

export const requestErrorCodes = {
  validation: 'ER-REQUEST-VALIDATION',
  malformedJson: 'ER-REQUEST-MALFORMED-JSON',
  badRequest: 'ER-REQUEST-BAD',
  unauthorized: 'ER-REQUEST-UNAUTHORIZED',
  crossSite: 'ER-REQUEST-CROSS-SITE',
  notFound: 'ER-REQUEST-NOT-FOUND',
  tooLarge: 'ER-REQUEST-TOO-LARGE',
  unsafeText: 'ER-REQUEST-INVALID-TEXT',
  tooDeep: 'ER-REQUEST-TOO-DEEP',
  uriTooLong: 'ER-REQUEST-URI-TOO-LONG',
  headersTooLarge: 'ER-REQUEST-HEADERS-TOO-LARGE',
  timeout: 'ER-REQUEST-TIMEOUT',
  unsupportedMediaType: 'ER-REQUEST-MEDIA-TYPE',
  rateLimited: 'ER-REQUEST-RATE-LIMITED',
  internal: 'ER-REQUEST-INTERNAL',
  notReady: 'ER-REQUEST-NOT-READY',
} as const;

export const authErrorCodes = {
  invalidCredentials: 'ER-AUTH-INVALID-CREDENTIALS',
  userNotVerified: 'ER-AUTH-USER-NOT-VERIFIED',
  userLocked: 'ER-AUTH-USER-LOCKED',
  noSession: 'ER-AUTH-NO-SESSION',
  sessionExpired: 'ER-AUTH-SESSION-EXPIRED',
  invalidAccessToken: 'ER-AUTH-INVALID-TOKEN',
  personSessionRequired: 'ER-AUTH-USER-SESSION-REQUIRED',
  ssoNotConfigured: 'ER-AUTH-SSO-NOT-FOUND',
  strategyNotActive: 'ER-AUTH-STRATEGY-INACTIVE',
  tooManyAttempts: 'ER-AUTH-TOO-MANY-ATTEMPTS',
  reauthenticationRequired: 'ER-AUTH-REAUTHENTICATION-REQUIRED',
  reauthenticationFailed: 'ER-AUTH-REAUTHENTICATION-FAILED',
  noSecurityKey: 'ER-AUTH-NO-SECURITY-KEY',
} as const;

export const usersErrorCodes = {
  notFound: 'ER-USERS-NOT-FOUND',
  signUpDisabled: 'ER-USERS-SIGNUP-DISABLED',
  invitationInvalid: 'ER-USERS-INVITATION-INVALID',
  passwordRequired: 'ER-USERS-PASSWORD-REQUIRED',
  activationInvalid: 'ER-USERS-ACTIVATION-INVALID',
  alreadyActivated: 'ER-USERS-ALREADY-ACTIVATED',
  resetInvalid: 'ER-USERS-RESET-INVALID',
  passwordPolicy: 'ER-USERS-PASSWORD-POLICY',
  passwordTooCommon: 'ER-USERS-PASSWORD-TOO-COMMON',
} as const;

export const lifecycleErrorCodes = {
  unlockInvalid: 'ER-LIFECYCLE-UNLOCK-INVALID',
  passwordReused: 'ER-LIFECYCLE-PASSWORD-REUSED',
  wrongCurrentPassword: 'ER-LIFECYCLE-WRONG-PASSWORD',
  forbidden: 'ER-LIFECYCLE-FORBIDDEN',
  recoveryMethodInactive: 'ER-LIFECYCLE-RECOVERY-INACTIVE',
  noDevClock: 'ER-LIFECYCLE-NO-DEV-CLOCK',
  smsCodeInvalid: 'ER-LIFECYCLE-SMS-CODE-INVALID',
  alreadyMember: 'ER-LIFECYCLE-ALREADY-MEMBER',
} as const;

export const webauthnErrorCodes = {
  passkeysNotActive: 'ER-WEBAUTHN-PASSKEYS-INACTIVE',
  challengeInvalid: 'ER-WEBAUTHN-CHALLENGE-INVALID',
  authenticationFailed: 'ER-WEBAUTHN-AUTHENTICATION-FAILED',
  registrationFailed: 'ER-WEBAUTHN-REGISTRATION-FAILED',
  alreadyRegistered: 'ER-WEBAUTHN-ALREADY-REGISTERED',
  passkeyNotFound: 'ER-WEBAUTHN-PASSKEY-NOT-FOUND',
} as const;

export const metadataErrorCodes = {
  unknownEntity: 'ER-METADATA-NOT-FOUND',
} as const;

export const devErrorCodes = {
  messageNotFound: 'ER-DEV-MESSAGE-NOT-FOUND',
} as const;

export const oauthErrorCodes = {
  invalidClient: 'ER-OAUTH-INVALID-CLIENT',
  invalidRedirectUri: 'ER-OAUTH-INVALID-REDIRECT-URI',
  invalidRequest: 'ER-OAUTH-INVALID-REQUEST',
  pkceRequired: 'ER-OAUTH-PKCE-REQUIRED',
  invalidGrant: 'ER-OAUTH-INVALID-GRANT',
  unsupportedGrantType: 'ER-OAUTH-UNSUPPORTED-GRANT-TYPE',
  clientAuthenticationFailed: 'ER-OAUTH-INVALID-CLIENT-CREDENTIALS',
  invalidScope: 'ER-OAUTH-INVALID-SCOPE',
  invalidPostLogoutRedirectUri: 'ER-OAUTH-INVALID-POST-LOGOUT-REDIRECT-URI',
  /** Issue 16: the superuser's management of registered OAuth clients. */
  clientNotFound: 'ER-OAUTH-CLIENT-NOT-FOUND',
  builtInClient: 'ER-OAUTH-BUILT-IN-CLIENT',
} as const;

export const tenantsErrorCodes = {
  notMember: 'ER-TENANTS-NOT-MEMBER',
} as const;

/** Issue 15: the sub-account hierarchy (All accounts section). */
export const subAccountsErrorCodes = {
  notFound: 'ER-SUB-ACCOUNTS-NOT-FOUND',
  hasChildren: 'ER-SUB-ACCOUNTS-HAS-CHILDREN',
  tenantIdTaken: 'ER-SUB-ACCOUNTS-TENANT-ID-TAKEN',
  userNotFound: 'ER-SUB-ACCOUNTS-USER-NOT-FOUND',
  noAccess: 'ER-SUB-ACCOUNTS-NO-ACCESS',
} as const;

export const captchaErrorCodes = {
  forbidden: 'ER-CAPTCHA-FORBIDDEN',
  siteKeyRequired: 'ER-CAPTCHA-SITE-KEY-REQUIRED',
} as const;

export const mfaErrorCodes = {
  invalidMfaToken: 'ER-MFA-TOKEN-INVALID',
  invalidCode: 'ER-MFA-INVALID-CODE',
  tooManyAttempts: 'ER-MFA-TOO-MANY-ATTEMPTS',
  notEnrolled: 'ER-MFA-NOT-ENROLLED',
  alreadyEnrolled: 'ER-MFA-ALREADY-ENROLLED',
  strategyNotActive: 'ER-MFA-STRATEGY-INACTIVE',
  deviceNotFound: 'ER-MFA-DEVICE-NOT-FOUND',
  invalidPhoneNumber: 'ER-MFA-INVALID-PHONE',
  invalidRecoveryCode: 'ER-MFA-INVALID-RECOVERY-CODE',
} as const;

export const passwordlessErrorCodes = {
  identifierRequired: 'ER-PASSWORDLESS-IDENTIFIER-REQUIRED',
  invalidCode: 'ER-PASSWORDLESS-INVALID-CODE',
  invalidLink: 'ER-PASSWORDLESS-INVALID-LINK',
} as const;

export const phoneResetErrorCodes = {
  invalidCode: 'ER-PHONE-RESET-INVALID-CODE',
  invalidToken: 'ER-PHONE-RESET-INVALID-TOKEN',
} as const;

export const signUpErrorCodes = {
  invalidStrategies: 'ER-SIGNUP-INVALID-STRATEGIES',
  phoneNumberNotActive: 'ER-SIGNUP-PHONE-NUMBER-INACTIVE',
  usernameNotActive: 'ER-SIGNUP-USERNAME-INACTIVE',
  phoneNumberRequired: 'ER-SIGNUP-PHONE-NUMBER-REQUIRED',
  usernameRequired: 'ER-SIGNUP-USERNAME-REQUIRED',
  activationCodeInvalid: 'ER-SIGNUP-ACTIVATION-CODE-INVALID',
} as const;

export const usernamesErrorCodes = {
  invalid: 'ER-USERNAMES-INVALID',
  taken: 'ER-USERNAMES-TAKEN',
  alreadySet: 'ER-USERNAMES-ALREADY-SET',
  notFound: 'ER-USERNAMES-NOT-FOUND',
} as const;

export const adminErrorCodes = {
  forbidden: 'ER-ADMIN-FORBIDDEN',
  noActiveTenant: 'ER-ADMIN-NO-TENANT',
  vendorOnly: 'ER-ADMIN-VENDOR-ONLY',
} as const;

export const teamErrorCodes = {
  userNotFound: 'ER-TEAM-USER-NOT-FOUND',
  roleNotFound: 'ER-TEAM-ROLE-NOT-FOUND',
  roleNotGrantable: 'ER-TEAM-ROLE-NOT-GRANTABLE',
  notYourself: 'ER-TEAM-NOT-YOURSELF',
  lockSpansAccounts: 'ER-TEAM-LOCK-SPANS-ACCOUNTS',
  inviteLinkNotFound: 'ER-TEAM-INVITE-LINK-NOT-FOUND',
  memberAccessEnded: 'ER-TEAM-MEMBER-ACCESS-ENDED',
} as const;

export const securityAdminErrorCodes = {
  ipBlocked: 'ER-SECURITY-IP-RESTRICTED',
  selfLockout: 'ER-SECURITY-SELF-LOCKOUT',
  invalidIp: 'ER-SECURITY-INVALID-IP',
  ipRestrictionNotFound: 'ER-SECURITY-IP-NOT-FOUND',
  invalidDomain: 'ER-SECURITY-INVALID-DOMAIN',
  domainRestrictionNotFound: 'ER-SECURITY-DOMAIN-NOT-FOUND',
  domainRestricted: 'ER-SECURITY-DOMAIN-RESTRICTED',
} as const;

export const profileErrorCodes = {
  invalidImage: 'ER-PROFILE-INVALID-IMAGE',
  imageTooLarge: 'ER-PROFILE-IMAGE-TOO-LARGE',
  imageNotFound: 'ER-PROFILE-IMAGE-NOT-FOUND',
  invalidPictureUrl: 'ER-PROFILE-INVALID-PICTURE-URL',
  phoneNumberNeedsCode: 'ER-PROFILE-PHONE-NEEDS-CODE',
  phoneNumberExists: 'ER-PROFILE-PHONE-EXISTS',
  tooManyPhoneNumbers: 'ER-PROFILE-TOO-MANY-PHONES',
  phoneNumberNotFound: 'ER-PROFILE-PHONE-NOT-FOUND',
  invalidCode: 'ER-PROFILE-INVALID-CODE',
  sameEmail: 'ER-PROFILE-SAME-EMAIL',
  emailRevertInvalid: 'ER-PROFILE-EMAIL-REVERT-INVALID',
  emailRevertAddressTaken: 'ER-PROFILE-EMAIL-REVERT-TAKEN',
  emailTaken: 'ER-PROFILE-EMAIL-TAKEN',
  sessionNotFound: 'ER-PROFILE-SESSION-NOT-FOUND',
} as const;

export const groupsErrorCodes = {
  notFound: 'ER-GROUPS-NOT-FOUND',
  nameTaken: 'ER-GROUPS-NAME-TAKEN',
  roleNotFound: 'ER-GROUPS-ROLE-NOT-FOUND',
  userNotFound: 'ER-GROUPS-USER-NOT-FOUND',
  disabled: 'ER-GROUPS-DISABLED',
  rolesDisabled: 'ER-GROUPS-ROLES-DISABLED',
} as const;

export const rolesErrorCodes = {
  notFound: 'ER-ROLES-NOT-FOUND',
  vendorRole: 'ER-ROLES-VENDOR-ROLE',
  keyTaken: 'ER-ROLES-KEY-TAKEN',
  permissionNotFound: 'ER-ROLES-PERMISSION-NOT-FOUND',
  escalation: 'ER-ROLES-ESCALATION',
} as const;

export const accountSettingsErrorCodes = {
  invalidLogo: 'ER-ACCOUNT-SETTINGS-INVALID-LOGO',
  logoTooLarge: 'ER-ACCOUNT-SETTINGS-LOGO-TOO-LARGE',
  noChanges: 'ER-ACCOUNT-SETTINGS-NO-CHANGES',
  invalidCustomLogin: 'ER-ACCOUNT-SETTINGS-INVALID-CUSTOM-LOGIN',
} as const;

export const apiTokensErrorCodes = {
  notFound: 'ER-API-TOKENS-NOT-FOUND',
  roleNotFound: 'ER-API-TOKENS-ROLE-NOT-FOUND',
  roleNotGrantable: 'ER-API-TOKENS-ROLE-NOT-GRANTABLE',
  userTokenRoles: 'ER-API-TOKENS-USER-ROLES',
  noChanges: 'ER-API-TOKENS-NO-CHANGES',
  invalidCredentials: 'ER-API-TOKENS-INVALID-CREDENTIALS',
} as const;

/** Issue 13: SSO connections, their domains, groups and policy (the SSO section). */
export const ssoErrorCodes = {
  connectionNotFound: 'ER-SSO-CONNECTION-NOT-FOUND',
  secretsKeyMissing: 'ER-SSO-SECRETS-KEY-MISSING',
  connectionDisabled: 'ER-SSO-CONNECTION-DISABLED',
  emailDomainNotAllowed: 'ER-SSO-EMAIL-DOMAIN-NOT-ALLOWED',
  accountNotLinkable: 'ER-SSO-ACCOUNT-NOT-LINKABLE',
  memberDisabled: 'ER-SSO-MEMBER-DISABLED',
  ssoRequired: 'ER-SSO-REQUIRED',
  invalidDomain: 'ER-SSO-INVALID-DOMAIN',
  publicEmailDomain: 'ER-SSO-PUBLIC-EMAIL-DOMAIN',
  domainExists: 'ER-SSO-DOMAIN-EXISTS',
  domainNotFound: 'ER-SSO-DOMAIN-NOT-FOUND',
  domainClaimed: 'ER-SSO-DOMAIN-CLAIMED',
  domainNotVerified: 'ER-SSO-DOMAIN-NOT-VERIFIED',
  dnsFailed: 'ER-SSO-DNS-FAILED',
  roleNotFound: 'ER-SSO-ROLE-NOT-FOUND',
  groupNotFound: 'ER-SSO-GROUP-NOT-FOUND',
  groupExists: 'ER-SSO-GROUP-EXISTS',
  invalidMetadata: 'ER-SSO-INVALID-METADATA',
  unsafeMetadata: 'ER-SSO-UNSAFE-METADATA',
  metadataUnreachable: 'ER-SSO-METADATA-UNREACHABLE',
  noMetadataUrl: 'ER-SSO-NO-METADATA-URL',
  invalidConfiguration: 'ER-SSO-INVALID-CONFIGURATION',
  protocolUnavailable: 'ER-SSO-PROTOCOL-UNAVAILABLE',
  testReportNotFound: 'ER-SSO-TEST-REPORT-NOT-FOUND',
} as const;

/** Issue 13: SAML 2.0 sign-in (auth/methods/saml). */
export const samlErrorCodes = {
  invalidResponse: 'ER-SAML-INVALID-RESPONSE',
  malformedResponse: 'ER-SAML-MALFORMED-RESPONSE',
  unsafeResponse: 'ER-SAML-UNSAFE-RESPONSE',
  invalidSignature: 'ER-SAML-INVALID-SIGNATURE',
  idpRefused: 'ER-SAML-IDP-REFUSED',
  responseExpired: 'ER-SAML-RESPONSE-EXPIRED',
  assertionReplayed: 'ER-SAML-ASSERTION-REPLAYED',
  unknownRequest: 'ER-SAML-UNKNOWN-REQUEST',
  unknownIdentityProvider: 'ER-SAML-UNKNOWN-IDP',
  unsolicitedNotAllowed: 'ER-SAML-UNSOLICITED-NOT-ALLOWED',
  noEmail: 'ER-SAML-NO-EMAIL',
  handoffInvalid: 'ER-SAML-HANDOFF-INVALID',
} as const;

/** Issue 13: OpenID Connect sign-in (auth/methods/oidc). */
export const oidcErrorCodes = {
  invalidCallback: 'ER-OIDC-INVALID-CALLBACK',
  requestNotFound: 'ER-OIDC-REQUEST-NOT-FOUND',
  providerUnreachable: 'ER-OIDC-PROVIDER-UNREACHABLE',
} as const;

/** Issue 13: social login (auth/methods/social). */
export const socialErrorCodes = {
  providerNotActive: 'ER-SOCIAL-PROVIDER-INACTIVE',
  requestNotFound: 'ER-SOCIAL-REQUEST-NOT-FOUND',
  invalidCallback: 'ER-SOCIAL-INVALID-CALLBACK',
  providerRefused: 'ER-SOCIAL-PROVIDER-REFUSED',
  providerUnreachable: 'ER-SOCIAL-PROVIDER-UNREACHABLE',
  emailMissing: 'ER-SOCIAL-EMAIL-MISSING',
  emailNotVerified: 'ER-SOCIAL-EMAIL-NOT-VERIFIED',
  accountNotLinkable: 'ER-SOCIAL-ACCOUNT-NOT-LINKABLE',
  invalidConfiguration: 'ER-SOCIAL-INVALID-CONFIGURATION',
  configurationNotFound: 'ER-SOCIAL-CONFIGURATION-NOT-FOUND',
} as const;

/** Issue 13: SCIM directory configurations (the Provisioning section) and the SCIM 2.0 server. */
export const scimErrorCodes = {
  directoryNotFound: 'ER-SCIM-DIRECTORY-NOT-FOUND',
  // The SCIM 2.0 server (RFC 7644): each has its SCIM status and scimType (services/scim/errors.ts).
  unauthorized: 'ER-SCIM-UNAUTHORIZED',
  paused: 'ER-SCIM-PAUSED',
  invalidSyntax: 'ER-SCIM-INVALID-SYNTAX',
  invalidFilter: 'ER-SCIM-INVALID-FILTER',
  invalidValue: 'ER-SCIM-INVALID-VALUE',
  invalidPath: 'ER-SCIM-INVALID-PATH',
  noTarget: 'ER-SCIM-NO-TARGET',
  mutability: 'ER-SCIM-MUTABILITY',
  uniqueness: 'ER-SCIM-UNIQUENESS',
  resourceNotFound: 'ER-SCIM-RESOURCE-NOT-FOUND',
  preconditionFailed: 'ER-SCIM-PRECONDITION-FAILED',
  unsupportedMediaType: 'ER-SCIM-UNSUPPORTED-MEDIA-TYPE',
} as const;

// Issue 14: operations. Each area's helper adds its codes to its own block.
export const auditsErrorCodes = {
  invalidFilter: 'ER-AUDITS-INVALID-FILTER',
  unknownColumn: 'ER-AUDITS-UNKNOWN-COLUMN',
} as const;

export const connectivityErrorCodes = {
  webhookNotFound: 'ER-CONNECTIVITY-WEBHOOK-NOT-FOUND',
  webhookLogNotFound: 'ER-CONNECTIVITY-WEBHOOK-LOG-NOT-FOUND',
  webhookUrlRefused: 'ER-CONNECTIVITY-WEBHOOK-URL-REFUSED',
  webhookDisabled: 'ER-CONNECTIVITY-WEBHOOK-DISABLED',
  eventNotFound: 'ER-CONNECTIVITY-EVENT-NOT-FOUND',
  channelConfigNotFound: 'ER-CONNECTIVITY-CHANNEL-CONFIG-NOT-FOUND',
  subscriptionNotFound: 'ER-CONNECTIVITY-SUBSCRIPTION-NOT-FOUND',
  slackNotConfigured: 'ER-CONNECTIVITY-SLACK-NOT-CONFIGURED',
  slackNotConnected: 'ER-CONNECTIVITY-SLACK-NOT-CONNECTED',
  slackRequestFailed: 'ER-CONNECTIVITY-SLACK-REQUEST-FAILED',
} as const;

export const notificationsErrorCodes = {
  notFound: 'ER-NOTIFICATIONS-NOT-FOUND',
} as const;

export const reportsErrorCodes = {
  templateNotFound: 'ER-REPORTS-TEMPLATE-NOT-FOUND',
  invalidDataFilters: 'ER-REPORTS-INVALID-DATA-FILTERS',
  invalidSchedule: 'ER-REPORTS-INVALID-SCHEDULE',
  unsupportedType: 'ER-REPORTS-UNSUPPORTED-TYPE',
  invalidRecipients: 'ER-REPORTS-INVALID-RECIPIENTS',
} as const;

export const usageErrorCodes = {
  invalidRange: 'ER-USAGE-INVALID-RANGE',
} as const;

export const policyPreviewErrorCodes = {
  invalidPolicy: 'ER-POLICY-PREVIEW-INVALID',
} as const;

export const entitlementsErrorCodes = {
  notEnabled: 'ER-ENTITLEMENTS-NOT-ENABLED',
  notEntitled: 'ER-ENTITLEMENTS-NOT-ENTITLED',
  planNotFound: 'ER-ENTITLEMENTS-PLAN-NOT-FOUND',
  featureNotFound: 'ER-ENTITLEMENTS-FEATURE-NOT-FOUND',
  entitlementNotFound: 'ER-ENTITLEMENTS-NOT-FOUND',
  flagNotFound: 'ER-ENTITLEMENTS-FLAG-NOT-FOUND',
  nameTaken: 'ER-ENTITLEMENTS-NAME-TAKEN',
  invalidTarget: 'ER-ENTITLEMENTS-INVALID-TARGET',
} as const;

export const billingErrorCodes = {
  providerNotConfigured: 'ER-BILLING-PROVIDER-NOT-CONFIGURED',
  subscriptionNotFound: 'ER-BILLING-SUBSCRIPTION-NOT-FOUND',
  externallyManaged: 'ER-BILLING-EXTERNALLY-MANAGED',
  planNotFound: 'ER-BILLING-PLAN-NOT-FOUND',
  invoiceNotFound: 'ER-BILLING-INVOICE-NOT-FOUND',
  paymentMethodNotFound: 'ER-BILLING-PAYMENT-METHOD-NOT-FOUND',
  paymentMethodRequired: 'ER-BILLING-PAYMENT-METHOD-REQUIRED',
  cannotCancel: 'ER-BILLING-CANNOT-CANCEL',
  cannotRenew: 'ER-BILLING-CANNOT-RENEW',
  downgradeNotAllowed: 'ER-BILLING-DOWNGRADE-NOT-ALLOWED',
  cancellationNotAllowed: 'ER-BILLING-CANCELLATION-NOT-ALLOWED',
  samePlan: 'ER-BILLING-SAME-PLAN',
  setupIntentInvalid: 'ER-BILLING-SETUP-INTENT-INVALID',
  cardDeclined: 'ER-BILLING-CARD-DECLINED',
  insufficientFunds: 'ER-BILLING-INSUFFICIENT-FUNDS',
  cardExpired: 'ER-BILLING-CARD-EXPIRED',
  tenantNotDefined: 'ER-BILLING-TENANT-NOT-DEFINED',
  webhookInvalid: 'ER-BILLING-WEBHOOK-INVALID',
  providerUnavailable: 'ER-BILLING-PROVIDER-UNAVAILABLE',
} as const;

export const applicationsErrorCodes = {
  applicationNotFound: 'ER-APPLICATIONS-NOT-FOUND',
  notAssignable: 'ER-APPLICATIONS-NOT-ASSIGNABLE',
  nameTaken: 'ER-APPLICATIONS-NAME-TAKEN',
  defaultApplication: 'ER-APPLICATIONS-DEFAULT',
} as const;

export const trialConsoleErrorCodes = {
  userNotFound: 'ER-TRIAL-CONSOLE-USER-NOT-FOUND',
  noAccount: 'ER-TRIAL-CONSOLE-NO-ACCOUNT',
  notATrial: 'ER-TRIAL-CONSOLE-NOT-A-TRIAL',
  dateInThePast: 'ER-TRIAL-CONSOLE-DATE-IN-THE-PAST',
} as const;

/** Every code, by area; a client that needs one area's codes imports that area's list alone. */
export const errorCodes = {
  request: requestErrorCodes,
  auth: authErrorCodes,
  users: usersErrorCodes,
  lifecycle: lifecycleErrorCodes,
  webauthn: webauthnErrorCodes,
  metadata: metadataErrorCodes,
  dev: devErrorCodes,
  oauth: oauthErrorCodes,
  tenants: tenantsErrorCodes,
  subAccounts: subAccountsErrorCodes,
  captcha: captchaErrorCodes,
  mfa: mfaErrorCodes,
  passwordless: passwordlessErrorCodes,
  phoneReset: phoneResetErrorCodes,
  signUp: signUpErrorCodes,
  usernames: usernamesErrorCodes,
  admin: adminErrorCodes,
  team: teamErrorCodes,
  securityAdmin: securityAdminErrorCodes,
  profile: profileErrorCodes,
  groups: groupsErrorCodes,
  roles: rolesErrorCodes,
  accountSettings: accountSettingsErrorCodes,
  apiTokens: apiTokensErrorCodes,
  sso: ssoErrorCodes,
  saml: samlErrorCodes,
  oidc: oidcErrorCodes,
  social: socialErrorCodes,
  scim: scimErrorCodes,
  audits: auditsErrorCodes,
  connectivity: connectivityErrorCodes,
  notifications: notificationsErrorCodes,
  reports: reportsErrorCodes,
  usage: usageErrorCodes,
  policyPreview: policyPreviewErrorCodes,
  entitlements: entitlementsErrorCodes,
  billing: billingErrorCodes,
  applications: applicationsErrorCodes,
  trialConsole: trialConsoleErrorCodes,
} as const;

type Codes = typeof errorCodes;
export type ErrorCode = { [Area in keyof Codes]: Codes[Area][keyof Codes[Area]] }[keyof Codes];
