import type { PermissionCategoryItem, PermissionItem } from '../../../sdk/admin/roles';

/** A role key from its name, as the server would make it: lower-case words joined by dashes. */
export const roleKeyFromName = (name: string): string =>
  name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64);

export interface PermissionGroup {
  id: string;
  name: string;
  permissions: PermissionItem[];
}

/** Permissions by category, in the categories' order; a permission of no known category comes last. */
export function groupPermissions(
  categories: readonly PermissionCategoryItem[],
  permissions: readonly PermissionItem[],
): PermissionGroup[] {
  const known = new Set(categories.map((category) => category.id));
  const groups = categories.map((category) => ({
    id: category.id,
    name: category.name,
    permissions: permissions.filter((permission) => permission.categoryId === category.id),
  }));
  const rest = permissions.filter((permission) => !known.has(permission.categoryId));
  if (rest.length > 0) groups.push({ id: 'other', name: 'Other', permissions: rest });
  return groups.filter((group) => group.permissions.length > 0);
}

/** Toggles one id in a list, keeping the others' order. */
export const toggle = (list: readonly string[], id: string, on: boolean): string[] =>
  on ? (list.includes(id) ? [...list] : [...list, id]) : list.filter((item) => item !== id);
