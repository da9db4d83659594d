import type { Db } from '../../db/client.js';
import { findUserAuthorization, setActiveTenant, type UserAuthorization } from '../../db/queries/users.js';
import { appError, errorCatalogue } from '../../errors.js';

interface SigningInUser extends UserAuthorization {
  id: string;
  tenantId: string | null;
}

/**
 * Sign-in into a tenant the user may still use (issue 4, Users section): `tenantIds` holds only
 * memberships that are neither disabled nor expired (db/queries/users.ts). A user disabled in,
 * removed from or expired out of their active tenant signs in to their next tenant, or not at all.
 */
export async function withUsableTenant<T extends SigningInUser>(db: Db, user: T, now: Date): Promise<T> {
  if (!user.tenantId || user.tenantIds.includes(user.tenantId)) return user;
  const [next] = user.tenantIds;
  const granted = next ? await findUserAuthorization(db, user.id, next, now) : undefined;
  if (!next || !granted) throw appError(errorCatalogue.team.memberAccessEnded);
  await setActiveTenant(db, user.id, next);
  return { ...user, ...granted, tenantId: next };
}

/** Whether a session's tenant is still one the user may use (see above). */
export const mayUseTenant = (tenantId: string | null, granted: UserAuthorization): boolean =>
  !tenantId || granted.tenantIds.includes(tenantId);
