import type { ScimDirectoryRow } from '../../db/queries/scim-directories.js';
import { ScimFilterValueError } from '../../db/queries/scim-filter.js';
import { appError, errorCatalogue } from '../../errors.js';
import type { AdminActor } from '../admin-access.js';
import type { RequestMeta } from '../audit.js';
import { SCIM_SCHEMAS } from './attributes.js';

/** Where the SCIM 2.0 server is served; a directory is known by its bearer token, not by the URL. */
export const SCIM_PATH = '/frontegg/scim/v2';

/** A SCIM call: the directory its bearer token names, acting in that directory's tenant only. */
export interface ScimCall {
  directory: ScimDirectoryRow;
  /** The directory as the team and groups services' actor: their checks and audit rows name it. */
  actor: AdminActor;
}

/**
 * The directory as an actor of the team and groups services: its id stands where an administrator's
 * user id would (audit rows name it), its email says which directory acted. It holds no roles: it
 * changes members and groups through those services, never grants roles itself.
 */
export function scimCallOf(directory: ScimDirectoryRow, meta: RequestMeta): ScimCall {
  return {
    directory,
    actor: {
      userId: directory.id,
      email: `scim:${directory.connectionName}`,
      tenantId: directory.tenantId,
      superUser: false,
      roles: [],
      permissions: [],
      meta,
      scimDirectoryId: directory.id,
    },
  };
}

/** SCIM ids are uuids: anything else names nothing (404), never a database error. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isScimId = (id: string): boolean => UUID.test(id);

export const notFound = (kind: 'User' | 'Group', id: string) =>
  appError(errorCatalogue.scim.resourceNotFound, `${kind} ${id.slice(0, 100)} not found`);

/** RFC 7644 3.14: the version a client read (If-Match) must still be the resource's. */
export function assertVersion(version: number, ifMatch: string | undefined): void {
  if (ifMatch === undefined || ifMatch.trim() === '*') return;
  const wanted = ifMatch.split(',').map((tag) => tag.trim());
  if (!wanted.includes(etagOf(version))) throw appError(errorCatalogue.scim.preconditionFailed);
}

export const etagOf = (version: number): string => `W/"${version}"`;

export const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  ((error as { code?: unknown }).code === '23505' ||
    (error as { cause?: { code?: unknown } }).cause?.code === '23505');

/** startIndex and count of a list (RFC 7644 3.4.2.4): 1-based; count capped at the advertised maximum. */
export const MAX_RESULTS = 1000;

export interface ListQuery {
  filter?: string | undefined;
  startIndex?: string | undefined;
  count?: string | undefined;
}

export function pageOf(query: ListQuery): { offset: number; limit: number; startIndex: number } {
  const integer = (name: string, text: string | undefined, fallback: number) => {
    if (text === undefined || text === '') return fallback;
    if (!/^-?\d{1,9}$/.test(text.trim())) {
      throw appError(errorCatalogue.scim.invalidValue, `${name} must be an integer`);
    }
    return Number.parseInt(text, 10);
  };
  const startIndex = Math.max(1, integer('startIndex', query.startIndex, 1));
  const limit = Math.min(MAX_RESULTS, Math.max(0, integer('count', query.count, 100)));
  return { offset: startIndex - 1, limit, startIndex };
}

/** A page of resources as RFC 7644 3.4.2 answers it. */
export const listResponse = <T>(startIndex: number, totalResults: number, resources: T[]) => ({
  schemas: [SCIM_SCHEMAS.listResponse],
  totalResults,
  startIndex,
  itemsPerPage: resources.length,
  Resources: resources,
});

/** A filter value its attribute cannot be compared with (found while writing the SQL): 400 invalidFilter. */
export function rethrowFilterError(error: unknown): never {
  if (error instanceof ScimFilterValueError) throw appError(errorCatalogue.scim.invalidFilter, error.message);
  throw error;
}
