import { productRoleKeys } from '@brizo/contract/product-access';
import {
  funnelStages,
  type EndingTrial,
  type Funnel,
  type FunnelCounts,
  type FunnelGrouping,
  type TrialGrant,
  type UnderReviewUser,
} from '@brizo/contract/entities/trial-console';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { atomically } from '../../db/client.js';
import { assignUserRoles, findVendorRolesByKeys } from '../../db/queries/roles.js';
import { findTenantById } from '../../db/queries/tenants.js';
import {
  countFunnel,
  findProductRoleKeys,
  listTrialsEndingBetween,
  listUnderReview,
  lockUserForTrial,
  removeUserRoles,
  type Paging,
  type SignedUpUserRow,
} from '../../db/queries/trial-console.js';
import { updateUser, type UserRow } from '../../db/queries/users.js';
import { appError, errorCatalogue } from '../../errors.js';
import { addDays, isoDate, type Clock } from '../../lib/time.js';
import { auditChange } from '../audit-changes.js';
import type { AuthorizationCache } from '../authorization-cache.js';
import { recordVendorChange, type VendorCaller } from '../entitlements/vendor-caller.js';
import { mergeJsonObject, parseJsonObject } from '../json-metadata.js';
import { trialConsoleAuditEvents as events } from './audit-events.js';

// Issue 15: the superuser console's free-trial funnel. It reads who signed up and what became of them,
// and changes one person's access: approving an account under review (a trial of TRIAL_DAYS, the same
// as a work email's sign-up gets) or extending a trial. Both change the stored roles and vendorMetadata
// only: the person's next token refresh carries them (the authorization cache forgets them at once).

const DAY_MS = 86_400_000;
/** SPEC "Expiration": a date's trial ends the day after at 03:59:59 UTC. */
const EXPIRY_OFFSET_MS = DAY_MS + (3 * 3600 + 59 * 60 + 59) * 1000;
const errors = errorCatalogue.trialConsole;

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Midnight UTC of a real YYYY-MM-DD date; null for anything else (2026-02-30 included). */
function midnightOf(value: unknown): Date | null {
  const match = typeof value === 'string' ? CALENDAR_DATE.exec(value) : null;
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return isoDate(date) === value ? date : null;
}

const expiryInstantOf = (date: string): Date | null => {
  const midnight = midnightOf(date);
  return midnight && new Date(midnight.getTime() + EXPIRY_OFFSET_MS);
};

/** The Mondays (YYYY-MM-DD) of the ISO weeks from the one holding `from` to the one holding `to`. */
function mondaysBetween(from: Date, to: Date): string[] {
  const mondayOf = (date: Date) => new Date(date.getTime() - ((date.getUTCDay() + 6) % 7) * DAY_MS);
  const mondays: string[] = [];
  for (let week = mondayOf(from); week <= to; week = addDays(week, 7)) mondays.push(isoDate(week));
  return mondays;
}

const zeroCounts = (): FunnelCounts => ({ signUps: 0, activations: 0, firstSignIns: 0, trials: 0, paid: 0 });

const signedUpView = (row: SignedUpUserRow): UnderReviewUser => ({
  ...row,
  signedUpAt: row.signedUpAt.toISOString(),
});

/** A trial's last day: the user's vendorMetadata, else the account's metadata (SPEC "Expiration"). */
const expirationOf = (user: UserRow, tenantMetadata: string | undefined): string | null => {
  const own = parseJsonObject(user.vendorMetadata).expiration;
  if (midnightOf(own)) return own as string;
  const account = parseJsonObject(tenantMetadata).expiration;
  return midnightOf(account) ? (account as string) : null;
};

export type TrialExtension = { userId: string; days: number } | { userId: string; until: string };

