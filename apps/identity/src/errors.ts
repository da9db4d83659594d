// The one error catalogue of the identity server: every failure a client can see, with a stable
// code per area. Answers always take the wire shape `{ errors: [message], errorCode }`.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorCodes, type ErrorCode } from '@brizo/contract';
import { ENTITLEMENTS_NOT_ENABLED } from '@brizo/contract/entitlements';

interface CatalogueEntry {
  status: number;
  code: ErrorCode;
  message: string;
}

const entry = (status: number, code: ErrorCode, message: string): CatalogueEntry => ({
  status,
  code,
  message,
});

export const errorCatalogue = {
  request: {
    validation: entry(400, errorCodes.request.validation, 'Invalid request'),
    malformedJson: entry(400, errorCodes.request.malformedJson, 'The request body is not valid JSON'),
    badRequest: entry(400, errorCodes.request.badRequest, 'Invalid request'),
    unauthorized: entry(401, errorCodes.request.unauthorized, 'Unauthorized'),
    /** Issue 10: a state change sent by a page of another origin (routes/cross-site-guard.ts). */
    crossSite: entry(403, errorCodes.request.crossSite, 'This request must come from a page of this site'),
    notFound: entry(404, errorCodes.request.notFound, 'Not Found'),
    tooLarge: entry(413, errorCodes.request.tooLarge, 'Error request is too large'),
    // Issue 10: malformed input refused for every route at once (routes/malformed-input.ts).
    unsafeText: entry(
      400,
      errorCodes.request.unsafeText,
      'Text must not contain NUL characters or unpaired surrogates',
    ),
    tooDeep: entry(400, errorCodes.request.tooDeep, 'The request body is nested too deeply'),
    uriTooLong: entry(414, errorCodes.request.uriTooLong, 'A part of the address is too long'),
    headersTooLarge: entry(431, errorCodes.request.headersTooLarge, 'The request headers are too large'),
    timeout: entry(408, errorCodes.request.timeout, 'The request took too long to arrive'),
    unsupportedMediaType: entry(
      415,
      errorCodes.request.unsupportedMediaType,
      'Unsupported content type: send application/json',
    ),
    rateLimited: entry(
      429,
      errorCodes.request.rateLimited,
      'Too many requests, please try again in a minute',
    ),
    internal: entry(500, errorCodes.request.internal, 'Unknown error occurred'),
    /** Issue 16: GET /health/ready while a dependency does not answer. */
    notReady: entry(503, errorCodes.request.notReady, 'The server is not ready to serve requests'),
  },
  auth: {
    invalidCredentials: entry(401, errorCodes.auth.invalidCredentials, 'Incorrect email or password'),
    userNotVerified: entry(
      401,
      errorCodes.auth.userNotVerified,
      'User is not verified. Please check your inbox for the activation email',
    ),
    userLocked: entry(401, errorCodes.auth.userLocked, 'User is locked'),
    noSession: entry(401, errorCodes.auth.noSession, 'Session not found'),
    sessionExpired: entry(401, errorCodes.auth.sessionExpired, 'Session expired, please log in again'),
    invalidAccessToken: entry(401, errorCodes.auth.invalidAccessToken, 'Unauthorized'),
    /** Issue 10: an API token's access token calls an endpoint that acts for a person's session. */
    personSessionRequired: entry(
      403,
      errorCodes.auth.personSessionRequired,
      'This request needs a signed-in user: API tokens cannot call it',
    ),
    ssoNotConfigured: entry(404, errorCodes.auth.ssoNotConfigured, 'SSO is not configured for this user'),
    strategyNotActive: entry(400, errorCodes.auth.strategyNotActive, 'This sign-in method is not enabled'),
    /** Issue 10: the per-account pause after repeated wrong passwords (auth/methods/password/throttle.ts). */
    tooManyAttempts: entry(
      429,
      errorCodes.auth.tooManyAttempts,
      'Too many failed sign-in attempts, please wait a moment and try again',
    ),
    // Issue 10: changing how the account signs in needs a recent sign-in (auth/reauthentication/service.ts).
    reauthenticationRequired: entry(
      403,
      errorCodes.auth.reauthenticationRequired,
      'Confirm it is you: enter your password or a second-factor code to make this change',
    ),
    reauthenticationFailed: entry(400, errorCodes.auth.reauthenticationFailed, 'Incorrect password'),
    noSecurityKey: entry(
      400,
      errorCodes.auth.noSecurityKey,
      'This account has no security key or passkey to confirm it is you',
    ),
  },
  users: {
    notFound: entry(404, errorCodes.users.notFound, 'User not found'),
    signUpDisabled: entry(403, errorCodes.users.signUpDisabled, 'Sign up is not allowed'),
    invitationInvalid: entry(400, errorCodes.users.invitationInvalid, "We couldn't verify your invitation"),
    passwordRequired: entry(400, errorCodes.users.passwordRequired, 'Password is required'),
    activationInvalid: entry(
      400,
      errorCodes.users.activationInvalid,
      'Activation link is invalid or expired',
    ),
    alreadyActivated: entry(400, errorCodes.users.alreadyActivated, 'User is already activated'),
    resetInvalid: entry(
      400,
      errorCodes.users.resetInvalid,
      'Reset password failed: Please double check your reset URL.',
    ),
    passwordPolicy: entry(400, errorCodes.users.passwordPolicy, 'Password does not meet the password policy'),
    /** Issue 10: on the bundled list of common and breached passwords (auth/methods/password/common-passwords.ts). */
    passwordTooCommon: entry(
      400,
      errorCodes.users.passwordTooCommon,
      'This password is too common and appears in lists of breached passwords. Please choose another one.',
    ),
  },
  lifecycle: {
    unlockInvalid: entry(400, errorCodes.lifecycle.unlockInvalid, 'Unlock link is invalid or expired'),
    passwordReused: entry(
      400,
      errorCodes.lifecycle.passwordReused,
      'You used this password recently. Choose a different password.',
    ),
    wrongCurrentPassword: entry(
      400,
      errorCodes.lifecycle.wrongCurrentPassword,
      'Current password is incorrect',
    ),
    forbidden: entry(403, errorCodes.lifecycle.forbidden, 'Not authorized'),
    recoveryMethodInactive: entry(
      400,
      errorCodes.lifecycle.recoveryMethodInactive,
      'This recovery method is not enabled',
    ),
    noDevClock: entry(409, errorCodes.lifecycle.noDevClock, 'This server clock cannot be moved'),
    smsCodeInvalid: entry(400, errorCodes.lifecycle.smsCodeInvalid, 'The code is invalid or expired'),
    alreadyMember: entry(
      409,
      errorCodes.lifecycle.alreadyMember,
      'This user is already a member of the account',
    ),
  },
  webauthn: {
    passkeysNotActive: entry(
      400,
      errorCodes.webauthn.passkeysNotActive,
      'Sign-in with passkeys is not enabled',
    ),
    challengeInvalid: entry(
      400,
      errorCodes.webauthn.challengeInvalid,
      'This request has expired or was already used. Please try again.',
    ),
    authenticationFailed: entry(401, errorCodes.webauthn.authenticationFailed, 'Failed to authenticate'),
    registrationFailed: entry(
      400,
      errorCodes.webauthn.registrationFailed,
      'The passkey could not be verified. Please try again.',
    ),
    alreadyRegistered: entry(
      409,
      errorCodes.webauthn.alreadyRegistered,
      'This passkey or security key is already registered',
    ),
    passkeyNotFound: entry(404, errorCodes.webauthn.passkeyNotFound, 'Passkey not found'),
  },
  metadata: {
    unknownEntity: entry(404, errorCodes.metadata.unknownEntity, 'Metadata not found'),
  },
  dev: {
    messageNotFound: entry(404, errorCodes.dev.messageNotFound, 'Message not found'),
  },
  oauth: {
    invalidClient: entry(400, errorCodes.oauth.invalidClient, 'Unknown client_id'),
    invalidRedirectUri: entry(
      400,
      errorCodes.oauth.invalidRedirectUri,
      'redirect_uri is not registered for this client',
    ),
    invalidRequest: entry(400, errorCodes.oauth.invalidRequest, 'Invalid authorization request'),
    pkceRequired: entry(
      400,
      errorCodes.oauth.pkceRequired,
      'code_challenge with code_challenge_method=S256 is required',
    ),
    invalidGrant: entry(
      400,
      errorCodes.oauth.invalidGrant,
      'The authorization code or refresh token is invalid or expired',
    ),
    unsupportedGrantType: entry(400, errorCodes.oauth.unsupportedGrantType, 'Unsupported grant_type'),
    // The token endpoint's client_credentials grant (RFC 6749 4.4): one answer for an unknown client, a
    // wrong secret, an expired or a deleted API token.
    clientAuthenticationFailed: entry(
      401,
      errorCodes.oauth.clientAuthenticationFailed,
      'Invalid client credentials',
    ),
    // Issue 16: registered OAuth clients (routes/oauth/clients.ts).
    clientNotFound: entry(404, errorCodes.oauth.clientNotFound, 'OAuth client not found'),
    builtInClient: entry(
      409,
      errorCodes.oauth.builtInClient,
      "The built-in client (CLIENT_ID) cannot be deleted: the web app's hosted login uses it",
    ),
    invalidScope: entry(
      400,
      errorCodes.oauth.invalidScope,
      'scope is not supported: the access token carries the roles and permissions of the API token',
    ),
    invalidPostLogoutRedirectUri: entry(
      400,
      errorCodes.oauth.invalidPostLogoutRedirectUri,
      'post_logout_redirect_uri is not registered for this client',
    ),
  },
  tenants: {
    notMember: entry(403, errorCodes.tenants.notMember, 'You are not a member of this account'),
  },
  // Issue 15: the sub-account hierarchy. An account outside the caller's own subtree is "not found":
  // its existence is not the caller's to learn.
  subAccounts: {
    notFound: entry(404, errorCodes.subAccounts.notFound, 'Account not found'),
    hasChildren: entry(
      409,
      errorCodes.subAccounts.hasChildren,
      'This account has sub-accounts: delete them first',
    ),
    tenantIdTaken: entry(409, errorCodes.subAccounts.tenantIdTaken, 'An account with this id already exists'),
    userNotFound: entry(404, errorCodes.subAccounts.userNotFound, 'User not found in this account'),
    noAccess: entry(403, errorCodes.subAccounts.noAccess, 'You have no access to this sub-account'),
  },
  captcha: {
    forbidden: entry(
      403,
      errorCodes.captcha.forbidden,
      'Only an administrator can change the captcha policy',
    ),
    siteKeyRequired: entry(
      400,
      errorCodes.captcha.siteKeyRequired,
      'siteKey and secretKey are required to enable captcha',
    ),
  },
  mfa: {
    invalidMfaToken: entry(
      401,
      errorCodes.mfa.invalidMfaToken,
      'Your sign-in session has expired, please log in again',
    ),
    invalidCode: entry(400, errorCodes.mfa.invalidCode, 'The code is incorrect or has expired'),
    tooManyAttempts: entry(
      429,
      errorCodes.mfa.tooManyAttempts,
      'Too many incorrect codes, please log in again',
    ),
    notEnrolled: entry(400, errorCodes.mfa.notEnrolled, 'MFA is not enrolled'),
    alreadyEnrolled: entry(
      409,
      errorCodes.mfa.alreadyEnrolled,
      'This authentication method is already enrolled',
    ),
    strategyNotActive: entry(
      400,
      errorCodes.mfa.strategyNotActive,
      'This authentication method is not enabled',
    ),
    deviceNotFound: entry(404, errorCodes.mfa.deviceNotFound, 'MFA device not found'),
    invalidPhoneNumber: entry(
      400,
      errorCodes.mfa.invalidPhoneNumber,
      'Enter a valid phone number, e.g. +15550100199',
    ),
    invalidRecoveryCode: entry(400, errorCodes.mfa.invalidRecoveryCode, 'The recovery code is incorrect'),
  },
  passwordless: {
    identifierRequired: entry(
      400,
      errorCodes.passwordless.identifierRequired,
      'Email, username or phone number is required',
    ),
    invalidCode: entry(400, errorCodes.passwordless.invalidCode, 'The code is incorrect or has expired'),
    invalidLink: entry(
      400,
      errorCodes.passwordless.invalidLink,
      'This sign-in link is invalid or has expired',
    ),
  },
  // Phone number reset and change (issue 3, SPEC section 4 "Phone reset").
  phoneReset: {
    invalidCode: entry(400, errorCodes.phoneReset.invalidCode, 'The code is incorrect or has expired'),
    invalidToken: entry(
      400,
      errorCodes.phoneReset.invalidToken,
      'This phone number reset has expired. Please start again.',
    ),
  },
  // Sign-up by phone number or username, sign-up settings and activation by code (issue 3).
  signUp: {
    invalidStrategies: entry(400, errorCodes.signUp.invalidStrategies, 'Invalid sign-up strategies'),
    phoneNumberNotActive: entry(
      400,
      errorCodes.signUp.phoneNumberNotActive,
      'Sign-up by phone number is not enabled',
    ),
    usernameNotActive: entry(400, errorCodes.signUp.usernameNotActive, 'Sign-up by username is not enabled'),
    phoneNumberRequired: entry(
      400,
      errorCodes.signUp.phoneNumberRequired,
      'Phone number is required for phone number signup',
    ),
    usernameRequired: entry(
      400,
      errorCodes.signUp.usernameRequired,
      'Username is required for username signup',
    ),
    activationCodeInvalid: entry(
      400,
      errorCodes.signUp.activationCodeInvalid,
      'The code is incorrect or has expired',
    ),
  },
  usernames: {
    invalid: entry(
      400,
      errorCodes.usernames.invalid,
      'A username has 3 to 64 characters: letters, digits, dots, dashes and underscores',
    ),
    taken: entry(409, errorCodes.usernames.taken, 'This username is already taken'),
    alreadySet: entry(409, errorCodes.usernames.alreadySet, 'You already have a username: delete it first'),
    notFound: entry(404, errorCodes.usernames.notFound, 'Username not found'),
  },
  // The admin portal (issue 4): every section's area adds its own entries below this one.
  admin: {
    forbidden: entry(403, errorCodes.admin.forbidden, 'Not authorized'),
    noActiveTenant: entry(403, errorCodes.admin.noActiveTenant, 'TenantId is not defined'),
    // Vendor-wide settings change sign-in for every tenant: a tenant's Admin role must not reach them.
    vendorOnly: entry(
      403,
      errorCodes.admin.vendorOnly,
      'Only a vendor administrator can change this setting',
    ),
  },
  // The Users section (issue 4): team administration.
  team: {
    userNotFound: entry(404, errorCodes.team.userNotFound, 'User not found'),
    roleNotFound: entry(404, errorCodes.team.roleNotFound, 'Role not found'),
    roleNotGrantable: entry(
      403,
      errorCodes.team.roleNotGrantable,
      'You cannot assign a role with permissions you do not hold',
    ),
    notYourself: entry(400, errorCodes.team.notYourself, 'You cannot disable, lock or delete yourself'),
    lockSpansAccounts: entry(
      409,
      errorCodes.team.lockSpansAccounts,
      'This user also belongs to other accounts, and a lock would apply there too: disable the user in this account instead',
    ),
    inviteLinkNotFound: entry(
      404,
      errorCodes.team.inviteLinkNotFound,
      'No invite link exists for this account',
    ),
    memberAccessEnded: entry(
      401,
      errorCodes.team.memberAccessEnded,
      'Your access to this account was disabled or has expired',
    ),
  },
  // The Security section (issue 4): session policy, IP and email-domain restrictions, security center.
  securityAdmin: {
    ipBlocked: entry(403, errorCodes.securityAdmin.ipBlocked, 'Access from your IP address is not allowed'),
    selfLockout: entry(
      409,
      errorCodes.securityAdmin.selfLockout,
      'This change would block your current IP address: add it to the allow list first',
    ),
    invalidIp: entry(
      400,
      errorCodes.securityAdmin.invalidIp,
      'Enter an IP address or a CIDR range (IPv4 or IPv6)',
    ),
    ipRestrictionNotFound: entry(
      404,
      errorCodes.securityAdmin.ipRestrictionNotFound,
      'IP restriction not found',
    ),
    invalidDomain: entry(
      400,
      errorCodes.securityAdmin.invalidDomain,
      'Enter a domain name, such as example.com',
    ),
    domainRestrictionNotFound: entry(
      404,
      errorCodes.securityAdmin.domainRestrictionNotFound,
      'Domain restriction not found',
    ),
    domainRestricted: entry(
      403,
      errorCodes.securityAdmin.domainRestricted,
      'Email addresses of this domain are not allowed in this account',
    ),
  },
  // The Profile and Privacy sections (issue 4): the signed-in user's own data.
  profile: {
    invalidImage: entry(
      400,
      errorCodes.profile.invalidImage,
      'The profile picture must be a PNG, JPEG, GIF or WebP image (data:image/{type};base64)',
    ),
    imageTooLarge: entry(413, errorCodes.profile.imageTooLarge, 'The profile picture must be at most 512 KB'),
    imageNotFound: entry(404, errorCodes.profile.imageNotFound, 'Image not found'),
    invalidPictureUrl: entry(
      400,
      errorCodes.profile.invalidPictureUrl,
      'profilePictureUrl must be an http(s) address or an image data URL (data:image/{type};base64)',
    ),
    phoneNumberNeedsCode: entry(
      400,
      errorCodes.profile.phoneNumberNeedsCode,
      'Add a phone number with the code texted to it, from the phone numbers of your profile',
    ),
    phoneNumberExists: entry(
      409,
      errorCodes.profile.phoneNumberExists,
      'This phone number is already on your profile',
    ),
    tooManyPhoneNumbers: entry(
      400,
      errorCodes.profile.tooManyPhoneNumbers,
      'A profile holds at most 10 phone numbers',
    ),
    phoneNumberNotFound: entry(404, errorCodes.profile.phoneNumberNotFound, 'Phone number not found'),
    invalidCode: entry(400, errorCodes.profile.invalidCode, 'The code is incorrect or has expired'),
    sameEmail: entry(400, errorCodes.profile.sameEmail, 'This is already your email address'),
    emailRevertInvalid: entry(
      400,
      errorCodes.profile.emailRevertInvalid,
      'This link is invalid, has expired or was already used',
    ),
    emailRevertAddressTaken: entry(
      409,
      errorCodes.profile.emailRevertAddressTaken,
      'Another account uses that address now: contact support to restore your account',
    ),
    emailTaken: entry(409, errorCodes.profile.emailTaken, 'This email address is already in use'),
    sessionNotFound: entry(404, errorCodes.profile.sessionNotFound, 'Session not found'),
  },
  // Groups, roles and account settings (issue 4).
  groups: {
    notFound: entry(404, errorCodes.groups.notFound, 'Group not found'),
    nameTaken: entry(409, errorCodes.groups.nameTaken, 'A group with this name already exists'),
    roleNotFound: entry(404, errorCodes.groups.roleNotFound, 'Role not found'),
    userNotFound: entry(404, errorCodes.groups.userNotFound, 'User not found'),
    disabled: entry(400, errorCodes.groups.disabled, 'Groups are turned off for this account'),
    rolesDisabled: entry(
      400,
      errorCodes.groups.rolesDisabled,
      'Roles on groups are turned off for this account',
    ),
  },
  roles: {
    notFound: entry(404, errorCodes.roles.notFound, 'Role not found'),
    vendorRole: entry(403, errorCodes.roles.vendorRole, "The vendor's roles cannot be changed"),
    keyTaken: entry(409, errorCodes.roles.keyTaken, 'A role with this key already exists'),
    permissionNotFound: entry(404, errorCodes.roles.permissionNotFound, 'Permission not found'),
    escalation: entry(403, errorCodes.roles.escalation, 'You cannot grant permissions you do not hold'),
  },
  accountSettings: {
    invalidLogo: entry(
      400,
      errorCodes.accountSettings.invalidLogo,
      'The logo must be an image data URL (data:image/{type};base64)',
    ),
    logoTooLarge: entry(400, errorCodes.accountSettings.logoTooLarge, 'The logo must be at most 256 KB'),
    noChanges: entry(400, errorCodes.accountSettings.noChanges, 'No changes to update'),
    invalidCustomLogin: entry(
      400,
      errorCodes.accountSettings.invalidCustomLogin,
      'Unknown login box setting',
    ),
  },
  apiTokens: {
    notFound: entry(404, errorCodes.apiTokens.notFound, 'API token not found'),
    roleNotFound: entry(404, errorCodes.apiTokens.roleNotFound, 'Role not found'),
    roleNotGrantable: entry(
      403,
      errorCodes.apiTokens.roleNotGrantable,
      'You cannot give a token permissions you do not hold',
    ),
    userTokenRoles: entry(400, errorCodes.apiTokens.userTokenRoles, 'Personal API tokens cannot take roles'),
    noChanges: entry(400, errorCodes.apiTokens.noChanges, 'Send a description or roleIds to change'),
    // One answer for an unknown client, a wrong secret, an expired or a deleted token.
    invalidCredentials: entry(401, errorCodes.apiTokens.invalidCredentials, 'Invalid client credentials'),
  },
  // Issue 13: enterprise and social sign-in, and provisioning.
  sso: {
    connectionNotFound: entry(404, errorCodes.sso.connectionNotFound, 'SSO configuration not found'),
    /** A production server without SECRETS_KEY cannot keep client secrets or the SAML key sealed. */
    secretsKeyMissing: entry(
      503,
      errorCodes.sso.secretsKeyMissing,
      'Single sign-on and social login need SECRETS_KEY to be set on the server',
    ),
    // Sign-in through a connection (auth/federated/sso-sign-in.ts).
    connectionDisabled: entry(403, errorCodes.sso.connectionDisabled, 'This SSO configuration is disabled'),
    emailDomainNotAllowed: entry(
      403,
      errorCodes.sso.emailDomainNotAllowed,
      'Your email domain may not sign in with this identity provider',
    ),
    accountNotLinkable: entry(
      403,
      errorCodes.sso.accountNotLinkable,
      'This account cannot sign in with this identity provider',
    ),
    memberDisabled: entry(403, errorCodes.sso.memberDisabled, 'Your access to this account was disabled'),
    ssoRequired: entry(403, errorCodes.sso.ssoRequired, 'Your organization requires you to sign in with SSO'),
    // The SSO section (services/sso/).
    invalidDomain: entry(400, errorCodes.sso.invalidDomain, 'Enter a valid domain, such as example.com'),
    publicEmailDomain: entry(
      400,
      errorCodes.sso.publicEmailDomain,
      'Public email domains cannot be claimed for SSO',
    ),
    domainExists: entry(409, errorCodes.sso.domainExists, 'This domain is already on the configuration'),
    domainNotFound: entry(404, errorCodes.sso.domainNotFound, 'Domain not found'),
    domainClaimed: entry(
      409,
      errorCodes.sso.domainClaimed,
      'This domain is already validated by another account',
    ),
    domainNotVerified: entry(
      400,
      errorCodes.sso.domainNotVerified,
      'The verification TXT record was not found on the domain',
    ),
    dnsFailed: entry(502, errorCodes.sso.dnsFailed, 'The DNS lookup of the domain failed, try again later'),
    roleNotFound: entry(400, errorCodes.sso.roleNotFound, 'Role not found'),
    groupNotFound: entry(404, errorCodes.sso.groupNotFound, 'SSO group not found'),
    groupExists: entry(409, errorCodes.sso.groupExists, 'This group is already mapped'),
    invalidMetadata: entry(400, errorCodes.sso.invalidMetadata, 'The IdP metadata could not be read'),
    unsafeMetadata: entry(
      400,
      errorCodes.sso.unsafeMetadata,
      'The IdP metadata may not contain a DOCTYPE or entity declarations',
    ),
    metadataUnreachable: entry(
      400,
      errorCodes.sso.metadataUnreachable,
      'The IdP metadata could not be fetched from this address',
    ),
    noMetadataUrl: entry(400, errorCodes.sso.noMetadataUrl, 'This configuration has no metadata URL'),
    invalidConfiguration: entry(400, errorCodes.sso.invalidConfiguration, 'Invalid SSO configuration'),
    protocolUnavailable: entry(
      400,
      errorCodes.sso.protocolUnavailable,
      'This SSO configuration is not complete enough to sign in with',
    ),
    testReportNotFound: entry(404, errorCodes.sso.testReportNotFound, 'Test report not found'),
  },
  saml: {
    invalidResponse: entry(401, errorCodes.saml.invalidResponse, 'The SAML response could not be accepted'),
    malformedResponse: entry(400, errorCodes.saml.malformedResponse, 'The SAML response could not be read'),
    unsafeResponse: entry(
      400,
      errorCodes.saml.unsafeResponse,
      'The SAML response may not contain a DOCTYPE or entity declarations',
    ),
    invalidSignature: entry(
      401,
      errorCodes.saml.invalidSignature,
      "The SAML response is not signed with the identity provider's certificate",
    ),
    idpRefused: entry(401, errorCodes.saml.idpRefused, 'The identity provider did not sign you in'),
    responseExpired: entry(
      401,
      errorCodes.saml.responseExpired,
      'The SAML response has expired or is not valid yet, sign in again',
    ),
    assertionReplayed: entry(401, errorCodes.saml.assertionReplayed, 'This SAML response was already used'),
    unknownRequest: entry(
      401,
      errorCodes.saml.unknownRequest,
      'This sign-in was not started here, or it expired: sign in again',
    ),
    unknownIdentityProvider: entry(
      401,
      errorCodes.saml.unknownIdentityProvider,
      'No SSO configuration accepts this identity provider',
    ),
    unsolicitedNotAllowed: entry(
      403,
      errorCodes.saml.unsolicitedNotAllowed,
      'Sign-in started at the identity provider is not allowed for this SSO configuration',
    ),
    noEmail: entry(401, errorCodes.saml.noEmail, 'The identity provider did not send an email address'),
    handoffInvalid: entry(401, errorCodes.saml.handoffInvalid, 'This sign-in has expired, sign in again'),
  },
  oidc: {
    invalidCallback: entry(
      401,
      errorCodes.oidc.invalidCallback,
      'The OpenID Connect sign-in could not be completed',
    ),
    // The callback's state is the sign-in in flight: unknown, already used or past its ten minutes.
    requestNotFound: entry(
      401,
      errorCodes.oidc.requestNotFound,
      'This sign-in has expired or was already used, please sign in again',
    ),
    providerUnreachable: entry(
      502,
      errorCodes.oidc.providerUnreachable,
      'The identity provider could not be reached',
    ),
  },
  social: {
    providerNotActive: entry(
      400,
      errorCodes.social.providerNotActive,
      'This social login provider is not enabled',
    ),
    // The state sent back is the sign-in in flight: unknown, already used, expired or of another provider.
    requestNotFound: entry(
      401,
      errorCodes.social.requestNotFound,
      'This sign-in has expired or was already used, please sign in again',
    ),
    invalidCallback: entry(
      401,
      errorCodes.social.invalidCallback,
      'The social sign-in could not be completed',
    ),
    // The provider answered, but refused the code (PKCE mismatch, reused or expired code) or its ID token failed a check.
    providerRefused: entry(
      401,
      errorCodes.social.providerRefused,
      'The social login provider did not confirm this sign-in',
    ),
    providerUnreachable: entry(
      502,
      errorCodes.social.providerUnreachable,
      'The social login provider could not be reached',
    ),
    emailMissing: entry(
      400,
      errorCodes.social.emailMissing,
      'The social login provider did not share an email address',
    ),
    emailNotVerified: entry(
      403,
      errorCodes.social.emailNotVerified,
      'Verify your email address with the social login provider, then sign in again',
    ),
    accountNotLinkable: entry(
      403,
      errorCodes.social.accountNotLinkable,
      'This account cannot sign in with this social login provider',
    ),
    invalidConfiguration: entry(
      400,
      errorCodes.social.invalidConfiguration,
      'Invalid social login configuration',
    ),
    configurationNotFound: entry(
      404,
      errorCodes.social.configurationNotFound,
      'Social login configuration not found',
    ),
  },
  scim: {
    directoryNotFound: entry(404, errorCodes.scim.directoryNotFound, 'Directory configuration not found'),
    // The SCIM 2.0 server answers these in RFC 7644's error shape (routes/scim/v2.ts).
    unauthorized: entry(401, errorCodes.scim.unauthorized, 'A valid directory bearer token is required'),
    paused: entry(
      403,
      errorCodes.scim.paused,
      'Provisioning to user management is turned off for this directory',
    ),
    invalidSyntax: entry(400, errorCodes.scim.invalidSyntax, 'The request body is not a valid SCIM request'),
    invalidFilter: entry(400, errorCodes.scim.invalidFilter, 'The filter is not a valid SCIM filter'),
    invalidValue: entry(400, errorCodes.scim.invalidValue, 'A required value is missing or not valid'),
    invalidPath: entry(400, errorCodes.scim.invalidPath, 'The PATCH path is not valid'),
    noTarget: entry(400, errorCodes.scim.noTarget, 'The PATCH path selects nothing to change'),
    mutability: entry(400, errorCodes.scim.mutability, 'This attribute cannot be changed'),
    uniqueness: entry(409, errorCodes.scim.uniqueness, 'A resource with this value already exists'),
    resourceNotFound: entry(404, errorCodes.scim.resourceNotFound, 'Resource not found'),
    preconditionFailed: entry(
      412,
      errorCodes.scim.preconditionFailed,
      'The resource changed since the version in If-Match',
    ),
    unsupportedMediaType: entry(
      415,
      errorCodes.scim.unsupportedMediaType,
      'Send application/scim+json or application/json',
    ),
  },
  // Issue 14: operations. Each area's helper adds its entries to its own block.
  audits: {
    invalidFilter: entry(400, errorCodes.audits.invalidFilter, 'The audit log filter is not valid'),
    unknownColumn: entry(400, errorCodes.audits.unknownColumn, 'Unknown audit log column'),
  },
  connectivity: {
    webhookNotFound: entry(404, errorCodes.connectivity.webhookNotFound, 'Webhook not found'),
    webhookLogNotFound: entry(404, errorCodes.connectivity.webhookLogNotFound, 'Webhook log not found'),
    webhookUrlRefused: entry(
      400,
      errorCodes.connectivity.webhookUrlRefused,
      'The webhook URL must use https and a public address',
    ),
    webhookDisabled: entry(409, errorCodes.connectivity.webhookDisabled, 'The webhook is disabled'),
    eventNotFound: entry(404, errorCodes.connectivity.eventNotFound, 'Event not found'),
    channelConfigNotFound: entry(
      404,
      errorCodes.connectivity.channelConfigNotFound,
      'This event has no configuration for the channel',
    ),
    subscriptionNotFound: entry(404, errorCodes.connectivity.subscriptionNotFound, 'Subscription not found'),
    slackNotConfigured: entry(
      400,
      errorCodes.connectivity.slackNotConfigured,
      'Slack is not set up on this server (SLACK_CLIENT_ID and SLACK_CLIENT_SECRET)',
    ),
    slackNotConnected: entry(409, errorCodes.connectivity.slackNotConnected, 'Slack is not connected'),
    slackRequestFailed: entry(400, errorCodes.connectivity.slackRequestFailed, 'Slack refused the request'),
  },
  notifications: {
    notFound: entry(404, errorCodes.notifications.notFound, 'Notification not found'),
  },
  reports: {
    templateNotFound: entry(404, errorCodes.reports.templateNotFound, 'Report not found'),
    invalidDataFilters: entry(
      400,
      errorCodes.reports.invalidDataFilters,
      'dataFilters must be base64-encoded JSON of the report filters',
    ),
    invalidSchedule: entry(400, errorCodes.reports.invalidSchedule, 'The schedule is not valid'),
    unsupportedType: entry(
      400,
      errorCodes.reports.unsupportedType,
      'This report type is not supported: use html or pdf',
    ),
    invalidRecipients: entry(
      400,
      errorCodes.reports.invalidRecipients,
      'Reports can be sent only to members of this account',
    ),
  },
  usage: {
    invalidRange: entry(400, errorCodes.usage.invalidRange, 'The date range is not valid'),
  },
  policyPreview: {
    invalidPolicy: entry(400, errorCodes.policyPreview.invalidPolicy, 'The policy to preview is not valid'),
  },
  // Issue 15: plans, features, entitlements and feature flags (the superuser console; SPEC section 8).
  entitlements: {
    notEnabled: entry(400, errorCodes.entitlements.notEnabled, ENTITLEMENTS_NOT_ENABLED),
    notEntitled: entry(403, errorCodes.entitlements.notEntitled, 'Not entitled to this feature'),
    planNotFound: entry(404, errorCodes.entitlements.planNotFound, 'Plan not found'),
    featureNotFound: entry(404, errorCodes.entitlements.featureNotFound, 'Feature not found'),
    entitlementNotFound: entry(404, errorCodes.entitlements.entitlementNotFound, 'Entitlement not found'),
    flagNotFound: entry(404, errorCodes.entitlements.flagNotFound, 'Feature flag not found'),
    nameTaken: entry(409, errorCodes.entitlements.nameTaken, 'This name is already taken'),
    invalidTarget: entry(
      400,
      errorCodes.entitlements.invalidTarget,
      'An entitlement names a plan or a feature (not both) and, for one user, a member of the account',
    ),
  },
  // Issue 15: subscription and billing (services/billing). The web shows SPEC section 8's texts for
  // the ones that carry them; the server answers 4xx, never 500.
  billing: {
    providerNotConfigured: entry(
      409,
      errorCodes.billing.providerNotConfigured,
      'Payment provider not configured',
    ),
    subscriptionNotFound: entry(404, errorCodes.billing.subscriptionNotFound, 'Subscription not found'),
    externallyManaged: entry(409, errorCodes.billing.externallyManaged, 'Billing is externally managed'),
    planNotFound: entry(404, errorCodes.billing.planNotFound, 'Plan not found'),
    invoiceNotFound: entry(404, errorCodes.billing.invoiceNotFound, 'Invoice not found'),
    paymentMethodNotFound: entry(404, errorCodes.billing.paymentMethodNotFound, 'Payment method not found'),
    paymentMethodRequired: entry(
      400,
      errorCodes.billing.paymentMethodRequired,
      'Add a payment method before choosing a paid plan',
    ),
    cannotCancel: entry(
      409,
      errorCodes.billing.cannotCancel,
      'Only an active subscription without a pending cancellation can be canceled',
    ),
    cannotRenew: entry(
      409,
      errorCodes.billing.cannotRenew,
      'Only a subscription pending cancellation can be renewed',
    ),
    downgradeNotAllowed: entry(
      403,
      errorCodes.billing.downgradeNotAllowed,
      'Plan downgrades are not allowed',
    ),
    cancellationNotAllowed: entry(
      403,
      errorCodes.billing.cancellationNotAllowed,
      'Subscription cancellation is not allowed',
    ),
    samePlan: entry(409, errorCodes.billing.samePlan, 'The subscription is already on this plan'),
    setupIntentInvalid: entry(
      400,
      errorCodes.billing.setupIntentInvalid,
      'This card form has expired or was already used. Please try again.',
    ),
    cardDeclined: entry(402, errorCodes.billing.cardDeclined, 'Your card was declined.'),
    insufficientFunds: entry(402, errorCodes.billing.insufficientFunds, 'Your card has insufficient funds.'),
    cardExpired: entry(402, errorCodes.billing.cardExpired, 'Your card has expired.'),
    tenantNotDefined: entry(400, errorCodes.billing.tenantNotDefined, 'TenantId is not defined'),
    webhookInvalid: entry(400, errorCodes.billing.webhookInvalid, 'The webhook signature is invalid'),
    providerUnavailable: entry(
      502,
      errorCodes.billing.providerUnavailable,
      'The payment provider could not be reached, please try again',
    ),
  },
  // Issue 15: the vendor's applications and who may open them.
  applications: {
    applicationNotFound: entry(404, errorCodes.applications.applicationNotFound, 'Application not found'),
    notAssignable: entry(
      400,
      errorCodes.applications.notAssignable,
      'Users can be assigned only to managed applications of their account',
    ),
    nameTaken: entry(409, errorCodes.applications.nameTaken, 'An application with this name already exists'),
    defaultApplication: entry(
      400,
      errorCodes.applications.defaultApplication,
      'The default application cannot be deleted or deactivated',
    ),
  },
  // Issue 15: the superuser console's free-trial funnel (approving accounts, extending trials).
  trialConsole: {
    userNotFound: entry(404, errorCodes.trialConsole.userNotFound, 'User not found'),
    noAccount: entry(400, errorCodes.trialConsole.noAccount, 'This user belongs to no account'),
    notATrial: entry(400, errorCodes.trialConsole.notATrial, 'This user has no trial to extend'),
    dateInThePast: entry(
      400,
      errorCodes.trialConsole.dateInThePast,
      'The new end of the trial is in the past',
    ),
  },
} as const;

