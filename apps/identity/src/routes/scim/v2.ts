import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appError, errorCatalogue, toErrorResponse, type AppError } from '../../errors.js';
import type { ErrorCode } from '@brizo/contract';
import type { RouteOptions } from '../../services/index.js';
import { project, SCIM_SCHEMAS } from '../../services/scim/attributes.js';
import { etagOf, type ScimCall } from '../../services/scim/context.js';
import { parsePatchRequest } from '../../services/scim/patch.js';
import type { Versioned } from '../../services/scim/users.js';
import { guardJsonParser } from '../malformed-input.js';
import { areaRoutes } from '../route.js';
import { requestMeta, unvalidatedJson } from '../schemas.js';

// The SCIM 2.0 server (RFC 7643, RFC 7644) directories provision a tenant through: Users, Groups and
// the discovery endpoints. A directory authenticates with its configuration's bearer token, which
// also names the directory and so the tenant; every call is answered in SCIM's shapes (errors too)
// and appended to the directory's provisioning log.

const SCIM_CONTENT_TYPE = 'application/scim+json; charset=utf-8';

/** RFC 7644 3.12's scimType of the errors that have one. */
const scimTypes: Partial<Record<ErrorCode, string>> = {
  [errorCatalogue.scim.invalidSyntax.code]: 'invalidSyntax',
  [errorCatalogue.scim.invalidFilter.code]: 'invalidFilter',
  [errorCatalogue.scim.invalidValue.code]: 'invalidValue',
  [errorCatalogue.scim.invalidPath.code]: 'invalidPath',
  [errorCatalogue.scim.noTarget.code]: 'noTarget',
  [errorCatalogue.scim.mutability.code]: 'mutability',
  [errorCatalogue.scim.uniqueness.code]: 'uniqueness',
  [errorCatalogue.request.validation.code]: 'invalidSyntax',
  [errorCatalogue.request.malformedJson.code]: 'invalidSyntax',
  // A group name our groups already hold (services/groups.ts) is SCIM's uniqueness too.
  [errorCatalogue.groups.nameTaken.code]: 'uniqueness',
};

const scimErrorSchema = z
  .object({
    schemas: z.array(z.string()),
    status: z.string(),
    scimType: z.string().optional(),
    detail: z.string(),
  })
  .describe('RFC 7644 3.12 error');

/** A SCIM answer: a resource, a list or a discovery document. */
const scimAnswer = z.looseObject({ schemas: z.array(z.string()) }).describe('SCIM resource or ListResponse');

/** What the provisioning log records of a call, filled in as it is answered. */
interface CallState {
  call?: ScimCall;
  summary: string;
}
const states = new WeakMap<FastifyRequest, CallState>();
const stateOf = (request: FastifyRequest): CallState => {
  let state = states.get(request);
  if (!state) {
    state = { summary: '' };
    states.set(request, state);
  }
  return state;
};

/** RFC 7644 3.12: what a directory reads of a failure. Also used for the framework's own refusals (app.ts). */
export function scimErrorHandler(
  error: FastifyError | AppError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const { status, body } = toErrorResponse(error);
  if (status >= 500) request.log.error({ err: error }, 'SCIM request failed');
  const detail = body.errors[0] ?? '';
  const scimType = scimTypes[body.errorCode as ErrorCode];
  stateOf(request).summary = detail;
  if (status === 401) reply.header('www-authenticate', 'Bearer realm="SCIM"');
  return reply
    .code(status)
    .type(SCIM_CONTENT_TYPE)
    .send({ schemas: [SCIM_SCHEMAS.error], status: String(status), ...(scimType && { scimType }), detail });
}

const bearerOf = (request: FastifyRequest): string | undefined =>
  /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];

const idParams = z.object({ id: z.string().min(1).max(200) });
const projection = {
  attributes: z.string().max(2000).optional(),
  excludedAttributes: z.string().max(2000).optional(),
};
const listQuery = z.object({
  filter: z.string().max(4096).optional(),
  startIndex: z.string().max(20).optional(),
  count: z.string().max(20).optional(),
  ...projection,
});
const projectionQuery = z.object(projection);
const resourceBody = z.record(z.string(), z.unknown());
const ifMatchHeaders = z.looseObject({ 'if-match': z.string().max(200).optional() });