export function createTrialConsoleService(deps: {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'trialDays'>;
  authorization: Pick<AuthorizationCache, 'invalidateUser'>;
}) {
  const { db, clock } = deps;

  /** The user, locked, with their account and product roles; 404 and 400 when there is none. */
  const trialSubject = async (userId: string) => {
    const found = await lockUserForTrial(db, userId);
    if (!found) throw appError(errors.userNotFound);
    const { user, tenantId } = found;
    if (tenantId === null) throw appError(errors.noAccount);
    const [roleKeys, tenant] = await Promise.all([
      findProductRoleKeys(db, userId, tenantId),
      findTenantById(db, tenantId),
    ]);
    return { user, tenantId, roleKeys, expiration: expirationOf(user, tenant?.metadata) };
  };

  /** Commits, then lets the person's next refresh read their roles afresh. */
  const forUser = async <T>(userId: string, change: () => Promise<T>): Promise<T> => {
    const result = await atomically(db, change);
    deps.authorization.invalidateUser(userId);
    return result;
  };

  const roleIdsOf = async (keys: string[]) => (await findVendorRolesByKeys(db, keys)).map((role) => role.id);

  return {
    /** Sign-ups of [from, to] (whole UTC days) and what became of them, by week or by source. */
    async funnel(range: { from: string; to: string }, groupBy: FunnelGrouping): Promise<Funnel> {
      const from = midnightOf(range.from);
      const last = midnightOf(range.to);
      if (!from || !last) throw new Error('the route validates the dates');
      const found = await countFunnel(db, { from, to: addDays(last, 1) }, groupBy);
      const totals = zeroCounts();
      for (const row of found) for (const stage of funnelStages) totals[stage] += row[stage];
      const rows =
        groupBy === 'week'
          ? mondaysBetween(from, last).map(
              (key) => found.find((row) => row.key === key) ?? { key, ...zeroCounts() },
            )
          : found;
      return { from: range.from, to: range.to, groupBy, rows, totals };
    },

    async underReview(paging: Paging) {
      const { items, total } = await listUnderReview(db, paging);
      return { items: items.map(signedUpView), _metadata: { totalItems: total } };
    },

    /** Trial users whose trial ends between now and `withinDays` days from now, soonest first. */
    async trialsEnding(withinDays: number, paging: Paging) {
      const now = clock.now();
      // instant(d) = d + EXPIRY_OFFSET, so d runs from the first day whose instant is not past yet to
      // the last whose instant is inside the window.
      const earliest = new Date(now.getTime() - EXPIRY_OFFSET_MS);
      const firstDay = isoDate(earliest);
      const firstDate =
        midnightOf(firstDay)?.getTime() === earliest.getTime() ? firstDay : isoDate(addDays(earliest, 1));
      const lastDate = isoDate(new Date(now.getTime() + withinDays * DAY_MS - EXPIRY_OFFSET_MS));
      const { items, total } = await listTrialsEndingBetween(db, { firstDate, lastDate }, paging);
      return {
        items: items.map(({ isMarkedExpired, expiration, ...row }): EndingTrial => ({
          ...signedUpView(row),
          expiration,
          expiresAt: expiryInstantOf(expiration)?.toISOString() ?? '',
          isMarkedExpired,
        })),
        _metadata: { totalItems: total },
      };
    },

    /**
     * Approves an account under review with a trial of TRIAL_DAYS from today: role bfm-trial in their
     * account and vendorMetadata.expiration (the rest of it kept). Someone who already holds a product
     * role has been decided on: they are answered as they are, and nothing is recorded.
     */
    approve(userId: string, by: VendorCaller): Promise<TrialGrant> {
      return forUser(userId, async () => {
        const { user, tenantId, roleKeys, expiration } = await trialSubject(userId);
        if (roleKeys.length > 0 || user.superUser) return { userId, tenantId, roles: roleKeys, expiration };
        const granted = isoDate(addDays(clock.now(), deps.config.trialDays));
        await assignUserRoles(db, userId, tenantId, await roleIdsOf([productRoleKeys.trial]));
        await updateUser(db, userId, {
          vendorMetadata: mergeJsonObject(user.vendorMetadata, { expiration: granted }),
          updatedAt: clock.now(),
        });
        const roles = [productRoleKeys.trial];
        await recordVendorChange(deps, by, events.accountApproved, {
          user: { id: userId, email: user.email },
          tenantId,
          ...auditChange({ roles: roleKeys, expiration }, { roles, expiration: granted }),
        });
        return { userId, tenantId, roles, expiration: granted };
      });
    },

    /**
     * Moves a trial user's last day: `days` after the current one (or after today, when it has
     * passed), or to `until`. A trial marked over (bfm-expired-trial) runs again (bfm-trial).
     */
    extendTrial(extension: TrialExtension, by: VendorCaller): Promise<TrialGrant> {
      const { userId } = extension;
      return forUser(userId, async () => {
        const { user, tenantId, roleKeys, expiration } = await trialSubject(userId);
        const isRegular = roleKeys.some(
          (key) => key === productRoleKeys.base || key === productRoleKeys.unrestricted,
        );
        if (user.superUser || isRegular || roleKeys.length === 0) throw appError(errors.notATrial);
        const today = isoDate(clock.now());
        const from = expiration !== null && expiration > today ? expiration : today;
        const until =
          'days' in extension
            ? isoDate(addDays(midnightOf(from) ?? clock.now(), extension.days))
            : extension.until;
        if (until < today) throw appError(errors.dateInThePast);
        const roles = [productRoleKeys.trial];
        if (roleKeys.includes(productRoleKeys.expiredTrial)) {
          await removeUserRoles(db, userId, tenantId, await roleIdsOf([productRoleKeys.expiredTrial]));
          await assignUserRoles(db, userId, tenantId, await roleIdsOf(roles));
        }
        await updateUser(db, userId, {
          vendorMetadata: mergeJsonObject(user.vendorMetadata, { expiration: until }),
          updatedAt: clock.now(),
        });
        await recordVendorChange(deps, by, events.trialExtended, {
          user: { id: userId, email: user.email },
          tenantId,
          ...auditChange({ roles: roleKeys, expiration }, { roles, expiration: until }),
        });
        return { userId, tenantId, roles, expiration: until };
      });
    },
  };
}
export type TrialConsoleService = ReturnType<typeof createTrialConsoleService>;
