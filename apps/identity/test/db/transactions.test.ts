import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { executeRows } from '../../src/db/rows.js';
import { apiTokens, groups, mailOutbox, memberships, users } from '../../src/db/schema/index.js';
import { issueOneTimeToken } from '../../src/services/one-time-tokens.js';
import { createTenantAdmins, as } from '../admin-support.js';
import { TEST_PASSWORD } from '../factories.js';
import { API, expectErrorShape, json, linkFromMail, mailTo, uniqueEmail, useTestServer } from '../harness.js';
import { databaseUrl } from '../test-database.js';

// Issue 10: a write and its audit row, and every multi-statement change, are one transaction. A failed
// audit insert used to leave a saved group behind a 500, and a crash left users without memberships.

const server = useTestServer();

/** Makes the audit insert of one action fail, as a full disk or a lost connection would. */
async function failAuditOf(action: string) {
  const { db } = server();
  await db.execute(
    sql.raw(`create or replace function issue10_fail_audit() returns trigger language plpgsql as $$
      begin
        if new.action = '${action}' then raise exception 'audit insert failed (test)'; end if;
        return new;
      end $$`),
  );
  await db.execute(sql`drop trigger if exists issue10_fail_audit on audit_logs`);
  await db.execute(
    sql`create trigger issue10_fail_audit before insert on audit_logs for each row execute function issue10_fail_audit()`,
  );
}

afterEach(async () => {
  await server().db.execute(sql`drop trigger if exists issue10_fail_audit on audit_logs`);
});

