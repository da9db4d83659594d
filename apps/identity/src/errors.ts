// The one error catalogue of the identity server: every failure a client can see, with a stable
// code per area. Answers always take the wire shape `{ errors: [message], errorCode }`.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

interface CatalogueEntry {
  status: number;
  code: string;
  message: string;
}

const entry = (status: number, code: string, message: string): CatalogueEntry => ({ status, code, message });

export const errorCatalogue = {
  request: {
    validation: entry(400, 'ER-REQUEST-VALIDATION', 'Invalid request'),
    malformedJson: entry(400, 'ER-REQUEST-MALFORMED-JSON', 'The request body is not valid JSON'),
    badRequest: entry(400, 'ER-REQUEST-BAD', 'Invalid request'),
    unauthorized: entry(401, 'ER-REQUEST-UNAUTHORIZED', 'Unauthorized'),
    /** Issue 10: a state change sent by a page of another origin (routes/cross-site-guard.ts). */
    crossSite: entry(403, 'ER-REQUEST-CROSS-SITE', 'This request must come from a page of this site'),
    notFound: entry(404, 'ER-REQUEST-NOT-FOUND', 'Not Found'),
    tooLarge: entry(413, 'ER-REQUEST-TOO-LARGE', 'Error request is too large'),
    // Issue 10: malformed input refused for every route at once (routes/malformed-input.ts).
    unsafeText: entry(
      400,
      'ER-REQUEST-INVALID-TEXT',
      'Text must not contain NUL characters or unpaired surrogates',
    ),
    tooDeep: entry(400, 'ER-REQUEST-TOO-DEEP', 'The request body is nested too deeply'),
    uriTooLong: entry(414, 'ER-REQUEST-URI-TOO-LONG', 'A part of the address is too long'),
    headersTooLarge: entry(431, 'ER-REQUEST-HEADERS-TOO-LARGE', 'The request headers are too large'),
    timeout: entry(408, 'ER-REQUEST-TIMEOUT', 'The request took too long to arrive'),
    unsupportedMediaType: entry(
      415,
      'ER-REQUEST-MEDIA-TYPE',
      'Unsupported content type: send application/json',
    ),
    rateLimited: entry(429, 'ER-REQUEST-RATE-LIMITED', 'Too many requests, please try again in a minute'),
    internal: entry(500, 'ER-REQUEST-INTERNAL', 'Unknown error occurred'),
  },
  auth: {
    invalidCredentials: entry(401, 'ER-AUTH-INVALID-CREDENTIALS', 'Incorrect email or password'),
    userNotVerified: entry(
      401,
      'ER-AUTH-USER-NOT-VERIFIED',
      'User is not verified. Please check your inbox for the activation email',
    ),
    userLocked: entry(401, 'ER-AUTH-USER-LOCKED', 'User is locked'),
    noSession: entry(401, 'ER-AUTH-NO-SESSION', 'Session not found'),
    sessionExpired: entry(401, 'ER-AUTH-SESSION-EXPIRED', 'Session expired, please log in again'),
    invalidAccessToken: entry(401, 'ER-AUTH-INVALID-TOKEN', 'Unauthorized'),
    /** Issue 10: an API token's access token calls an endpoint that acts for a person's session. */
    personSessionRequired: entry(
      403,
      'ER-AUTH-USER-SESSION-REQUIRED',
      'This request needs a signed-in user: API tokens cannot call it',
    ),
    ssoNotConfigured: entry(404, 'ER-AUTH-SSO-NOT-FOUND', 'SSO is not configured for this user'),
    strategyNotActive: entry(400, 'ER-AUTH-STRATEGY-INACTIVE', 'This sign-in method is not enabled'),
    /** Issue 10: the per-account pause after repeated wrong passwords (services/login-throttle.ts). */
    tooManyAttempts: entry(
      429,
      'ER-AUTH-TOO-MANY-ATTEMPTS',
      'Too many failed sign-in attempts, please wait a moment and try again',
    ),
    // Issue 10: changing how the account signs in needs a recent sign-in (services/reauthentication.ts).
    reauthenticationRequired: entry(
      403,
      'ER-AUTH-REAUTHENTICATION-REQUIRED',
      'Confirm it is you: enter your password or a second-factor code to make this change',
    ),
    reauthenticationFailed: entry(400, 'ER-AUTH-REAUTHENTICATION-FAILED', 'Incorrect password'),
    noSecurityKey: entry(
      400,
      'ER-AUTH-NO-SECURITY-KEY',
      'This account has no security key or passkey to confirm it is you',
    ),
  },
  users: {
    notFound: entry(404, 'ER-USERS-NOT-FOUND', 'User not found'),
    signUpDisabled: entry(403, 'ER-USERS-SIGNUP-DISABLED', 'Sign up is not allowed'),
    invitationInvalid: entry(400, 'ER-USERS-INVITATION-INVALID', "We couldn't verify your invitation"),
    passwordRequired: entry(400, 'ER-USERS-PASSWORD-REQUIRED', 'Password is required'),
    activationInvalid: entry(400, 'ER-USERS-ACTIVATION-INVALID', 'Activation link is invalid or expired'),
    alreadyActivated: entry(400, 'ER-USERS-ALREADY-ACTIVATED', 'User is already activated'),
    resetInvalid: entry(
      400,
      'ER-USERS-RESET-INVALID',
      'Reset password failed: Please double check your reset URL.',
    ),
    passwordPolicy: entry(400, 'ER-USERS-PASSWORD-POLICY', 'Password does not meet the password policy'),
    /** Issue 10: on the bundled list of common and breached passwords (services/common-passwords.ts). */
    passwordTooCommon: entry(
      400,
      'ER-USERS-PASSWORD-TOO-COMMON',
      'This password is too common and appears in lists of breached passwords. Please choose another one.',
    ),
  },
  lifecycle: {
    unlockInvalid: entry(400, 'ER-LIFECYCLE-UNLOCK-INVALID', 'Unlock link is invalid or expired'),
    passwordReused: entry(
      400,
      'ER-LIFECYCLE-PASSWORD-REUSED',
      'You used this password recently. Choose a different password.',
    ),
    wrongCurrentPassword: entry(400, 'ER-LIFECYCLE-WRONG-PASSWORD', 'Current password is incorrect'),
    forbidden: entry(403, 'ER-LIFECYCLE-FORBIDDEN', 'Not authorized'),
    recoveryMethodInactive: entry(
      400,
      'ER-LIFECYCLE-RECOVERY-INACTIVE',
      'This recovery method is not enabled',
    ),
    noDevClock: entry(409, 'ER-LIFECYCLE-NO-DEV-CLOCK', 'This server clock cannot be moved'),
    smsCodeInvalid: entry(400, 'ER-LIFECYCLE-SMS-CODE-INVALID', 'The code is invalid or expired'),
    alreadyMember: entry(409, 'ER-LIFECYCLE-ALREADY-MEMBER', 'This user is already a member of the account'),
  },
  webauthn: {
    passkeysNotActive: entry(400, 'ER-WEBAUTHN-PASSKEYS-INACTIVE', 'Sign-in with passkeys is not enabled'),
    challengeInvalid: entry(
      400,
      'ER-WEBAUTHN-CHALLENGE-INVALID',
      'This request has expired or was already used. Please try again.',
    ),
    authenticationFailed: entry(401, 'ER-WEBAUTHN-AUTHENTICATION-FAILED', 'Failed to authenticate'),
    registrationFailed: entry(
      400,
      'ER-WEBAUTHN-REGISTRATION-FAILED',
      'The passkey could not be verified. Please try again.',
    ),
    alreadyRegistered: entry(
      409,
      'ER-WEBAUTHN-ALREADY-REGISTERED',
      'This passkey or security key is already registered',
    ),
    passkeyNotFound: entry(404, 'ER-WEBAUTHN-PASSKEY-NOT-FOUND', 'Passkey not found'),
  },
  metadata: {
    unknownEntity: entry(404, 'ER-METADATA-NOT-FOUND', 'Metadata not found'),
  },
  dev: {
    messageNotFound: entry(404, 'ER-DEV-MESSAGE-NOT-FOUND', 'Message not found'),
  },
  oauth: {
    invalidClient: entry(400, 'ER-OAUTH-INVALID-CLIENT', 'Unknown client_id'),
    invalidRedirectUri: entry(
      400,
      'ER-OAUTH-INVALID-REDIRECT-URI',
      'redirect_uri is not registered for this client',
    ),
    invalidRequest: entry(400, 'ER-OAUTH-INVALID-REQUEST', 'Invalid authorization request'),
    pkceRequired: entry(
      400,
      'ER-OAUTH-PKCE-REQUIRED',
      'code_challenge with code_challenge_method=S256 is required',
    ),
    invalidGrant: entry(
      400,
      'ER-OAUTH-INVALID-GRANT',
      'The authorization code or refresh token is invalid or expired',
    ),
    unsupportedGrantType: entry(400, 'ER-OAUTH-UNSUPPORTED-GRANT-TYPE', 'Unsupported grant_type'),
    // The token endpoint's client_credentials grant (RFC 6749 4.4): one answer for an unknown client, a
    // wrong secret, an expired or a deleted API token.
    clientAuthenticationFailed: entry(
      401,
      'ER-OAUTH-INVALID-CLIENT-CREDENTIALS',
      'Invalid client credentials',
    ),
    invalidScope: entry(
      400,
      'ER-OAUTH-INVALID-SCOPE',
      'scope is not supported: the access token carries the roles and permissions of the API token',
    ),
    invalidPostLogoutRedirectUri: entry(
      400,
      'ER-OAUTH-INVALID-POST-LOGOUT-REDIRECT-URI',
      'post_logout_redirect_uri is not registered for this client',
    ),
  },
  tenants: {
    notMember: entry(403, 'ER-TENANTS-NOT-MEMBER', 'You are not a member of this account'),
  },
  captcha: {
    forbidden: entry(403, 'ER-CAPTCHA-FORBIDDEN', 'Only an administrator can change the captcha policy'),
    siteKeyRequired: entry(
      400,
      'ER-CAPTCHA-SITE-KEY-REQUIRED',
      'siteKey and secretKey are required to enable captcha',
    ),
  },
  mfa: {
    invalidMfaToken: entry(
      401,
      'ER-MFA-TOKEN-INVALID',
      'Your sign-in session has expired, please log in again',
    ),
    invalidCode: entry(400, 'ER-MFA-INVALID-CODE', 'The code is incorrect or has expired'),
    tooManyAttempts: entry(429, 'ER-MFA-TOO-MANY-ATTEMPTS', 'Too many incorrect codes, please log in again'),
    notEnrolled: entry(400, 'ER-MFA-NOT-ENROLLED', 'MFA is not enrolled'),
    alreadyEnrolled: entry(409, 'ER-MFA-ALREADY-ENROLLED', 'This authentication method is already enrolled'),
    strategyNotActive: entry(400, 'ER-MFA-STRATEGY-INACTIVE', 'This authentication method is not enabled'),
    deviceNotFound: entry(404, 'ER-MFA-DEVICE-NOT-FOUND', 'MFA device not found'),
    invalidPhoneNumber: entry(400, 'ER-MFA-INVALID-PHONE', 'Enter a valid phone number, e.g. +15550100199'),
    invalidRecoveryCode: entry(400, 'ER-MFA-INVALID-RECOVERY-CODE', 'The recovery code is incorrect'),
  },
  passwordless: {
    identifierRequired: entry(
      400,
      'ER-PASSWORDLESS-IDENTIFIER-REQUIRED',
      'Email, username or phone number is required',
    ),
    invalidCode: entry(400, 'ER-PASSWORDLESS-INVALID-CODE', 'The code is incorrect or has expired'),
    invalidLink: entry(400, 'ER-PASSWORDLESS-INVALID-LINK', 'This sign-in link is invalid or has expired'),
  },
  // Phone number reset and change (issue 3, SPEC section 4 "Phone reset").
  phoneReset: {
    invalidCode: entry(400, 'ER-PHONE-RESET-INVALID-CODE', 'The code is incorrect or has expired'),
    invalidToken: entry(
      400,
      'ER-PHONE-RESET-INVALID-TOKEN',
      'This phone number reset has expired. Please start again.',
    ),
  },
  // Sign-up by phone number or username, sign-up settings and activation by code (issue 3).
  signUp: {
    invalidStrategies: entry(400, 'ER-SIGNUP-INVALID-STRATEGIES', 'Invalid sign-up strategies'),
    phoneNumberNotActive: entry(
      400,
      'ER-SIGNUP-PHONE-NUMBER-INACTIVE',
      'Sign-up by phone number is not enabled',
    ),
    usernameNotActive: entry(400, 'ER-SIGNUP-USERNAME-INACTIVE', 'Sign-up by username is not enabled'),
    phoneNumberRequired: entry(
      400,
      'ER-SIGNUP-PHONE-NUMBER-REQUIRED',
      'Phone number is required for phone number signup',
    ),
    usernameRequired: entry(400, 'ER-SIGNUP-USERNAME-REQUIRED', 'Username is required for username signup'),
    activationCodeInvalid: entry(
      400,
      'ER-SIGNUP-ACTIVATION-CODE-INVALID',
      'The code is incorrect or has expired',
    ),
  },
  usernames: {
    invalid: entry(
      400,
      'ER-USERNAMES-INVALID',
      'A username has 3 to 64 characters: letters, digits, dots, dashes and underscores',
    ),
    taken: entry(409, 'ER-USERNAMES-TAKEN', 'This username is already taken'),
    alreadySet: entry(409, 'ER-USERNAMES-ALREADY-SET', 'You already have a username: delete it first'),
    notFound: entry(404, 'ER-USERNAMES-NOT-FOUND', 'Username not found'),
  },
  // The admin portal (issue 4): every section's area adds its own entries below this one.
  admin: {
    forbidden: entry(403, 'ER-ADMIN-FORBIDDEN', 'Not authorized'),
    noActiveTenant: entry(403, 'ER-ADMIN-NO-TENANT', 'TenantId is not defined'),
    // Vendor-wide settings change sign-in for every tenant: a tenant's Admin role must not reach them.
    vendorOnly: entry(403, 'ER-ADMIN-VENDOR-ONLY', 'Only a vendor administrator can change this setting'),
  },
  // The Users section (issue 4): team administration.
  team: {
    userNotFound: entry(404, 'ER-TEAM-USER-NOT-FOUND', 'User not found'),
    roleNotFound: entry(404, 'ER-TEAM-ROLE-NOT-FOUND', 'Role not found'),
    roleNotGrantable: entry(
      403,
      'ER-TEAM-ROLE-NOT-GRANTABLE',
      'You cannot assign a role with permissions you do not hold',
    ),
    notYourself: entry(400, 'ER-TEAM-NOT-YOURSELF', 'You cannot disable, lock or delete yourself'),
    lockSpansAccounts: entry(
      409,
      'ER-TEAM-LOCK-SPANS-ACCOUNTS',
      'This user also belongs to other accounts, and a lock would apply there too: disable the user in this account instead',
    ),
    inviteLinkNotFound: entry(404, 'ER-TEAM-INVITE-LINK-NOT-FOUND', 'No invite link exists for this account'),
    memberAccessEnded: entry(
      401,
      'ER-TEAM-MEMBER-ACCESS-ENDED',
      'Your access to this account was disabled or has expired',
    ),
  },
  // The Security section (issue 4): session policy, IP and email-domain restrictions, security center.
  securityAdmin: {
    ipBlocked: entry(403, 'ER-SECURITY-IP-RESTRICTED', 'Access from your IP address is not allowed'),
    selfLockout: entry(
      409,
      'ER-SECURITY-SELF-LOCKOUT',
      'This change would block your current IP address: add it to the allow list first',
    ),
    invalidIp: entry(400, 'ER-SECURITY-INVALID-IP', 'Enter an IP address or a CIDR range (IPv4 or IPv6)'),
    ipRestrictionNotFound: entry(404, 'ER-SECURITY-IP-NOT-FOUND', 'IP restriction not found'),
    invalidDomain: entry(400, 'ER-SECURITY-INVALID-DOMAIN', 'Enter a domain name, such as example.com'),
    domainRestrictionNotFound: entry(404, 'ER-SECURITY-DOMAIN-NOT-FOUND', 'Domain restriction not found'),
    domainRestricted: entry(
      403,
      'ER-SECURITY-DOMAIN-RESTRICTED',
      'Email addresses of this domain are not allowed in this account',
    ),
  },
  // The Profile and Privacy sections (issue 4): the signed-in user's own data.
  profile: {
    invalidImage: entry(
      400,
      'ER-PROFILE-INVALID-IMAGE',
      'The profile picture must be a PNG, JPEG, GIF or WebP image (data:image/{type};base64)',
    ),
    imageTooLarge: entry(413, 'ER-PROFILE-IMAGE-TOO-LARGE', 'The profile picture must be at most 512 KB'),
    imageNotFound: entry(404, 'ER-PROFILE-IMAGE-NOT-FOUND', 'Image not found'),
    invalidPictureUrl: entry(
      400,
      'ER-PROFILE-INVALID-PICTURE-URL',
      'profilePictureUrl must be an http(s) address or an image data URL (data:image/{type};base64)',
    ),
    phoneNumberNeedsCode: entry(
      400,
      'ER-PROFILE-PHONE-NEEDS-CODE',
      'Add a phone number with the code texted to it, from the phone numbers of your profile',
    ),
    phoneNumberExists: entry(409, 'ER-PROFILE-PHONE-EXISTS', 'This phone number is already on your profile'),
    tooManyPhoneNumbers: entry(400, 'ER-PROFILE-TOO-MANY-PHONES', 'A profile holds at most 10 phone numbers'),
    phoneNumberNotFound: entry(404, 'ER-PROFILE-PHONE-NOT-FOUND', 'Phone number not found'),
    invalidCode: entry(400, 'ER-PROFILE-INVALID-CODE', 'The code is incorrect or has expired'),
    sameEmail: entry(400, 'ER-PROFILE-SAME-EMAIL', 'This is already your email address'),
    emailRevertInvalid: entry(
      400,
      'ER-PROFILE-EMAIL-REVERT-INVALID',
      'This link is invalid, has expired or was already used',
    ),
    emailRevertAddressTaken: entry(
      409,
      'ER-PROFILE-EMAIL-REVERT-TAKEN',
      'Another account uses that address now: contact support to restore your account',
    ),
    emailTaken: entry(409, 'ER-PROFILE-EMAIL-TAKEN', 'This email address is already in use'),
    sessionNotFound: entry(404, 'ER-PROFILE-SESSION-NOT-FOUND', 'Session not found'),
  },
  // Groups, roles and account settings (issue 4).
  groups: {
    notFound: entry(404, 'ER-GROUPS-NOT-FOUND', 'Group not found'),
    nameTaken: entry(409, 'ER-GROUPS-NAME-TAKEN', 'A group with this name already exists'),
    roleNotFound: entry(404, 'ER-GROUPS-ROLE-NOT-FOUND', 'Role not found'),
    userNotFound: entry(404, 'ER-GROUPS-USER-NOT-FOUND', 'User not found'),
    disabled: entry(400, 'ER-GROUPS-DISABLED', 'Groups are turned off for this account'),
    rolesDisabled: entry(400, 'ER-GROUPS-ROLES-DISABLED', 'Roles on groups are turned off for this account'),
  },
  roles: {
    notFound: entry(404, 'ER-ROLES-NOT-FOUND', 'Role not found'),
    vendorRole: entry(403, 'ER-ROLES-VENDOR-ROLE', "The vendor's roles cannot be changed"),
    keyTaken: entry(409, 'ER-ROLES-KEY-TAKEN', 'A role with this key already exists'),
    permissionNotFound: entry(404, 'ER-ROLES-PERMISSION-NOT-FOUND', 'Permission not found'),
    escalation: entry(403, 'ER-ROLES-ESCALATION', 'You cannot grant permissions you do not hold'),
  },
  accountSettings: {
    invalidLogo: entry(
      400,
      'ER-ACCOUNT-SETTINGS-INVALID-LOGO',
      'The logo must be an image data URL (data:image/{type};base64)',
    ),
    logoTooLarge: entry(400, 'ER-ACCOUNT-SETTINGS-LOGO-TOO-LARGE', 'The logo must be at most 256 KB'),
    noChanges: entry(400, 'ER-ACCOUNT-SETTINGS-NO-CHANGES', 'No changes to update'),
    invalidCustomLogin: entry(400, 'ER-ACCOUNT-SETTINGS-INVALID-CUSTOM-LOGIN', 'Unknown login box setting'),
  },
  apiTokens: {
    notFound: entry(404, 'ER-API-TOKENS-NOT-FOUND', 'API token not found'),
    roleNotFound: entry(404, 'ER-API-TOKENS-ROLE-NOT-FOUND', 'Role not found'),
    roleNotGrantable: entry(
      403,
      'ER-API-TOKENS-ROLE-NOT-GRANTABLE',
      'You cannot give a token permissions you do not hold',
    ),
    userTokenRoles: entry(400, 'ER-API-TOKENS-USER-ROLES', 'Personal API tokens cannot take roles'),
    noChanges: entry(400, 'ER-API-TOKENS-NO-CHANGES', 'Send a description or roleIds to change'),
    // One answer for an unknown client, a wrong secret, an expired or a deleted token.
    invalidCredentials: entry(401, 'ER-API-TOKENS-INVALID-CREDENTIALS', 'Invalid client credentials'),
  },
} as const;

export class AppError extends Error {
  override name = 'AppError';
  readonly statusCode: number;
  readonly errorCode: string;

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
