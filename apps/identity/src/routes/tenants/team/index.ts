import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteOptions } from '../../../services/index.js';
import { requirePermission, requireSignedIn } from '../../admin-access.js';
import { credentialRateLimit } from '../../rate-limit.js';
import { emptyResponse, responses } from '../../schemas.js';
import { roleIdsField, userIdParams } from '../../team/schemas.js';

const inviteLinkView = z.object({
  id: z.string(),
  vendorId: z.string(),
  tenantId: z.string(),
  userId: z.string().optional(),
  token: z.string(),
  expires: z.string(),
  shouldSendEmail: z.boolean(),
  roleIds: z.array(z.string()),
});

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
 * (SPEC section 3 "Invite link"; the link's sign-up lives in services/team-invite-links.ts).
 */
export const teamTenantRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { config, services }) => {
  const { team, teamInviteLinks, tokens } = services;

  app.post(
    '/users/v1/count',
    {
      schema: {
        tags: ['team'],
        summary:
          'How many members each of tenantIds has, for those the caller administers (its own account); others are left out',
        body: z.object({
          tenantIds: z
            .array(z.uuid({ error: 'tenantIds must be tenant ids' }), { error: 'tenantIds is required' })
            .max(200, 'tenantIds holds at most 200 ids'),
        }),
        response: responses({
          200: z.array(
            z.object({ tenantId: z.string(), totalUsers: z.number(), totalAccessAllowedUsers: z.number() }),
          ),
        }),
      },
    },
    async (request) =>
      team.usersCount(
        await requirePermission(request, tokens, 'fe.secure.read.users'),
        request.body.tenantIds,
      ),
  );

  for (const action of ['enable', 'disable'] as const) {
    app.post(
      `/users/v1/:userId/${action}`,
      {
        schema: {
          tags: ['team'],
          summary:
            action === 'disable'
              ? 'Disable a member in this account: their sessions here end, they cannot sign in to it'
              : 'Enable a disabled member',
          params: userIdParams,
          response: responses({ 200: emptyResponse }),
        },
      },
      async (request) => {
        const actor = await requirePermission(request, tokens, 'fe.secure.write.enableDisable');
        await team.setDisabled(actor, request.params.userId, action === 'disable');
        return {};
      },
    );
  }

  app.get(
    '/invites/v1/configuration',
    {
      schema: {
        tags: ['team'],
        summary: 'Whether invite links and their emails are available',
        response: responses({
          200: z.object({ tenantInvitationsAllowed: z.boolean(), emailsEnabled: z.boolean() }),
        }),
      },
    },
    async (request) => {
      await requireSignedIn(request, tokens);
      return teamInviteLinks.configuration();
    },
  );

  app.post(
    '/invites/v1/verify',
    {
      // Public, like the sign-up it precedes: rate limited so tokens cannot be tried in bulk.
      config: credentialRateLimit(config),
      schema: {
        tags: ['team'],
        summary:
          "Check an invite link's token before signing up with it: the link and the account's name; unknown or expired tokens get one 400",
        body: z.object({
          token: z
            .string({ error: 'token is required' })
            .trim()
            .min(1, 'token is required')
            .max(512, "We couldn't verify your invitation"),
        }),
        response: responses({
          200: inviteLinkView.omit({ userId: true, roleIds: true }).extend({ name: z.string() }),
        }),
      },
    },
    async (request) => teamInviteLinks.verify(request.body.token),
  );

  app.get(
    '/invites/v1/user',
    {
      schema: {
        tags: ['team'],
        summary: "The account's invite link, if there is one",
        response: responses({ 200: inviteLinkView }),
      },
    },
    async (request) => {
      const actor = await requirePermission(request, tokens, 'fe.secure.read.users');
      return teamInviteLinks.get(actor);
    },
  );

  const created = responses({ 201: inviteLinkView });
  const summary = 'Create the invite link (a new token replaces the old one); default expiry 43200 minutes';
  app.post(
    '/invites/v1/user',
    { schema: { tags: ['team'], summary, body: linkBody, response: created } },
    async (request, reply) => {
      const actor = await requirePermission(request, tokens, 'fe.secure.write.tenantInvites');
      return reply.code(201).send(await teamInviteLinks.create(actor, { ...request.body, roleIds: [] }));
    },
  );
  app.post(
    '/invites/v2/user',
    {
      schema: {
        tags: ['team'],
        summary: `${summary}; with the roles of people who join`,
        body: linkBody.extend({ roleIds: roleIdsField.optional() }),
        response: created,
      },
    },
    async (request, reply) => {
      const actor = await requirePermission(request, tokens, 'fe.secure.write.tenantInvites');
      const roleIds = await team.grantableRoleIds(actor, request.body.roleIds ?? []);
      return reply.code(201).send(await teamInviteLinks.create(actor, { ...request.body, roleIds }));
    },
  );

  app.patch(
    '/invites/v1/user',
    {
      schema: {
        tags: ['team'],
        summary: "Change the invite link's expiry or email setting",
        body: linkBody,
        response: responses({ 200: inviteLinkView }),
      },
    },
    async (request) => {
      const actor = await requirePermission(request, tokens, 'fe.secure.write.tenantInvites');
      return teamInviteLinks.update(actor, request.body);
    },
  );

  app.delete(
    '/invites/v1/user',
    {
      schema: {
        tags: ['team'],
        summary: 'Delete the invite link: its token stops working',
        response: responses({ 200: emptyResponse }),
      },
    },
    async (request) => {
      const actor = await requirePermission(request, tokens, 'fe.secure.delete.tenantInvites');
      await teamInviteLinks.remove(actor);
      return {};
    },
  );
};
