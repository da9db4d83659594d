import { createContext, useContext, type ReactNode } from 'react';

/** The web app's runtime configuration, `window.__BRIZO_CONFIG__` (docs/CONTRACTS.md). */
export interface BrizoConfig {
  /** API origin; the SDK adds /frontegg. */
  baseUrl: string;
  clientId?: string;
  /** The main application address, the default post-login destination. */
  mainAppUrl: string;
  /** 'Contact sales' mailto on /account/login and /trial-ended. */
  salesEmail: string;
  /** 'Contact Support' mailto on activation and reset failures. */
  supportEmail: string;
  /** Analytics stay off unless it looks like GTM-XXXX. */
  gtmContainerId?: string;
  trialDays: number;
  /** Runs the store on its mock data, without server calls (SPEC section 1, preview mode). */
  previewMode?: boolean;
  /** Hosted login: the app signs in through the identity server's /oauth/authorize (SPEC section 7). */
  hostedLogin?: boolean;
  /** Other sites the login box's redirectUrl may lead to (SPEC section 5; same-site enforcement is on). */
  allowedRedirectOrigins?: string[];
  /** Whether the main application's menu opens the admin portal in a new tab (SPEC section 2). */
  adminPortalTarget: 'sameWindow' | 'newTab';
}

const ConfigContext = createContext<BrizoConfig | null>(null);

export function ConfigProvider({ config, children }: { config: BrizoConfig; children: ReactNode }) {
  return <ConfigContext.Provider value={config}>{children}</ConfigContext.Provider>;
}

export function useConfig(): BrizoConfig {
  const config = useContext(ConfigContext);
  if (!config) throw new Error('useConfig() must be used inside <ConfigProvider>');
  return config;
}

/** A mailto: address for a link. */
export function mailto(email: string): string {
  return `mailto:${email}`;
}
