import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userSessionSchema } from '@brizo/contract/entities/user';
import { z } from 'zod';
import type { AdminActor } from '../../../services/admin-access.js';
import type { AccessTokenClaims } from '../../../services/tokens.js';
import type { RouteOptions } from '../../../services/index.js';
import type { SessionOwner } from '../../../services/own-sessions.js';
import { emptyResponse } from '../../schemas.js';
import { areaRoutes } from '../../route.js';

const sessionResponse = userSessionSchema;

/** The signed-in user with the session their access token was issued for (its `sid`). */
const ownerOf = ({ actor, claims }: { actor: AdminActor; claims: AccessTokenClaims }): SessionOwner => ({
  ...actor,
  sessionId: claims.sid,
});

/** /identity/resources/users/sessions: the signed-in user's own active sessions (Privacy section). */
export const ownSessionsRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const route = areaRoutes(app, services, 'users');
  const { ownSessions } = services;

  route({
    name: 'sessionsGetV1Me',
    method: 'GET',
    url: '/v1/me',
    tag: 'privacy',
    summary: "The signed-in user's active sessions, the current one flagged",
    access: 'member',
    response: z.array(sessionResponse),
    handler: async (caller) => ownSessions.list(ownerOf(caller)),
  });

  route({
    name: 'sessionsGetV1MeCurrent',
    method: 'GET',
    url: '/v1/me/current',
    tag: 'privacy',
    summary: 'The session of this access token',
    access: 'member',
    response: sessionResponse,
    handler: async (caller) => ownSessions.current(ownerOf(caller)),
  });

  route({
    name: 'sessionsDeleteV1MeAll',
    method: 'DELETE',
    url: '/v1/me/all',
    tag: 'privacy',
    summary: 'Sign out every other session of the signed-in user (the current one stays)',
    access: 'member',
    response: emptyResponse,
    handler: async (caller) => {
      await ownSessions.revokeOthers(ownerOf(caller));
      return {};
    },
  });

  route({
    name: 'sessionsDeleteV1MeById',
    method: 'DELETE',
    url: '/v1/me/:id',
    tag: 'privacy',
    summary: 'Sign out one session of the signed-in user: it can no longer refresh its token',
    access: 'member',
    params: z.object({ id: z.uuid({ error: 'id must be a valid id' }) }),
    response: emptyResponse,
    handler: async ({ request, ...caller }) => {
      await ownSessions.revoke(ownerOf(caller), request.params.id);
      return {};
    },
  });

  route({
    name: 'sessionsCreateV1Revoke',
    method: 'POST',
    url: '/v1/revoke',
    tag: 'team',
    summary:
      'End every session of a member of the active tenant (fe.secure.delete.sessions); their sessions in other tenants stay',
    access: { permission: 'fe.secure.delete.sessions' },
    body: z.object({ userId: z.uuid({ error: 'userId must be a user id' }) }),
    response: emptyResponse,
    handler: async ({ actor, request }) => {
      await services.team.revokeSessions(actor, request.body.userId);
      return {};
    },
  });
};
