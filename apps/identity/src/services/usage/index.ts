import { signInMethods, type SignInMethod, type Usage } from '@brizo/contract/entities/usage';
import type { Db } from '../../db/client.js';
import {
  countActiveApiTokens,
  countAuditActionsByDay,
  countDistinctUsers,
  countDistinctUsersByMonth,
  countOpenInvitations,
  countSeats,
} from '../../db/queries/usage.js';
import type { AdminActor } from '../admin-access.js';
import type { ServiceDeps } from '../operations-deps.js';
import { monthsOf, resolveDayRange, type DayRange } from './day-range.js';
import {
  apiTokenExchangeAction,
  failedSignInActions,
  methodOfAction,
  signInActions,
} from './sign-in-actions.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const successActions = Object.values(signInActions);

const noSignIns = (): Record<SignInMethod, number> =>
  Object.fromEntries(signInMethods.map((method) => [method, 0])) as Record<SignInMethod, number>;

/** A tenant's usage over a range of UTC days (the Usage section; the reports read it too). */
export async function usageOfTenant(db: Db, tenantId: string, range: DayRange, now: Date): Promise<Usage> {
  const exchange = apiTokenExchangeAction();
  const actions = [...successActions, ...failedSignInActions, ...(exchange ? [exchange] : [])];
  const failed = new Set(failedSignInActions);
  const months = monthsOf(range);
  const [byDay, byMonth, last30Days, seats, openInvitations, activeTokens] = await Promise.all([
    countAuditActionsByDay(db, tenantId, actions, range.interval),
    countDistinctUsersByMonth(db, tenantId, successActions, months.interval),
    countDistinctUsers(db, tenantId, successActions, {
      from: new Date(now.getTime() - 30 * DAY_MS),
      // Up to and including this instant.
      until: new Date(now.getTime() + 1),
    }),
    countSeats(db, tenantId, now),
    countOpenInvitations(db, tenantId, now),
    countActiveApiTokens(db, tenantId, now),
  ]);

  const days = new Map(
    range.days.map((date) => [date, { date, signIns: noSignIns(), failedSignIns: 0, apiTokenExchanges: 0 }]),
  );
  for (const row of byDay) {
    const day = days.get(row.day);
    if (!day) continue;
    const method = methodOfAction.get(row.action);
    if (method) day.signIns[method] += row.count;
    else if (failed.has(row.action)) day.failedSignIns += row.count;
    else if (row.action === exchange) day.apiTokenExchanges += row.count;
  }
  const monthly = new Map(byMonth.map((row) => [row.month, row.users]));
  return {
    from: range.from,
    to: range.to,
    days: [...days.values()],
    monthlyActiveUsers: {
      last30Days,
      months: months.months.map((month) => ({ month, activeUsers: monthly.get(month) ?? 0 })),
    },
    mfaAdoption: { enrolled: seats.mfaEnrolled, members: seats.active },
    seats: {
      active: seats.active,
      pendingInvitations: seats.pendingMembers + openInvitations,
      disabled: seats.disabled,
    },
    apiTokens: { active: activeTokens, exchangesRecorded: exchange !== undefined },
  };
}

/** The Usage section (fe.usage.read): the caller's active tenant only. */
export function createUsageService(deps: ServiceDeps) {
  const { db, clock } = deps;
  return {
    async get(
      actor: AdminActor,
      query: { from?: string | undefined; to?: string | undefined },
    ): Promise<Usage> {
      const now = clock.now();
      return usageOfTenant(db, actor.tenantId, resolveDayRange(query, now), now);
    },
  };
}
export type UsageService = ReturnType<typeof createUsageService>;
