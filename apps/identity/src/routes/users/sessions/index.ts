import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminActorOf } from '../../../services/admin-access.js';
import type { RouteOptions } from '../../../services/index.js';
import type { TokenService } from '../../../services/tokens.js';
import type { SessionOwner } from '../../../services/user-sessions.js';
import { requirePermission } from '../../admin-access.js';
import { emptyResponse, requestMeta, requireAccessToken, responses } from '../../schemas.js';

const sessionResponse = z.object({
  id: z.string(),
  userAgent: z.string().nullable(),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
  expires: z.string(),
  current: z.boolean(),
  impersonated: z.boolean(),
});

/** The signed-in user with the session their access token was issued for (its `sid`). */
async function requireSessionOwner(request: FastifyRequest, tokens: TokenService): Promise<SessionOwner> {
  const claims = await requireAccessToken(request, tokens);
  return { ...adminActorOf(claims, requestMeta(request)), sessionId: claims.sid };
}

/** /identity/resources/users/sessions: the signed-in user's own active sessions (Privacy section). */
export const userSessionsRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const { userSessions, tokens } = services;

  app.get(
    '/v1/me',
    {
      schema: {
        tags: ['privacy'],
        summary: "The signed-in user's active sessions, the current one flagged",
        security: [{ bearer: [] }],
        response: responses({ 200: z.array(sessionResponse) }),
      },
    },
    async (request) => userSessions.list(await requireSessionOwner(request, tokens)),
  );

  app.get(
    '/v1/me/current',
    {
      schema: {
        tags: ['privacy'],
        summary: 'The session of this access token',
        security: [{ bearer: [] }],
        response: responses({ 200: sessionResponse }),
      },
    },
    async (request) => userSessions.current(await requireSessionOwner(request, tokens)),
  );

  app.delete(
    '/v1/me/all',
    {
      schema: {
        tags: ['privacy'],
        summary: 'Sign out every other session of the signed-in user (the current one stays)',
        security: [{ bearer: [] }],
        response: responses({ 200: emptyResponse }),
      },
    },
    async (request) => {
      await userSessions.revokeOthers(await requireSessionOwner(request, tokens));
      return {};
    },
  );

  app.delete(
    '/v1/me/:id',
    {
      schema: {
        tags: ['privacy'],
        summary: 'Sign out one session of the signed-in user: it can no longer refresh its token',
        security: [{ bearer: [] }],
        params: z.object({ id: z.uuid({ error: 'id must be a valid id' }) }),
        response: responses({ 200: emptyResponse }),
      },
    },
    async (request) => {
      await userSessions.revoke(await requireSessionOwner(request, tokens), request.params.id);
      return {};
    },
  );

  app.post(
    '/v1/revoke',
    {
      schema: {
        tags: ['team'],
        summary:
          'End every session of a member of the active tenant (fe.secure.delete.sessions); their sessions in other tenants stay',
        security: [{ bearer: [] }],
        body: z.object({ userId: z.uuid({ error: 'userId must be a user id' }) }),
        response: responses({ 200: emptyResponse }),
      },
    },
    async (request) => {
      const actor = await requirePermission(request, tokens, 'fe.secure.delete.sessions');
      await services.team.revokeSessions(actor, request.body.userId);
      return {};
    },
  );
};
