import { describe, expect, it } from 'vitest';
import { inviteFieldSetting } from './invite-fields';
import { inviteLinkSchema, inviteLinkUrl, inviteSchema, parseEmails } from './member-forms';

describe('the Users section forms', () => {
  it('reads emails however they were pasted, and names the bad ones', () => {
    expect(parseEmails('a@x.test, B@x.test;\nc@x.test  a@x.test nope')).toEqual({
      valid: ['a@x.test', 'b@x.test', 'c@x.test'],
      invalid: ['nope'],
    });
  });

  it('needs a valid email to invite, and at least 300 seconds for a temporary user', () => {
    expect(inviteSchema.safeParse({ email: '', roleIds: [] }).error?.issues[0]?.message).toBe(
      'Email is required.',
    );
    expect(inviteSchema.safeParse({ email: 'x', roleIds: [] }).error?.issues[0]?.message).toBe(
      'Must be a valid email.',
    );
    expect(inviteSchema.safeParse({ email: 'a@x.test', roleIds: [], expirationInSeconds: 60 }).success).toBe(
      false,
    );
    expect(inviteSchema.safeParse({ email: 'a@x.test', roleIds: [], phoneNumber: '' }).success).toBe(true);
  });

  it('an invite link lasts 1 minute to a year and opens the sign-up page with its token', () => {
    expect(
      inviteLinkSchema.safeParse({ expiresInMinutes: 43_200, shouldSendEmail: true, roleIds: [] }).success,
    ).toBe(true);
    expect(
      inviteLinkSchema.safeParse({ expiresInMinutes: 0, shouldSendEmail: true, roleIds: [] }).success,
    ).toBe(false);
    expect(inviteLinkUrl('https://app.test', 'a b')).toBe(
      'https://app.test/account/sign-up?invitationToken=a+b',
    );
  });

  it("honours the vendor's invite field appearance: name shown, phone and username only when asked", () => {
    expect(inviteFieldSetting({}, 'name')).toEqual({ shown: true, required: false });
    expect(inviteFieldSetting({}, 'phoneNumber')).toEqual({ shown: false, required: false });
    const configuration = {
      themeV2: {
        adminPortal: {
          pages: {
            users: {
              inviteUserModal: {
                inviteByEmail: {
                  fieldsProperties: {
                    name: { appearance: 'hidden' },
                    username: { appearance: 'edit', settings: { validation: { required: true } } },
                  },
                },
              },
            },
          },
        },
      },
    };
    expect(inviteFieldSetting(configuration, 'name').shown).toBe(false);
    expect(inviteFieldSetting(configuration, 'username')).toEqual({ shown: true, required: true });
  });
});
