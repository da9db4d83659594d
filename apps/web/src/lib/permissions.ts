/** The permission keys of a signed-in user as the SDK holds them (objects with a key, or strings). */
export function permissionKeys(permissions: readonly (string | { key: string })[] | undefined): string[] {
  return (permissions ?? []).map((permission) =>
    typeof permission === 'string' ? permission : permission.key,
  );
}
