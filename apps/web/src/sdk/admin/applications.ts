import {
  applicationSchema,
  tenantApplicationsSchema,
  userApplicationIdsSchema,
  type Application,
} from '@brizo/contract/entities/applications';
import { api } from '@frontegg/rest-api';
import { useCallback } from 'react';
import { z } from 'zod';
import { callApi } from './call-api';
import { usePreviewMode } from './portal';
import { readAnswer } from './read-answer';
import { useLoaded, type Loaded } from './use-loaded';

// Issue 15: the account's applications (the flag multi-apps-admin-portal shows them in the Users
// section) through the official client's applications calls, read with the contract's schemas.

export type { Application };

/** An app of the account, with how the account has it. */
export interface AccountApplication extends Application {
  managed: boolean;
}

export const applicationsApi = {
  async accountApplications(): Promise<AccountApplication[]> {
    const [tenant] = await callApi(
      () => api.applications.getTenantsApplicationsV2(),
      (answer) => readAnswer(z.array(tenantApplicationsSchema), answer, 'account applications'),
    );
    const assignments = tenant?.assignments ?? [];
    if (assignments.length === 0) return [];
    const apps = await callApi(
      () => api.applications.getApplicationsData({ appIds: assignments.map((entry) => entry.appId) }),
      (answer) => readAnswer(z.array(applicationSchema), answer, 'applications'),
    );
    const managed = new Set(
      assignments.filter((entry) => entry.accessType === 'MANAGED_ACCESS').map((entry) => entry.appId),
    );
    return apps.map((app) => ({ ...app, managed: managed.has(app.id) }));
  },

  /** Each member's managed apps, by user id. */
  async usersApplicationIds(userIds: string[]): Promise<Map<string, string[]>> {
    if (userIds.length === 0) return new Map();
    const rows = await callApi(
      () => api.applications.getUsersApplicationsId({ userIds }),
      (answer) => readAnswer(z.array(userApplicationIdsSchema), answer, 'users applications'),
    );
    return new Map(rows.map((row) => [row.userId, row.appIds]));
  },

  /** Sets a member's managed apps to `appIds`: assigns the new ones, unassigns the dropped ones. */
  async setUserApplications(
    member: { userId: string; tenantId: string },
    before: string[],
    appIds: string[],
  ): Promise<void> {
    const added = appIds.filter((appId) => !before.includes(appId));
    const removed = before.filter((appId) => !appIds.includes(appId));
    if (added.length > 0) {
      await callApi(
        () => api.applications.assignUserToApplications({ ...member, appIds: added }),
        () => undefined,
      );
    }
    if (removed.length > 0) {
      await callApi(
        () => api.applications.unassignUserFromApplications({ ...member, appIds: removed }),
        () => undefined,
      );
    }
  },
};

/** The account's apps, loaded once when `enabled` (preview mode: none). */
export function useAccountApplications(enabled: boolean): Loaded<AccountApplication[]> {
  const preview = usePreviewMode();
  const load = useCallback(
    () => (enabled && !preview ? applicationsApi.accountApplications() : Promise.resolve([])),
    [enabled, preview],
  );
  return useLoaded(load);
}
