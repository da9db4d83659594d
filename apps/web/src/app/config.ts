import type { BrizoConfig } from '../lib/config';

declare global {
  interface Window {
    __BRIZO_CONFIG__?: Partial<BrizoConfig>;
  }
}

export type ConfigResult = { ok: true; config: BrizoConfig } | { ok: false; missing: 'baseUrl' };

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/**
 * Reads `window.__BRIZO_CONFIG__` (loaded by /app-config.js before the app). `baseUrl` is the
 * only required option; the rest fall back to the server's own defaults (docs/CONTRACTS.md).
 */
export function readConfig(raw: unknown, origin: string): ConfigResult {
  const source = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const baseUrl = text(source.baseUrl);
  if (!baseUrl) return { ok: false, missing: 'baseUrl' };
  const trialDays = Number(source.trialDays);
  return {
    ok: true,
    config: {
      baseUrl: baseUrl.replace(/\/+$/, ''),
      clientId: text(source.clientId),
      mainAppUrl: text(source.mainAppUrl) ?? `${origin}/app`,
      salesEmail: text(source.salesEmail) ?? 'sales@brizo.test',
      supportEmail: text(source.supportEmail) ?? 'support@brizo.test',
      gtmContainerId: text(source.gtmContainerId),
      trialDays: Number.isFinite(trialDays) && trialDays > 0 ? trialDays : 14,
      previewMode: source.previewMode === true,
      hostedLogin: source.hostedLogin === true,
      allowedRedirectOrigins: Array.isArray(source.allowedRedirectOrigins)
        ? source.allowedRedirectOrigins.filter((origin): origin is string => typeof origin === 'string')
        : [],
      adminPortalTarget: source.adminPortalTarget === 'newTab' ? 'newTab' : 'sameWindow',
    },
  };
}

/** The message shown when a required option is missing (SPEC section 5). */
export function missingOptionMessage(option: string): string {
  return `Brizo FoodMetrics cannot start: the configuration option "${option}" is missing.`;
}
