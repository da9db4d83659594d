import type {
  FastifyRequest,
  FastifySchema,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
} from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AdminPermission } from '@brizo/contract';
import type { AdminActor } from '../services/admin-access.js';
import type { RouteOptions } from '../services/index.js';
import type { TokenService } from '../services/tokens.js';
import { requirePermission } from './admin-access.js';
import { emptyResponse, responses } from './schemas.js';

type ZodApp = Parameters<FastifyPluginAsyncZod<RouteOptions>>[0];

/** A request whose params, querystring and body the zod schemas P, Q and B have validated. */
export type AdminRequest<P, Q, B> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  { params: P; querystring: Q; body: B },
  ZodTypeProvider
>;

/** One admin endpoint: what its OpenAPI entry says, the permission it needs and what it does. */
export interface AdminEndpoint<P, Q, B, R extends z.ZodType | undefined> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  summary: string;
  permission: AdminPermission;
  params?: P;
  querystring?: Q;
  body?: B;
  /** The success answer's schema; without one the endpoint answers `{}` (emptyResponse). */
  response?: R;
  /** 201 for the creations that the SDK expects it from; else 200. */
  status?: 200 | 201;
  /** Runs as the actor holding `permission`; its result is the answer. */
  handler: (
    actor: AdminActor,
    request: AdminRequest<P, Q, B>,
  ) => Promise<R extends z.ZodType ? z.output<R> : void>;
}

/**
 * The admin endpoints of one area (SPEC section 7), as roles, groups and API tokens declare them:
 * each is tagged with the area, takes the bearer token, answers the shared error shape, and runs
 * its handler only for an actor whose roles grant the endpoint's permission (else 401/403).
 */
export function adminRoutes(app: ZodApp, tokens: TokenService, tag: string) {
  const security = [{ bearer: [] }];
  return function route<
    P extends z.ZodType = z.ZodType,
    Q extends z.ZodType = z.ZodType,
    B extends z.ZodType = z.ZodType,
    R extends z.ZodType | undefined = undefined,
  >(endpoint: AdminEndpoint<P, Q, B, R>): void {
    const { method, url, summary, permission, params, querystring, body, status = 200, handler } = endpoint;
    // Typed as the plain FastifySchema: the handler's own signature above carries the zod types.
    const schema: FastifySchema = {
      tags: [tag],
      summary,
      security,
      ...(params && { params }),
      ...(querystring && { querystring }),
      ...(body && { body }),
      response: responses({ [status]: endpoint.response ?? emptyResponse }),
    };
    app.route({
      method,
      url,
      schema,
      handler: async (request, reply) => {
        const actor = await requirePermission(request, tokens, permission);
        // The validator has checked params, querystring and body against exactly these schemas.
        const answer = await handler(actor, request as AdminRequest<P, Q, B>);
        reply.code(status);
        return answer ?? {};
      },
    });
  };
}
