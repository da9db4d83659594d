import { describe, expect, it } from 'vitest';
import { as, createTenantAdmins } from '../../../admin-support.js';
import { API, expectErrorShape, json, uniqueEmail, useTestServer } from '../../../harness.js';

// Policies of one section that must hold where another section adds members (issue 4): the Roles
// section's default role for invited members, the Security section's email-domain restrictions for
// sign-ups through the Users section's invite link.

const server = useTestServer();

describe('a new member of the account', () => {
  it("invited without roles gets the account's default role", async () => {
    const s = server();
    const team = await createTenantAdmins(s);
    const admin = as(s, team.admin);
    const role = json<{ id: string }>(
      await admin('POST', `${API}/roles/v1`, { key: 'starter', name: 'Starter', isDefault: true }),
    );
    const email = uniqueEmail('defaulted');
    const invited = await admin('POST', `${API}/users/v1`, { email, name: 'Defaulted' });
    expect(invited.statusCode, invited.body).toBeLessThan(300);
    const page = json<{ items: Array<{ email: string; roles: Array<{ id: string }> }> }>(
      await admin('GET', `${API}/users/v2?_filter=defaulted`),
    );
    expect(page.items.find((item) => item.email === email)?.roles.map((r) => r.id)).toEqual([role.id]);
  });

  it("signing up through the invite link obeys the account's email-domain restrictions", async () => {
    const s = server();
    const team = await createTenantAdmins(s);
    const admin = as(s, team.admin);
    const domains = `${API}/configurations/restrictions/v1/email-domain`;
    await admin('POST', domains, { domain: 'blocked.example', type: 'BLOCK' });
    await admin('POST', `${domains}/config`, { active: true, type: 'BLOCK' });
    const link = json<{ token: string }>(
      await admin('POST', `${API}/tenants/invites/v2/user`, { shouldSendEmail: false }),
    );
    const signUp = (email: string) =>
      s.app.inject({
        method: 'POST',
        url: `${API}/users/v1/signUp`,
        payload: { email, companyName: 'Ignored Co', name: 'Linked', invitationToken: link.token },
      });
    const refused = expectErrorShape(await signUp(uniqueEmail('x', 'blocked.example')), 403);
    expect(refused.errorCode).toBe('ER-SECURITY-DOMAIN-RESTRICTED');
    expect((await signUp(uniqueEmail('x', 'fine.example'))).statusCode).toBe(200);
  });
});