export class AppError extends Error {
  override name = 'AppError';
  readonly statusCode: number;
  readonly errorCode: ErrorCode;

  constructor(entry: CatalogueEntry, message: string = entry.message) {
    super(message);
    this.statusCode = entry.status;
    this.errorCode = entry.code;
  }
}

export const appError = (catalogueEntry: CatalogueEntry, message?: string) =>
  new AppError(catalogueEntry, message);

export interface ErrorBody {
  errors: string[];
  errorCode: string;
}

export const errorBody = (catalogueEntry: CatalogueEntry, message = catalogueEntry.message): ErrorBody => ({
  errors: [message],
  errorCode: catalogueEntry.code,
});

/** Fastify's own error codes for bad input, mapped to the catalogue. */
const fastifyCodes: Record<string, CatalogueEntry> = {
  FST_ERR_CTP_BODY_TOO_LARGE: errorCatalogue.request.tooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: errorCatalogue.request.unsupportedMediaType,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: errorCatalogue.request.badRequest,
  FST_ERR_CTP_EMPTY_JSON_BODY: errorCatalogue.request.malformedJson,
  FST_ERR_CTP_INVALID_JSON_BODY: errorCatalogue.request.malformedJson,
  FST_ERR_BAD_URL: errorCatalogue.request.badRequest,
  FST_ERR_MAX_PARAM_LENGTH: errorCatalogue.request.uriTooLong,
};

