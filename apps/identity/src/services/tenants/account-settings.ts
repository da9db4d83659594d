import { isDeepStrictEqual } from 'node:util';
import type { SocialLoginsPlacement } from '@brizo/contract';
import { atomicMethods, type Db } from '../../db/client.js';
import { findTenantById, updateTenant, type TenantRow } from '../../db/queries/tenants.js';
import { appError, errorCatalogue } from '../../errors.js';
import type { Clock } from '../../lib/time.js';
import type { AdminActor } from '../admin-access.js';
import { auditChange } from '../audit-changes.js';
import { auditEvents, recordAdminAudit } from '../audit.js';

/** SPEC section 5: image data URLs must match data:image/{type};base64. */
const IMAGE_DATA_URL = /^data:image\/[a-z0-9.+-]+;base64,[A-Za-z0-9+/]+={0,2}$/i;
/** A logo rides in every settings answer and in the tenant list: keep it small. */
export const MAX_LOGO_CHARS = 256 * 1024;

export interface AccountSettingsInput {
  name?: string | undefined;
  address?: string | null | undefined;
  website?: string | null | undefined;
  timezone?: string | null | undefined;
  dateFormat?: string | null | undefined;
  timeFormat?: string | null | undefined;
  currency?: string | null | undefined;
  logo?: string | null | undefined;
}

const settingKeys = [
  'name',
  'address',
  'website',
  'timezone',
  'dateFormat',
  'timeFormat',
  'currency',
  'logo',
] as const;

/**
 * The custom login box (CustomLoginState.updateTenantMetadata): the actions the SDK sends, one per
 * leaf of `loginBox`, each with its own rule. Anything else is refused.
 */
const COLOR = /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\))$/i;
const customLoginRules: Record<string, (value: unknown) => boolean> = {
  'loginBox/logo/image': (value) =>
    value === '' ||
    (typeof value === 'string' && IMAGE_DATA_URL.test(value) && value.length <= MAX_LOGO_CHARS),
  'loginBox/socialLogins/socialLoginsLayout/placement': (value) => value === 'top' || value === 'bottom',
  ...Object.fromEntries(
    ['main', 'dark', 'light', 'hover', 'active', 'contrastText'].map((shade) => [
      `loginBox/palette/primary/${shade}`,
      (value: unknown) => typeof value === 'string' && COLOR.test(value),
    ]),
  ),
};

export interface CustomLoginAction {
  type: string;
  payload: unknown;
}

type Tree = Record<string, unknown>;

const isTree = (value: unknown): value is Tree =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The login box customisation anyone may read for a tenantId (GET /metadata/admin-box/public). */
export interface PublicLoginBox {
  logo: string | null;
  primaryColor: string | null;
  socialLoginsPlacement: SocialLoginsPlacement;
}

function setPath(tree: Tree, path: string[], value: unknown): Tree {
  const [head, ...rest] = path;
  if (head === undefined) return tree;
  const child = tree[head];
  const next: unknown =
    rest.length === 0
      ? value
      : setPath(typeof child === 'object' && child !== null ? (child as Tree) : {}, rest, value);
  return { ...tree, [head]: next };
}