describe('issue 10: a change and its audit row commit together or not at all', () => {
  it('a group whose audit row fails is not saved, and the answer is a 500, not a half-success', async () => {
    const { admin, tenant } = await createTenantAdmins(server());
    await failAuditOf('Group created');
    const name = `Audited ${Date.now()}`;
    const response = await as(server(), admin)('POST', `${API}/groups/v1`, { name });
    expectErrorShape(response, 500);
    const saved = await server().db.select().from(groups).where(eq(groups.name, name));
    expect(saved.filter((group) => group.tenantId === tenant.id)).toEqual([]);
  });

  it('an invitation whose audit row fails leaves no user, membership, roles or mail behind', async () => {
    const { admin } = await createTenantAdmins(server());
    await failAuditOf('User invited');
    for (const url of [`${API}/users/v2`, `${API}/users/v1`]) {
      const email = uniqueEmail('half-invited');
      const response = await as(server(), admin)('POST', url, { email, name: 'Half' });
      expectErrorShape(response, 500);
      expect(await server().db.select().from(users).where(eq(users.email, email))).toEqual([]);
      expect(await server().db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).toEqual([]);
    }
  });

  it('a member whose disabling fails to be audited stays enabled (services declare their atomic methods)', async () => {
    const { admin, member, tenant } = await createTenantAdmins(server());
    await failAuditOf('User disabled in the account');
    const response = await as(server(), admin)('POST', `${API}/tenants/users/v1/${member.user.id}/disable`);
    expectErrorShape(response, 500);
    const [membership] = await server()
      .db.select()
      .from(memberships)
      .where(and(eq(memberships.userId, member.user.id), eq(memberships.tenantId, tenant.id)));
    expect(membership?.isDisabled).toBe(false);
  });

  it('a sign-up whose audit row fails leaves no account, tenant or activation mail behind', async () => {
    await failAuditOf('User signed up');
    const email = uniqueEmail('half-signed-up');
    const response = await server().app.inject({
      method: 'POST',
      url: `${API}/users/v1/signUp`,
      payload: { email, name: 'Half', companyName: 'Half Foods' },
    });
    expect(response.statusCode).toBe(200); // the answer goes first; the account is made after it
    await server().app.background.idle();
    expect(await server().db.select().from(users).where(eq(users.email, email))).toEqual([]);
    expect(await mailTo(server().db, email)).toEqual([]);
  });

  it('a password reset whose audit row fails keeps the old password and a usable link', async () => {
    const { member } = await createTenantAdmins(server());
    const email = member.user.email;
    await server().app.inject({ method: 'POST', url: `${API}/users/v1/passwords/reset`, payload: { email } });
    await server().app.background.idle();
    const { userId, token } = await linkFromMail(server().db, email, '/account/reset-password');
    await failAuditOf('Password reset');
    const reset = (password: string) =>
      server().app.inject({
        method: 'POST',
        url: `${API}/users/v1/passwords/reset/verify`,
        payload: { userId, token, password },
      });
    expectErrorShape(await reset('Another-Secret-77!'), 500);
    const login = (password: string) =>
      server().app.inject({ method: 'POST', url: `${API}/auth/v1/user`, payload: { email, password } });
    expect((await login(TEST_PASSWORD)).statusCode).toBe(200);
    await server().db.execute(sql`drop trigger if exists issue10_fail_audit on audit_logs`);
    expect((await reset('Another-Secret-77!')).statusCode).toBe(200);
  });

  it('an API token whose creation fails to be audited does not exist', async () => {
    const { admin, tenant } = await createTenantAdmins(server());
    await failAuditOf('API token created');
    const description = `half-made ${Date.now()}`;
    const response = await as(server(), admin)('POST', `${API}/tenants/api-tokens/v2`, { description });
    expectErrorShape(response, 500);
    const rows = await server().db.select().from(apiTokens).where(eq(apiTokens.tenantId, tenant.id));
    expect(rows.filter((row) => row.description === description)).toEqual([]);
  });

  it('an invite-link sign-up whose audit row fails leaves no account behind', async () => {
    const { admin } = await createTenantAdmins(server());
    const created = await as(server(), admin)('POST', `${API}/tenants/invites/v2/user`, {
      shouldSendEmail: false,
    });
    expect(created.statusCode, created.body).toBe(201);
    await failAuditOf('User signed up with an invite link');
    const email = uniqueEmail('half-linked');
    const signUp = await server().app.inject({
      method: 'POST',
      url: `${API}/users/v1/signUp`,
      payload: { email, name: 'Half Linked', invitationToken: json<{ token: string }>(created).token },
    });
    expectErrorShape(signUp, 500);
    expect(await server().db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('an unlock whose audit row fails leaves the account locked and the link usable', async () => {
    const { member } = await createTenantAdmins(server());
    const { db, clock } = server();
    await db.update(users).set({ isLocked: true }).where(eq(users.id, member.user.id));
    const now = clock.now();
    const token = await issueOneTimeToken(db, {
      userId: member.user.id,
      purpose: 'unlock',
      now,
      expiresAt: new Date(now.getTime() + 3_600_000),
    });
    const unlock = () =>
      server().app.inject({ method: 'POST', url: `${API}/users/v3/me/unlock`, payload: { token } });
    await failAuditOf('User unlocked');
    expectErrorShape(await unlock(), 500);
    const [locked] = await db.select().from(users).where(eq(users.id, member.user.id));
    expect(locked?.isLocked).toBe(true);
    await db.execute(sql`drop trigger if exists issue10_fail_audit on audit_logs`);
    expect((await unlock()).statusCode).toBe(200);
  });

  it('the same invitation succeeds once the audit log works again', async () => {
    const { admin } = await createTenantAdmins(server());
    const email = uniqueEmail('invited');
    const response = await as(server(), admin)('POST', `${API}/users/v2`, { email, name: 'Whole' });
    expect(response.statusCode, response.body).toBe(201);
    expect(json<{ email: string }>(response).email).toBe(email);
    expect(await mailTo(server().db, email)).toHaveLength(1);
  });

  it('an invitation with a username already taken leaves no account behind', async () => {
    const { admin } = await createTenantAdmins(server());
    const username = `taken${Date.now()}`;
    const first = await as(server(), admin)('POST', `${API}/users/v2`, { email: uniqueEmail(), username });
    expect(first.statusCode, first.body).toBe(201);
    const email = uniqueEmail('second');
    const second = await as(server(), admin)('POST', `${API}/users/v2`, { email, username });
    expect(second.statusCode).toBeGreaterThanOrEqual(400);
    expect(await server().db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });
});

describe('issue 10: inside a transaction the shared handle follows it', () => {
  it('a query on the outer handle inside a transaction neither deadlocks (PGlite has one connection) nor escapes the rollback', async () => {
    const { db } = server();
    const email = uniqueEmail('rolled-back');
    await expect(
      db.transaction(async () => {
        await db.insert(users).values({ email, name: 'R', verified: false });
        // Read back through the outer handle: it sees the uncommitted row, so it runs in the transaction.
        expect(await db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('a nested transaction is a savepoint: its failure leaves the outer one going', async () => {
    const { db } = server();
    const [kept, dropped] = [uniqueEmail('kept'), uniqueEmail('dropped')];
    await db.transaction(async () => {
      await db.insert(users).values({ email: kept, name: 'K', verified: false });
      await db
        .transaction(async () => {
          await db.insert(users).values({ email: dropped, name: 'D', verified: false });
          throw new Error('inner');
        })
        .catch(() => undefined);
    });
    expect(await db.select().from(users).where(eq(users.email, kept))).toHaveLength(1);
    expect(await db.select().from(users).where(eq(users.email, dropped))).toEqual([]);
  });
});

describe('issue 10: skipInviteEmail is honoured', () => {
  it.each([`${API}/users/v2`, `${API}/users/v1`])(
    '%s: no mail with skipInviteEmail, a mail without',
    async (url) => {
      const { admin } = await createTenantAdmins(server());
      const [skipped, mailed] = [uniqueEmail('skipped'), uniqueEmail('mailed')];
      const quiet = await as(server(), admin)('POST', url, { email: skipped, skipInviteEmail: true });
      expect(quiet.statusCode, quiet.body).toBeLessThan(300);
      const loud = await as(server(), admin)('POST', url, { email: mailed, skipInviteEmail: false });
      expect(loud.statusCode, loud.body).toBeLessThan(300);
      expect(await server().db.select().from(users).where(eq(users.email, skipped))).toHaveLength(1);
      expect(await mailTo(server().db, skipped)).toEqual([]);
      expect(await mailTo(server().db, mailed)).toHaveLength(1);
    },
  );

  it('an existing user of another account invited with skipInviteEmail gets no invitation mail', async () => {
    const { admin } = await createTenantAdmins(server());
    const other = await createTenantAdmins(server());
    const email = other.member.user.email;
    const before = (await mailTo(server().db, email)).length;
    const response = await as(server(), admin)('POST', `${API}/users/v2`, { email, skipInviteEmail: true });
    expect(response.statusCode, response.body).toBeLessThan(300);
    expect(await mailTo(server().db, email)).toHaveLength(before);
  });
});

describe.skipIf(!databaseUrl)('issue 10: a pooled connection cut by PostgreSQL', () => {
  /** Ends every other connection to this test's database, as a restart or a failover would. */
  async function cutConnections() {
    const [row] = (await executeRows(server().db, sql`select current_database() as name`)) as Array<{
      name: string;
    }>;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [row?.name],
      );
    } finally {
      await admin.end();
    }
  }

  it('answers the next requests without a 500, outside and inside transactions', async () => {
    const { admin } = await createTenantAdmins(server());
    const call = as(server(), admin);
    for (let round = 0; round < 5; round++) {
      // Fill the pool with idle connections, then cut them all and ask again at once.
      await Promise.all([1, 2, 3, 4].map(() => call('GET', `${API}/groups/v1`)));
      await cutConnections();
      const answers = await Promise.all([
        call('GET', `${API}/groups/v1`),
        call('GET', `${API}/users/v2`),
        call('POST', `${API}/groups/v1`, { name: `After cut ${round} ${Date.now()}` }),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 201]);
    }
  });
});
