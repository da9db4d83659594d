import { describe, expect, it } from 'vitest';
import { permissionKeys } from './permissions';

describe('permissionKeys', () => {
  it('reads keys from the SDK user permission objects and plain strings', () => {
    expect(permissionKeys([{ key: 'fe.*' }, 'bfm.base'])).toEqual(['fe.*', 'bfm.base']);
    expect(permissionKeys(undefined)).toEqual([]);
  });
});
