// Issue 13: the title of the login step loginWithSSOFailed, apart from its screen (./sso-failed.tsx) so
// the login page can name the step while the screen itself loads lazily (bundle budget).
export const SSO_FAILED_TITLE = "We couldn't sign you in with single sign-on";
