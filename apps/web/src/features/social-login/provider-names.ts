import type { SocialProvider } from '@brizo/contract/enums';

/** How each provider of SPEC section 9 is named on its button. */
export const providerNames: Record<SocialProvider, string> = {
  microsoft: 'Microsoft',
  facebook: 'Facebook',
  google: 'Google',
  github: 'GitHub',
  slack: 'Slack',
  apple: 'Apple',
  linkedin: 'LinkedIn',
};

export const continueWith = (provider: SocialProvider) => `Continue with ${providerNames[provider]}`;
