import { assignableRolesSchema } from '@brizo/contract/entities/role';
import {
  SUB_ACCOUNT_USERS_PAGE_SIZE,
  SUB_ACCOUNTS_PAGE_SIZE,
  subAccountPageSchema,
  subAccountSchema,
  tenantUsersCountSchema,
  type SubAccountAccessType,
} from '@brizo/contract/entities/sub-account';
import { teamUserPageSchema } from '@brizo/contract/entities/team-user';
import { api } from '@frontegg/rest-api';
import { callApi } from './call-api';
import { readAnswer } from './read-answer';

// Issue 15: the All accounts section's data, through the official client's tenants and sub-tenants
// calls (SPEC section 7 "Sub-tenants"), read with the contract's schemas.

export type { SubAccountAccessType };

/** One account of the tree (SPEC section 3 "Sub-account"). */
export interface AccountNode {
  tenantId: string;
  name: string;
  createdAt: string;
  isReseller: boolean;
  subAccountAccessType: SubAccountAccessType;
  /** Whether it has sub-accounts of its own (its children load when it is expanded). */
  isParent: boolean;
  numberOfUsers: number;
}

/** One level of the tree (or a search's results): its accounts and the link to the next 50, if any. */
export interface AccountLevel {
  accounts: AccountNode[];
  loadMoreLink: string | null;
  totalItems: number;
}

export interface AccountRole {
  id: string;
  key: string;
  name: string;
}

export interface AccountUser {
  id: string;
  name: string;
  email: string;
  roles: AccountRole[];
  subAccountAccessAllowed: boolean;
}

export interface AccountUsersPage {
  users: AccountUser[];
  totalItems: number;
  totalPages: number;
}

export interface NewAccountUsers {
  emails: string[];
  roleIds: string[];
  allowSubAccountAccess: boolean;
}

const offsetOf = (link: string): number => Number(new URL(link, 'http://x').searchParams.get('_offset') ?? 0);

export const subAccountsApi = {
  /**
   * A level of the tree: the children of `parentId` (the viewer's account when empty) from `offset`,
   * or with `filter`, the accounts below it whose name contains it; with each one's number of users.
   */
  async level(parentId: string, options: { offset?: number; filter?: string } = {}): Promise<AccountLevel> {
    const page = await callApi(
      () =>
        api.tenants.searchSubTenants({
          _offset: options.offset ?? 0,
          _limit: SUB_ACCOUNTS_PAGE_SIZE,
          _subTenantId: parentId,
          ...(options.filter ? { _filter: options.filter } : {}),
        }),
      (answer) => readAnswer(subAccountPageSchema, answer, 'accounts'),
    );
    const counts =
      page.items.length === 0
        ? []
        : await callApi(
            () => api.tenants.getTenantsUsersCount({ tenantIds: page.items.map((item) => item.tenantId) }),
            (answer) => readAnswer(tenantUsersCountSchema, answer, 'users count'),
          );
    return {
      accounts: page.items.map((item) => ({
        tenantId: item.tenantId,
        name: item.name,
        createdAt: item.createdAt,
        isReseller: item.isReseller,
        subAccountAccessType: item.subAccountAccessType,
        isParent: item.metadata.isParent,
        numberOfUsers: counts.find((count) => count.tenantId === item.tenantId)?.totalUsers ?? 0,
      })),
      loadMoreLink: page._links.next ?? null,
      totalItems: page._metadata.totalItems,
    };
  },

  /** The next page of a level, from its loadMoreLink. */
  more: (parentId: string, loadMoreLink: string, filter?: string) =>
    subAccountsApi.level(parentId, { offset: offsetOf(loadMoreLink), ...(filter ? { filter } : {}) }),

  /** A sub-account of `parentTenantId`, or of the viewer's account when it is empty. */
  async create(name: string, parentTenantId: string): Promise<void> {
    await callApi(
      // The server chooses the new account's id when the request names none.
      () =>
        api.subTenants.createSubTenant({ name, ...(parentTenantId ? { parentTenantId } : {}) } as Parameters<
          typeof api.subTenants.createSubTenant
        >[0]),
      (answer) => readAnswer(subAccountSchema, answer, 'new account'),
    );
  },

  async rename(tenantId: string, name: string): Promise<void> {
    await callApi(
      () => api.subTenants.updateSubTenant({ tenantId }, { name }),
      (answer) => readAnswer(subAccountSchema, answer, 'account'),
    );
  },

  async setManagement(tenantId: string, isReseller: boolean): Promise<void> {
    await callApi(
      () => api.subTenants.updateSubTenantManagement({ tenantId }, { isReseller }),
      (answer) => readAnswer(subAccountSchema, answer, 'account'),
    );
  },

  async setAccessType(tenantId: string, subAccountAccessType: SubAccountAccessType): Promise<void> {
    await callApi(
      () =>
        api.subTenants.updateSubTenantHierarchySettings(
          { tenantId },
          { subAccountAccessType: subAccountAccessType as never },
        ),
      (answer) => readAnswer(subAccountSchema, answer, 'account'),
    );
  },

  async remove(tenantId: string): Promise<void> {
    await callApi(
      () => api.subTenants.deleteSubTenant(tenantId),
      () => undefined,
    );
  },

  /** A page of the account's users, 10 at a time, by name descending (SPEC section 9). */
  async users(tenantId: string, page: number): Promise<AccountUsersPage> {
    const answer = await callApi(
      () =>
        api.subTenants.loadAllUsers({
          _offset: page,
          _limit: SUB_ACCOUNT_USERS_PAGE_SIZE,
          _sortBy: 'name',
          _order: 'DESC',
          _tenantId: tenantId,
        } as unknown as Parameters<typeof api.subTenants.loadAllUsers>[0]),
      (raw) => readAnswer(teamUserPageSchema, raw, "account's users"),
    );
    return {
      users: answer.items.map((user) => ({
        id: user.id,
        name: user.name,
        email: user.email,
        roles: user.roles.map(({ id, key, name }) => ({ id, key, name: name || key })),
        subAccountAccessAllowed: user.subAccountAccessAllowed,
      })),
      totalItems: answer._metadata.totalItems,
      totalPages: answer._metadata.totalPages,
    };
  },

  async addUsers(tenantId: string, fields: NewAccountUsers): Promise<void> {
    await callApi(
      () =>
        api.subTenants.addUsersToSubTenant({
          tenantId,
          users: fields.emails.map((email) => ({ email })),
          roleIds: fields.roleIds,
          allowSubAccountAccess: fields.allowSubAccountAccess,
        }),
      () => undefined,
    );
  },

  async removeUser(tenantId: string, userId: string): Promise<void> {
    await callApi(
      () => api.subTenants.removeUserFromTenantAndSubTenants({ userId, subTenants: [{ tenantId }] }),
      () => undefined,
    );
  },

  async setUserRoles(tenantId: string, userId: string, roleIds: string[]): Promise<void> {
    await callApi(
      () => api.subTenants.setUserRolesForSubTenants(userId, { subTenantsRoles: [{ tenantId, roleIds }] }),
      () => undefined,
    );
  },

  /** The roles a sub-account's users can be given (the vendor's and the viewer's account's). */
  async roles(): Promise<AccountRole[]> {
    const { items } = await callApi(
      () => api.teams.loadAvailableRoles(),
      (answer) => readAnswer(assignableRolesSchema, answer, 'roles'),
    );
    return items.map(({ id, key, name }) => ({ id, key, name: name || key }));
  },
};