export function createAccountSettingsService(deps: { db: Db; clock: Clock; publicUrl: string }) {
  const { db, clock } = deps;

  const loginUrlOf = (tenantId: string) =>
    `${deps.publicUrl}/account/login?${new URLSearchParams({ tenantId }).toString()}`;

  const view = (tenant: TenantRow) => ({
    tenantId: tenant.id,
    name: tenant.name,
    address: tenant.address,
    website: tenant.website,
    timezone: tenant.timezone,
    dateFormat: tenant.dateFormat,
    timeFormat: tenant.timeFormat,
    currency: tenant.currency,
    logo: tenant.logo,
    loginUrl: loginUrlOf(tenant.id),
  });

  async function tenantOf(actor: AdminActor): Promise<TenantRow> {
    const tenant = await findTenantById(db, actor.tenantId);
    // The token names a tenant that no longer exists.
    if (!tenant) throw appError(errorCatalogue.admin.noActiveTenant);
    return tenant;
  }

  // Issue 10: each change and its audit row are one transaction (db/client.ts).
  return atomicMethods(db, ['update', 'updateCustomLogin'], {
    async get(actor: AdminActor) {
      return view(await tenantOf(actor));
    },

    /** What the login box may learn about a tenant before anyone signs in. */
    async publicSettings(tenantId: string) {
      const tenant = await findTenantById(db, tenantId);
      if (!tenant) throw appError(errorCatalogue.request.notFound);
      return { tenantId: tenant.id, loginUrl: loginUrlOf(tenant.id) };
    },

    async update(actor: AdminActor, input: AccountSettingsInput) {
      const tenant = await tenantOf(actor);
      if (input.logo) {
        if (!IMAGE_DATA_URL.test(input.logo)) throw appError(errorCatalogue.accountSettings.invalidLogo);
        if (input.logo.length > MAX_LOGO_CHARS) throw appError(errorCatalogue.accountSettings.logoTooLarge);
      }
      const changed: AccountSettingsInput = {};
      for (const key of settingKeys) {
        const value = input[key] === '' && key !== 'name' ? null : input[key];
        if (value !== undefined && value !== tenant[key]) Object.assign(changed, { [key]: value });
      }
      if (Object.keys(changed).length === 0) throw appError(errorCatalogue.accountSettings.noChanges);
      const updated = await updateTenant(db, tenant.id, { ...changed, updatedAt: clock.now() });
      if (!updated) throw appError(errorCatalogue.admin.noActiveTenant);
      // The logo itself is too large for the audit log: record that it changed.
      const json = {
        ...changed,
        ...(changed.logo !== undefined ? { logo: changed.logo ? 'changed' : null } : {}),
      };
      await recordAdminAudit(
        db,
        actor,
        auditEvents.accountSettingsUpdated,
        {
          description: `Account settings updated: ${Object.keys(changed).join(', ')}`,
          json: {
            changed: json,
            ...auditChange(
              Object.fromEntries(
                Object.keys(changed).map((key) => [key, tenant[key as keyof AccountSettingsInput]]),
              ),
              changed,
            ),
          },
        },
        clock.now(),
      );
      return view(updated);
    },

    async customLogin(actor: AdminActor) {
      return (await tenantOf(actor)).customLogin;
    },

    /**
     * What the login box opened through the account's login address shows: only the logo, the
     * primary colour and the social login placement. An unknown tenant answers the product's
     * defaults, exactly like a tenant that customised nothing (GET .../public already says 404).
     * Each value is checked again on the way out, so nothing stored under other rules reaches a page.
     */
    async publicLoginBox(tenantId: string): Promise<PublicLoginBox> {
      const loginBox = (await findTenantById(db, tenantId))?.customLogin.loginBox;
      const value = (type: string) => {
        const leaf = type.split('/').reduce<unknown>((node, key) => (isTree(node) ? node[key] : undefined), {
          loginBox,
        });
        return typeof leaf === 'string' && leaf !== '' && customLoginRules[type]?.(leaf) ? leaf : null;
      };
      return {
        logo: value('loginBox/logo/image'),
        primaryColor: value('loginBox/palette/primary/main'),
        // Below the form unless the account chose above: the product's own login box.
        socialLoginsPlacement:
          value('loginBox/socialLogins/socialLoginsLayout/placement') === 'top' ? 'top' : 'bottom',
      };
    },

    async updateCustomLogin(actor: AdminActor, actions: CustomLoginAction[]) {
      const tenant = await tenantOf(actor);
      let tree: Tree = tenant.customLogin;
      for (const action of actions) {
        const rule = customLoginRules[action.type];
        if (!rule || !rule(action.payload)) throw appError(errorCatalogue.accountSettings.invalidCustomLogin);
        tree = setPath(tree, action.type.split('/'), action.payload);
      }
      if (isDeepStrictEqual(tree, tenant.customLogin)) {
        throw appError(errorCatalogue.accountSettings.noChanges);
      }
      await updateTenant(db, tenant.id, { customLogin: tree, updatedAt: clock.now() });
      // Each changed setting under its path ("loginBox/palette/primary/main"), as it was and as it is.
      const leaf = (root: Tree, type: string) =>
        type.split('/').reduce<unknown>((node, key) => (isTree(node) ? node[key] : undefined), root);
      const types = [...new Set(actions.map((action) => action.type))];
      const settings = (root: Tree) => Object.fromEntries(types.map((type) => [type, leaf(root, type)]));
      await recordAdminAudit(
        db,
        actor,
        auditEvents.customLoginUpdated,
        {
          description: 'Custom login box updated',
          json: {
            changed: actions.map((action) => action.type),
            ...auditChange(settings(tenant.customLogin), settings(tree)),
          },
        },
        clock.now(),
      );
      return tree;
    },
  });
}

export type AccountSettingsService = ReturnType<typeof createAccountSettingsService>;
