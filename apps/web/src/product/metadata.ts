import type { ProductUser } from './types';

/**
 * Parses a metadata JSON string into a plain object. Metadata is free-form and written by
 * other systems, so anything that is not a JSON object (malformed, array, null) reads as `{}`
 * rather than breaking sign-in.
 */
export function parseJsonObject(json: string | null | undefined): Record<string, unknown> {
  if (!json) return {};
  try {
    const value: unknown = JSON.parse(json);
    return isPlainObject(value) ? value : {};
  } catch {
    return {};
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The typed fields of a user's vendorMetadata (SPEC section 3). */
export interface VendorMetadata {
  expiration?: string;
  activated: boolean;
  signupType?: string;
}

/** Reads vendorMetadata, dropping fields of the wrong type instead of trusting them. */
export function parseVendorMetadata(user: ProductUser): VendorMetadata {
  const raw = parseJsonObject(user.vendorMetadata);
  return {
    expiration: typeof raw.expiration === 'string' ? raw.expiration : undefined,
    // Hand-edited metadata sometimes carries the string form.
    activated: raw.activated === true || raw.activated === 'true',
    signupType: typeof raw.signupType === 'string' ? raw.signupType : undefined,
  };
}
