import type { AdminBoxConfiguration } from '../../../lib/admin-portal';

export type InviteField = 'name' | 'phoneNumber' | 'username';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The invite form shows the name unless hidden; the phone number and username only when asked for. */
const defaults: Record<InviteField, 'hidden' | 'edit'> = {
  name: 'edit',
  phoneNumber: 'hidden',
  username: 'hidden',
};

/**
 * A field of the invite dialog as the vendor's theme sets it:
 * themeV2.adminPortal.pages.users.inviteUserModal.inviteByEmail.fieldsProperties.<field>
 * ({ appearance: hidden | edit, settings.validation.required }).
 */
export function inviteFieldSetting(
  configuration: AdminBoxConfiguration,
  field: InviteField,
): { shown: boolean; required: boolean } {
  let current: unknown = configuration;
  const path = [
    'themeV2',
    'adminPortal',
    'pages',
    'users',
    'inviteUserModal',
    'inviteByEmail',
    'fieldsProperties',
    field,
  ];
  for (const key of path) current = isObject(current) ? current[key] : undefined;
  const properties = isObject(current) ? current : {};
  const appearance =
    properties.appearance === 'hidden' || properties.appearance === 'edit'
      ? properties.appearance
      : defaults[field];
  const settings = isObject(properties.settings) ? properties.settings : {};
  const validation = isObject(settings.validation) ? settings.validation : {};
  return { shown: appearance === 'edit', required: appearance === 'edit' && validation.required === true };
}
