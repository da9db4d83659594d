/**
 * SPEC section 5: permission checks use wildcards where `*` matches anything ('fe.*' grants every
 * admin permission). The server checks the same way (apps/identity/src/services/admin-access.ts).
 */
export function grantsPermission(granted: readonly string[], wanted: string): boolean {
  return granted.some((pattern) => {
    if (pattern === wanted) return true;
    if (!pattern.includes('*')) return false;
    const expression = pattern
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*');
    return new RegExp(`^${expression}$`).test(wanted);
  });
}

/** The permission keys of a signed-in user as the SDK holds them (objects with a key, or strings). */
export function permissionKeys(permissions: readonly (string | { key: string })[] | undefined): string[] {
  return (permissions ?? []).map((permission) =>
    typeof permission === 'string' ? permission : permission.key,
  );
}
