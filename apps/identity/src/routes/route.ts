import type {
  FastifyError,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteShorthandOptions,
} from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AdminPermission } from '@brizo/contract';
import {
  adminActorOf,
  assertPermission,
  assertVendorAdmin,
  type AdminActor,
} from '../services/admin-access.js';
import type { RouteOptions, Services } from '../services/index.js';
import type { AccessTokenClaims } from '../services/tokens.js';
import { requirePermission } from './admin-access.js';
import { emptyResponse, errorResponse, requestMeta, requireAccessToken } from './schemas.js';

type ZodApp = Parameters<FastifyPluginAsyncZod<RouteOptions>>[0];

/**
 * Who may call an endpoint (SPEC section 6), checked before its handler runs:
 * - `public`: anyone; whatever proves identity (a code, a link token, a superuser's actorToken) is the
 *   service's to check, as part of the flow;
 * - `session`: a person's bearer access token (an API token's answers 403);
 * - `member`: the same, acting in their active tenant (else 403 with no active tenant);
 * - `recent-sign-in`: the same, signed in recently enough to change how the account signs in (issue 10);
 * - `vendor`: the same, of a superuser: vendor-wide settings change sign-in for every tenant;
 * - `refresh-cookie`: the session's HttpOnly refresh cookie, which the service verifies;
 * - `{ permission }`: an access token (a person's or an API token's) whose roles grant the permission;
 * - `{ permission, session: true }`: the same, of a person only (an API token's answers 403), for the
 *   changes that act as that person, such as an invitation sent in their name.
 */
export type Access =
  | 'public'
  | 'session'
  | 'member'
  | 'recent-sign-in'
  | 'vendor'
  | 'refresh-cookie'
  | { permission: AdminPermission; session?: false }
  | { permission: AdminPermission; session: true };

/** A request whose params, querystring, body and headers the zod schemas P, Q, B and H have validated. */
export type ValidRequest<P, Q, B, H = undefined> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  { params: P; querystring: Q; body: B; headers: H },
  ZodTypeProvider
>;

/**
 * What the access check hands the handler: the signed-in person's claims, and the actor in their active
 * tenant. `actor` is read on use: a session without an active tenant fails only where one is needed.
 */
type CallerOf<A extends Access> = A extends { permission: AdminPermission; session: true }
  ? { claims: AccessTokenClaims; actor: AdminActor }
  : A extends { permission: AdminPermission }
    ? { actor: AdminActor }
    : A extends 'session' | 'member' | 'recent-sign-in' | 'vendor'
      ? { claims: AccessTokenClaims; readonly actor: AdminActor }
      : object;

type Infer<S> = S extends z.ZodType ? z.output<S> : undefined;

export type Call<A extends Access, P, Q, B, H = undefined> = CallerOf<A> & {
  params: Infer<P>;
  query: Infer<Q>;
  body: Infer<B>;
  request: ValidRequest<P, Q, B, H>;
  reply: FastifyReply;
};

/**
 * How the endpoint answers: JSON by its response schema (the default), or, for the few pages,
 * redirects and scripts the browser navigates to, whatever the handler sends through `reply`.
 */
export type Produces = 'json' | 'other';

type Answer<R, K extends Produces> = K extends 'other'
  ? unknown
  : R extends z.ZodType
    ? z.output<R> | Promise<z.output<R>>
    : void | Promise<void>;

/** One endpoint: its OpenAPI entry, who may call it and what it does. */
export interface Endpoint<A extends Access, P, Q, B, R, K extends Produces, H> {
  /** The operation's name within its area; with the area it makes the operationId. */
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  summary: string;
  /** More than the summary says, where a caller needs it. */
  description?: string;
  access: A;
  /** Another tag than the area's, where the SDK files the endpoint elsewhere. */
  tag?: string;
  params?: P;
  query?: Q;
  body?: B;
  /** Request headers the endpoint reads (validated like the rest). */
  headers?: H;
  /** The success answer's schema; a JSON endpoint without one answers `{}` (emptyResponse). */
  response?: R;
  /** 201 for the creations that the SDK expects it from; else 200. */
  status?: 200 | 201 | 204 | 302;
  produces?: K;
  /** For `produces: 'other'`: what it answers by status (a redirect, a page), for /openapi.json. */
  answers?: Record<number, z.ZodType>;
  /**
   * Where the callers are not the SDK and read another failure shape (OAuth clients read RFC 6749's
   * `error` and `error_description`): the schema of the failures and the handler that writes them.
   */
  errors?: {
    response: z.ZodType;
    handler: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => unknown;
  };
  /** Kept out of /openapi.json: pages and scripts for the browser, not API. */
  hidden?: boolean;
  /** Route-level options of plugins (rate limits). */
  config?: Record<string, unknown>;
  /** For hot answers that a view builds field by field (schemas.ts unvalidatedJson). */
  serializerCompiler?: RouteShorthandOptions['serializerCompiler'];
  handler: (call: Call<A, P, Q, B, H>) => Answer<R, K>;
}

