import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inviteLinkSchema } from '@brizo/contract/entities/invite-link';
import { z } from 'zod';
import type { RouteOptions } from '../../../services/index.js';
import { credentialRateLimit } from '../../rate-limit.js';
import { emptyResponse } from '../../schemas.js';
import { roleIdsField, userIdParams } from '../../team/schemas.js';
import { areaRoutes } from '../../route.js';

const inviteLinkView = inviteLinkSchema;

const expiresInMinutes = z
  .number({ error: 'expiresInMinutes must be a number of minutes' })
  .int()
  .min(1)
  .max(525_600, 'An invite link lives at most a year');

const linkBody = z.object({
  expiresInMinutes: expiresInMinutes.optional(),
  shouldSendEmail: z.boolean().optional(),
});

/**
 * /identity/resources/tenants: enabling and disabling a member, and the account's invite link
 * (SPEC section 3 "Invite link"; the link's sign-up lives in services/team/invite-links.ts).
 */
export const teamTenantRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { config, services }) => {
  const route = areaRoutes(app, services, 'tenants');
  const { team, teamInviteLinks } = services;

  route({
    name: 'createUsersV1Count',
    method: 'POST',
    url: '/users/v1/count',
    tag: 'team',
    summary:
      'How many members each of tenantIds has, for those the caller administers (its own account and the accounts below it); others are left out',
    access: { permission: 'fe.secure.read.users' },
    body: z.object({
      tenantIds: z
        .array(z.uuid({ error: 'tenantIds must be tenant ids' }), { error: 'tenantIds is required' })
        .max(200, 'tenantIds holds at most 200 ids'),
    }),
    response: z.array(
      z.object({ tenantId: z.string(), totalUsers: z.number(), totalAccessAllowedUsers: z.number() }),
    ),
    handler: async ({ actor, request }) => team.usersCount(actor, request.body.tenantIds),
  });

  for (const action of ['enable', 'disable'] as const) {
    route({
      name: `createUsersV1ByUserId${action}`,
      method: 'POST',
      url: `/users/v1/:userId/${action}`,
      tag: 'team',
      summary:
        action === 'disable'
          ? 'Disable a member in this account: their sessions here end, they cannot sign in to it'
          : 'Enable a disabled member',
      access: { permission: 'fe.secure.write.enableDisable' },
      params: userIdParams,
      response: emptyResponse,
      handler: async ({ actor, request }) => {
        await team.setDisabled(actor, request.params.userId, action === 'disable');
        return {};
      },
    });
  }

  route({
    name: 'getInvitesV1Configuration',
    method: 'GET',
    url: '/invites/v1/configuration',
    tag: 'team',
    summary: 'Whether invite links and their emails are available',
    access: 'member',
    response: z.object({ tenantInvitationsAllowed: z.boolean(), emailsEnabled: z.boolean() }),
    handler: async () => {
      return teamInviteLinks.configuration();
    },
  });

  route({
    name: 'createInvitesV1Verify',
    method: 'POST',
    url: '/invites/v1/verify',
    tag: 'team',
    summary:
      "Check an invite link's token before signing up with it: the link and the account's name; unknown or expired tokens get one 400",
    access: 'public',
    config: credentialRateLimit(config),
    body: z.object({
      token: z
        .string({ error: 'token is required' })
        .trim()
        .min(1, 'token is required')
        .max(512, "We couldn't verify your invitation"),
    }),
    response: inviteLinkView.omit({ userId: true, roleIds: true }).extend({ name: z.string() }),
    handler: async ({ request }) => teamInviteLinks.verify(request.body.token),
  });

  route({
    name: 'getInvitesV1User',
    method: 'GET',
    url: '/invites/v1/user',
    tag: 'team',
    summary: "The account's invite link, if there is one",
    access: { permission: 'fe.secure.read.users' },
    response: inviteLinkView,
    handler: async ({ actor }) => {
      return teamInviteLinks.get(actor);
    },
  });

  const summary = 'Create the invite link (a new token replaces the old one); default expiry 43200 minutes';
  route({
    name: 'createInvitesV1User',
    method: 'POST',
    url: '/invites/v1/user',
    tag: 'team',
    summary,
    access: { permission: 'fe.secure.write.tenantInvites' },
    body: linkBody,
    response: inviteLinkView,
    status: 201,
    handler: ({ actor, body }) => teamInviteLinks.create(actor, { ...body, roleIds: [] }),
  });

  route({
    name: 'createInvitesV2User',
    method: 'POST',
    url: '/invites/v2/user',
    tag: 'team',
    summary: `${summary}; with the roles of people who join`,
    access: { permission: 'fe.secure.write.tenantInvites' },
    body: linkBody.extend({ roleIds: roleIdsField.optional() }),
    response: inviteLinkView,
    status: 201,
    handler: async ({ actor, body }) =>
      teamInviteLinks.create(actor, {
        ...body,
        roleIds: await team.grantableRoleIds(actor, body.roleIds ?? []),
      }),
  });

  route({
    name: 'updateInvitesV1User',
    method: 'PATCH',
    url: '/invites/v1/user',
    tag: 'team',
    summary: "Change the invite link's expiry or email setting",
    access: { permission: 'fe.secure.write.tenantInvites' },
    body: linkBody,
    response: inviteLinkView,
    handler: async ({ actor, request }) => {
      return teamInviteLinks.update(actor, request.body);
    },
  });

  route({
    name: 'deleteInvitesV1User',
    method: 'DELETE',
    url: '/invites/v1/user',
    tag: 'team',
    summary: 'Delete the invite link: its token stops working',
    access: { permission: 'fe.secure.delete.tenantInvites' },
    response: emptyResponse,
    handler: async ({ actor }) => {
      await teamInviteLinks.remove(actor);
      return {};
    },
  });
};
