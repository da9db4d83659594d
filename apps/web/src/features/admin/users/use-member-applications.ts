import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  applicationsApi,
  useAccountApplications,
  type AccountApplication,
} from '../../../sdk/admin/applications';
import type { TeamMember } from '../../../sdk/admin/users';

/** What the Users section shows of applications: the account's apps and each listed member's managed ones. */
export interface MemberApplications {
  /** Whether the section shows applications at all (the flag is on and the account has apps). */
  shown: boolean;
  applications: AccountApplication[];
  /** Whether the account has managed apps to assign. */
  assignable: boolean;
  assignedTo: (userId: string) => string[];
  /** The names of the apps a member can open: the free ones and their managed ones. */
  namesFor: (userId: string) => string[];
  save: (member: TeamMember, tenantId: string, appIds: string[]) => Promise<void>;
}

export function useMemberApplications(enabled: boolean, members: TeamMember[]): MemberApplications {
  const account = useAccountApplications(enabled);
  const applications = useMemo(() => account.value ?? [], [account.value]);
  const shown = enabled && applications.length > 0;
  const assignable = applications.some((app) => app.managed);
  const [assigned, setAssigned] = useState<Map<string, string[]>>(new Map());

  const userIds = members.map((member) => member.id).join(',');
  useEffect(() => {
    if (!shown || !assignable || userIds === '') return;
    let current = true;
    applicationsApi
      .usersApplicationIds(userIds.split(','))
      .then((byUser) => {
        if (current) setAssigned(byUser);
      })
      // The column then shows the free apps only; the dialog's save reports its own failure.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [shown, assignable, userIds]);

  const assignedTo = useCallback((userId: string) => assigned.get(userId) ?? [], [assigned]);
  const namesFor = useCallback(
    (userId: string) => {
      const mine = new Set(assigned.get(userId) ?? []);
      return applications.filter((app) => !app.managed || mine.has(app.id)).map((app) => app.name);
    },
    [applications, assigned],
  );
  const save = async (member: TeamMember, tenantId: string, appIds: string[]) => {
    await applicationsApi.setUserApplications(
      { userId: member.id, tenantId },
      assigned.get(member.id) ?? [],
      appIds,
    );
    setAssigned((previous) => new Map(previous).set(member.id, appIds));
  };
  return { shown, applications, assignable, assignedTo, namesFor, save };
}