const camel = (text: string) => text.replace(/-(\w)/g, (_match, letter: string) => letter.toUpperCase());

/** `roles` + `list` → `rolesList`: stable while the area and name are, and unique as the test checks. */
export const operationIdOf = (area: string, name: string) =>
  `${camel(area)}${name.charAt(0).toUpperCase()}${camel(name.slice(1))}`;

function securityOf(access: Access): FastifySchema['security'] {
  if (access === 'public') return undefined;
  if (access === 'refresh-cookie') return [{ refreshCookie: [] }];
  return [{ bearer: [] }];
}

/** The services the access checks need. */
export type AccessServices = Pick<Services, 'tokens' | 'reauthentication' | 'entitlementEnforcement'>;

async function checkAccess(
  access: Access,
  request: FastifyRequest,
  services: AccessServices,
): Promise<object> {
  if (access === 'public' || access === 'refresh-cookie') return {};
  if (typeof access === 'object' && access.session) {
    const claims = await requireAccessToken(request, services.tokens);
    const actor = adminActorOf(claims, requestMeta(request));
    assertPermission(actor, access.permission);
    await services.entitlementEnforcement.assertEntitled(actor, access.permission);
    return { claims, actor };
  }
  if (typeof access === 'object') {
    const actor = await requirePermission(request, services.tokens, access.permission);
    // Issue 15 (SPEC section 6): the permission, and the features linked to it when entitlements are on.
    await services.entitlementEnforcement.assertEntitled(actor, access.permission);
    return { actor };
  }
  const claims = await requireAccessToken(request, services.tokens);
  if (access === 'recent-sign-in') services.reauthentication.assertRecent(claims);
  if (access === 'vendor') assertVendorAdmin(claims);
  if (access === 'member') return { claims, actor: adminActorOf(claims, requestMeta(request)) };
  return {
    claims,
    get actor() {
      return adminActorOf(claims, requestMeta(request));
    },
  };
}

/**
 * The endpoints of one area (SPEC section 7), all declared the same way: each is tagged with the area,
 * has an operationId, answers the shared error shape, documents and runs its access check before the
 * handler, and has its params, query and body validated by zod before either.
 */
export function areaRoutes(app: ZodApp, services: AccessServices, area: string) {
  return function route<
    A extends Access,
    P extends z.ZodType | undefined = undefined,
    Q extends z.ZodType | undefined = undefined,
    B extends z.ZodType | undefined = undefined,
    R extends z.ZodType | undefined = undefined,
    K extends Produces = 'json',
    H extends z.ZodType | undefined = undefined,
  >(endpoint: Endpoint<A, P, Q, B, R, K, H>): void {
    const { method, url, summary, access, params, query, body, status = 200, handler } = endpoint;
    const isJson = (endpoint.produces ?? 'json') === 'json';
    const security = securityOf(access);
    const checksCaller = access !== 'public' && access !== 'refresh-cookie';
    const successes = isJson ? { [status]: endpoint.response ?? emptyResponse } : endpoint.answers;
    const failure = endpoint.errors?.response ?? errorResponse;
    // Typed as the plain FastifySchema: the handler's own signature above carries the zod types.
    const schema: FastifySchema & { hide?: boolean } = {
      tags: [endpoint.tag ?? area],
      summary,
      ...(endpoint.description && { description: endpoint.description }),
      operationId: operationIdOf(area, endpoint.name),
      ...(security && { security }),
      ...(endpoint.hidden && { hide: true }),
      ...(params && { params }),
      ...(query && { querystring: query }),
      ...(body && { body }),
      ...(endpoint.headers && { headers: endpoint.headers }),
      ...(successes && { response: { ...successes, '4xx': failure, '5xx': failure } }),
    };
    app.route({
      method,
      url,
      schema,
      ...(endpoint.config && { config: endpoint.config }),
      ...(endpoint.serializerCompiler && { serializerCompiler: endpoint.serializerCompiler }),
      ...(endpoint.errors && { errorHandler: endpoint.errors.handler }),
      handler: async (request, reply) => {
        // The validator has checked params, querystring and body against exactly these schemas.
        const valid = request as ValidRequest<P, Q, B, H>;
        const call = { params: valid.params, query: valid.query, body: valid.body, request: valid, reply };
        // The sign-in, refresh and token endpoints are public: they skip the caller's lookup altogether.
        if (checksCaller) {
          const caller = await checkAccess(access, request, services);
          Object.defineProperties(call, Object.getOwnPropertyDescriptors(caller));
        }
        const answer = await handler(call as Call<A, P, Q, B, H>);
        // Other answers (redirects, pages) set their own status, as a redirect's default 302.
        if (!isJson) return answer;
        reply.code(status);
        return answer ?? {};
      },
    });
  };
}