function describeValidationError(error: FastifyError): string {
  if (!hasZodFastifySchemaValidationErrors(error)) return error.message;
  const messages = error.validation.map((issue) => {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const where = field || error.validationContext || 'body';
    return `${where}: ${issue.message}`;
  });
  return [...new Set(messages)].join(', ');
}

export function toErrorResponse(error: FastifyError | AppError): { status: number; body: ErrorBody } {
  if (error instanceof AppError) {
    return { status: error.statusCode, body: { errors: [error.message], errorCode: error.errorCode } };
  }
  if (error.validation) {
    return {
      status: 400,
      body: errorBody(errorCatalogue.request.validation, describeValidationError(error)),
    };
  }
  const known = fastifyCodes[error.code];
  if (known) {
    // Fastify's JSON parse messages are helpful ("Unexpected token } in JSON at position 9"): keep them.
    const message =
      known === errorCatalogue.request.malformedJson ? `${known.message}: ${error.message}` : known.message;
    return { status: known.status, body: errorBody(known, message) };
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return {
      status,
      body: errorBody(
        errorCatalogue.request.badRequest,
        error.message || errorCatalogue.request.badRequest.message,
      ),
    };
  }
  return { status: 500, body: errorBody(errorCatalogue.request.internal) };
}

export function errorHandler(error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
  const { status, body } = toErrorResponse(error);
  if (status >= 500) request.log.error({ err: error }, 'request failed');
  else request.log.debug({ err: error, errorCode: body.errorCode }, 'request rejected');
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}