export const scimServerRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const { directories, users, groups, logs, discovery } = services.scim;

  // Directories send application/scim+json (RFC 7644 3.8); some send application/json, which the app parses.
  const parseJson = guardJsonParser(app.getDefaultJsonParser('error', 'error'));
  app.addContentTypeParser('application/scim+json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, done);
  });
  app.setErrorHandler(scimErrorHandler);
  app.setNotFoundHandler((request, reply) =>
    scimErrorHandler(appError(errorCatalogue.scim.resourceNotFound, 'No such SCIM endpoint'), request, reply),
  );

  // The bearer token names the directory before anything else is read (the body is not parsed yet).
  app.addHook('onRequest', async (request) => {
    stateOf(request).call = await directories.authenticate(bearerOf(request), requestMeta(request));
  });
  // Every answered call of a known directory is logged, errors included; the token never is.
  app.addHook('onSend', async (request, reply, payload) => {
    const { call, summary } = stateOf(request);
    if (call) {
      await logs.record(call.directory.id, {
        method: request.method,
        path: request.url,
        status: reply.statusCode,
        summary,
      });
    }
    return payload;
  });

  const route = areaRoutes(app, services, 'scim');
  const errors = { response: scimErrorSchema, handler: scimErrorHandler };
  const common = { access: 'public', errors, serializerCompiler: unvalidatedJson } as const;

  /** The directory of a Users or Groups call; 403 while its provisioning is paused. */
  const callOf = (request: FastifyRequest): ScimCall => {
    const { call } = stateOf(request);
    if (!call) throw appError(errorCatalogue.scim.unauthorized);
    if (!call.directory.syncToUserManagement) throw appError(errorCatalogue.scim.paused);
    return call;
  };
  const summarise = (request: FastifyRequest, summary: string) => {
    stateOf(request).summary = summary;
  };
  /** One resource: SCIM's content type and its version as the ETag. */
  const answer = (reply: FastifyReply, versioned: Versioned) => {
    reply.type(SCIM_CONTENT_TYPE).header('etag', etagOf(versioned.version));
    return versioned.resource;
  };
  const list = <T>(reply: FastifyReply, body: T) => {
    reply.type(SCIM_CONTENT_TYPE);
    return body;
  };

  // Discovery (RFC 7644 section 4).
  for (const [url, document] of [
    ['/ServiceProviderConfig', discovery.serviceProviderConfig],
    ['/Schemas', discovery.schemas],
    ['/ResourceTypes', discovery.resourceTypes],
  ] as const) {
    route({
      ...common,
      name: `get${url.slice(1)}`,
      method: 'GET',
      url,
      summary: `SCIM ${url.slice(1)} (RFC 7644 section 4); bearer: the directory's token`,
      response: scimAnswer,
      handler: ({ reply, request }) => {
        summarise(request, `Read ${url.slice(1)}`);
        return list(reply, document);
      },
    });
  }
  for (const [url, find] of [
    ['/Schemas/:id', discovery.schema],
    ['/ResourceTypes/:id', discovery.resourceType],
  ] as const) {
    route({
      ...common,
      name: `get${url.split('/')[1]}ById`,
      method: 'GET',
      url,
      summary: `One of the SCIM ${url.split('/')[1]}; bearer: the directory's token`,
      params: idParams,
      response: scimAnswer,
      handler: ({ reply, params }) => {
        const document = find(params.id);
        if (!document)
          throw appError(errorCatalogue.scim.resourceNotFound, `${params.id.slice(0, 100)} not found`);
        return list(reply, document);
      },
    });
  }

  // Users and Groups (RFC 7644 3.3 to 3.6): the same six endpoints each.
  const resources = [
    {
      path: '/Users',
      kind: 'user',
      create: (call: ScimCall, body: unknown) => users.create(call, body),
      get: (call: ScimCall, id: string, _projection: unknown) => users.get(call, id),
      list: users.list,
      replace: users.replace,
      patch: users.patch,
      remove: users.remove,
    },
    {
      path: '/Groups',
      kind: 'group',
      create: (call: ScimCall, body: unknown) => groups.create(call, body),
      get: groups.get,
      list: groups.list,
      replace: groups.replace,
      patch: groups.patch,
      remove: groups.remove,
    },
  ] as const;
  for (const resource of resources) {
    const { path, kind } = resource;
    const plural = path.slice(1);
    const nameOf = (versioned: Versioned) =>
      String(versioned.resource.userName ?? versioned.resource.displayName ?? versioned.resource.id);

    route({
      ...common,
      name: `list${plural}`,
      method: 'GET',
      url: path,
      summary: `List or filter the directory's ${plural.toLowerCase()} (filter, startIndex, count, attributes)`,
      query: listQuery,
      response: scimAnswer,
      handler: async ({ request, reply, query }) => {
        const answered = await resource.list(callOf(request), query);
        summarise(
          request,
          `Listed ${answered.itemsPerPage} of ${answered.totalResults} ${plural.toLowerCase()}`,
        );
        return list(reply, answered);
      },
    });

    route({
      ...common,
      name: `create${plural}`,
      method: 'POST',
      url: path,
      summary: `Provision a ${kind} in the directory's tenant`,
      body: resourceBody,
      response: scimAnswer,
      status: 201,
      handler: async ({ request, reply, body }) => {
        const created = await resource.create(callOf(request), body);
        summarise(request, `Created ${kind} ${nameOf(created)}`);
        reply.header('location', String((created.resource.meta as { location?: string }).location ?? ''));
        return answer(reply, created);
      },
    });

    route({
      ...common,
      name: `get${plural}ById`,
      method: 'GET',
      url: `${path}/:id`,
      summary: `One ${kind} of the directory (404 for any other)`,
      params: idParams,
      query: projectionQuery,
      response: scimAnswer,
      handler: async ({ request, reply, params, query }) => {
        const found = await resource.get(callOf(request), params.id, query);
        summarise(request, `Read ${kind} ${nameOf(found)}`);
        return answer(reply, { ...found, resource: project(found.resource, query) });
      },
    });

    route({
      ...common,
      name: `replace${plural}ById`,
      method: 'PUT',
      url: `${path}/:id`,
      summary: `Replace a ${kind} (attributes left out are removed); If-Match is honoured`,
      params: idParams,
      headers: ifMatchHeaders,
      body: resourceBody,
      response: scimAnswer,
      handler: async ({ request, reply, params, body }) => {
        const replaced = await resource.replace(
          callOf(request),
          params.id,
          body,
          request.headers['if-match'],
        );
        summarise(request, `Replaced ${kind} ${nameOf(replaced)}`);
        return answer(reply, replaced);
      },
    });

    route({
      ...common,
      name: `patch${plural}ById`,
      method: 'PATCH',
      url: `${path}/:id`,
      summary: `Change a ${kind} with PatchOp operations, applied in order, all or none; If-Match is honoured`,
      params: idParams,
      headers: ifMatchHeaders,
      body: resourceBody,
      query: projectionQuery,
      response: scimAnswer,
      handler: async ({ request, reply, params, body, query }) => {
        const operations = parsePatchRequest(body);
        const patched = await resource.patch(
          callOf(request),
          params.id,
          operations,
          request.headers['if-match'],
        );
        const ops = operations
          .map((operation) => `${operation.op} ${operation.path ?? '(no path)'}`)
          .join(', ');
        summarise(request, `Patched ${kind} ${nameOf(patched)}: ${ops}`);
        return answer(reply, { ...patched, resource: project(patched.resource, query) });
      },
    });

    route({
      ...common,
      name: `delete${plural}ById`,
      method: 'DELETE',
      url: `${path}/:id`,
      summary: `Delete a ${kind}: a user leaves the tenant (and is deleted if in no other), a group is deleted`,
      params: idParams,
      headers: ifMatchHeaders,
      produces: 'other',
      answers: { 204: z.null().describe('No content') },
      handler: async ({ request, reply, params }) => {
        await resource.remove(callOf(request), params.id, request.headers['if-match']);
        summarise(request, `Deleted ${kind} ${params.id}`);
        return reply.code(204).send();
      },
    });
  }
};
