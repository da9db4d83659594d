import { z } from 'zod';
import { vendorCallerOf, type VendorCaller } from '../../services/entitlements/vendor-caller.js';
import type { areaRoutes } from '../route.js';
import { requestMeta } from '../schemas.js';

const byId = z.object({ id: z.uuid({ error: 'must be a valid id' }) });

/** One kind of the superuser console's catalogue (plans, features): its schemas and its service calls. */
export interface CatalogueKind<View, Body, Changes> {
  /** The operation names' noun: `Plan` makes listPlans, getPlan, createPlan... */
  name: string;
  /** What the summaries call one. */
  noun: string;
  url: string;
  schema: z.ZodType<View>;
  body: z.ZodType<Body>;
  changes: z.ZodType<Changes>;
  list(): Promise<View[]>;
  get(id: string): Promise<View>;
  create(body: Body, by: VendorCaller): Promise<View>;
  update(id: string, changes: Changes, by: VendorCaller): Promise<View>;
  remove(id: string, by: VendorCaller): Promise<void>;
}

/** Lists, reads, creates, changes (the fields given) and deletes one kind; a superuser's alone. */
export function catalogueRoutes<View, Body, Changes>(
  route: ReturnType<typeof areaRoutes>,
  kind: CatalogueKind<View, Body, Changes>,
): void {
  const one = `${kind.url}/:id`;
  route({
    name: `list${kind.name}s`,
    method: 'GET',
    url: kind.url,
    summary: `Every ${kind.noun} (superuser only)`,
    access: 'vendor',
    response: z.array(kind.schema),
    handler: () => kind.list(),
  });
  route({
    name: `get${kind.name}`,
    method: 'GET',
    url: one,
    summary: `One ${kind.noun} (superuser only)`,
    access: 'vendor',
    params: byId,
    response: kind.schema,
    handler: ({ params }) => kind.get(params.id),
  });
  route({
    name: `create${kind.name}`,
    method: 'POST',
    url: kind.url,
    summary: `Create a ${kind.noun} (superuser only)`,
    access: 'vendor',
    body: kind.body,
    status: 201,
    response: kind.schema,
    handler: ({ body, claims, request }) => kind.create(body, vendorCallerOf(claims, requestMeta(request))),
  });
  route({
    name: `update${kind.name}`,
    method: 'PATCH',
    url: one,
    summary: `Change a ${kind.noun}: the fields given (superuser only)`,
    access: 'vendor',
    params: byId,
    body: kind.changes,
    response: kind.schema,
    handler: ({ params, body, claims, request }) =>
      kind.update(params.id, body, vendorCallerOf(claims, requestMeta(request))),
  });
  route({
    name: `delete${kind.name}`,
    method: 'DELETE',
    url: one,
    summary: `Delete a ${kind.noun} and the entitlements to it (superuser only)`,
    access: 'vendor',
    params: byId,
    handler: async ({ params, claims, request }) => {
      await kind.remove(params.id, vendorCallerOf(claims, requestMeta(request)));
    },
  });
}
