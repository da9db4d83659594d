import { sql } from 'drizzle-orm';
import { insideTransaction, type Db } from '../client.js';
import { keepPlan } from '../pglite-kept-plans.js';
import { users } from '../schema/index.js';
import { enforcingSsoPolicyOfEmail, type EnforcingSsoPolicy } from './sso-settings.js';
import { normalizeUsername, usernameMatches } from './usernames.js';
import { emailMatches, normalizeEmail, qualified, userClaimsColumns, type UserClaimsRow } from './users.js';

/** The account as a password login reads it: the token's claims and what the login decides on. */
export type PasswordLoginUserRow = UserClaimsRow & {
  /** Wrong passwords since the last success (lockout policy); reset by this login. */
  failedAttempts: number;
  /** When the password was set, or the account created if never since: epoch seconds (rotation). */
  passwordSetAt: number;
  /** Whether a second factor is enrolled: when none is, the login reads no devices. */
  mfaEnrolled: boolean;
  /** The SSO policy enforced on the email's domain, if a tenant enforces one (issue 13). */
  ssoEnforcedBy: EnforcingSsoPolicy | null;
};

type LoginBy = 'email' | 'username';

/** The read for one way of naming the account, with placeholders `login` and `now` (ISO). */
function loginRead(db: Db, by: LoginBy) {
  const userId = sql.raw('"users"."id"');
  const login = sql.placeholder('login');
  return db
    .select({
      ...userClaimsColumns(qualified.userActiveTenant, sql.placeholder('now')),
      tenantId: users.activeTenantId,
      failedAttempts: sql<number>`coalesce((select ps.failed_attempts from password_states ps
        where ps.user_id = ${userId}), 0)`,
      // float8: a number in both drivers.
      passwordSetAt: sql<number>`extract(epoch from coalesce((select ps.changed_at from password_states ps
        where ps.user_id = ${userId}), "users"."created_at"))::float8`,
      mfaEnrolled: sql<boolean>`exists (select 1 from mfa_devices d where d.user_id = ${userId})`,
      ssoEnforcedBy: enforcingSsoPolicyOfEmail(sql`lower("users"."email")`),
    })
    .from(users)
    .where(by === 'email' ? emailMatches(login) : usernameMatches(login))
    .limit(1);
}

/**
 * Built once per database: building this statement costs the server more than sending it, and a named
 * statement is planned once per connection instead of on every login (on PGlite, db/pglite-kept-plans.ts).
 */
const prepared = new WeakMap<Db, Record<LoginBy, ReturnType<ReturnType<typeof loginRead>['prepare']>>>();

/**
 * The one read of a password login (issue 17): the user with its claims, its password's state, its
 * second-factor enrollment and its domain's SSO enforcement, each an index lookup in one statement,
 * instead of one statement each once the password is verified.
 */
export async function findPasswordLoginUser(
  db: Db,
  login: { email: string } | { username: string },
  now: Date,
): Promise<PasswordLoginUserRow | undefined> {
  const by: LoginBy = 'email' in login ? 'email' : 'username';
  const values = {
    login: 'email' in login ? normalizeEmail(login.email) : normalizeUsername(login.username),
    now: now.toISOString(),
  };
  // A prepared statement runs on the pool: inside a transaction the read must be the transaction's.
  if (insideTransaction()) return (await loginRead(db, by).execute(values))[0];
  let statements = prepared.get(db);
  if (!statements) {
    statements = {
      email: loginRead(db, 'email').prepare('password_login_by_email'),
      username: loginRead(db, 'username').prepare('password_login_by_username'),
    };
    keepPlan(statements.email);
    keepPlan(statements.username);
    prepared.set(db, statements);
  }
  const [row] = await statements[by].execute(values);
  return row;
}
