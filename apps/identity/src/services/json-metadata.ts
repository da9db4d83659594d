// Users and tenants carry metadata as JSON strings (SPEC section 3); these read and update them.

export function parseJsonObject(value: string | null | undefined): Record<string, unknown> {
  if (!value) return {};
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? { ...parsed } : {};
  } catch {
    return {};
  }
}

export const mergeJsonObject = (value: string | null | undefined, changes: Record<string, unknown>): string =>
  JSON.stringify({ ...parseJsonObject(value), ...changes });
