import { describe, expect, it } from 'vitest';
import type { PermissionItem } from '../../../sdk/admin/roles';
import { groupPermissions, roleKeyFromName, toggle } from './role-rules';

const permission = (id: string, categoryId: string): PermissionItem => ({
  id,
  key: `key.${id}`,
  name: id,
  description: '',
  categoryId,
  roleIds: [],
});

describe('role rules', () => {
  it('makes a key from a name', () => {
    expect(roleKeyFromName('  Menu Analyst (EU) ')).toBe('menu-analyst-eu');
    expect(roleKeyFromName('***')).toBe('');
  });

  it('groups permissions by category, unknown categories last, empty ones left out', () => {
    const groups = groupPermissions(
      [
        { id: 'admin-portal', name: 'Account administration', permissionIds: [] },
        { id: 'empty', name: 'Empty', permissionIds: [] },
      ],
      [permission('a', 'admin-portal'), permission('b', 'brizo'), permission('c', 'admin-portal')],
    );
    expect(groups.map((group) => [group.name, group.permissions.map((item) => item.id)])).toEqual([
      ['Account administration', ['a', 'c']],
      ['Other', ['b']],
    ]);
  });

  it('toggles an id in a list', () => {
    expect(toggle(['a'], 'b', true)).toEqual(['a', 'b']);
    expect(toggle(['a', 'b'], 'a', false)).toEqual(['b']);
    expect(toggle(['a'], 'a', true)).toEqual(['a']);
  });
});
