// SCIM Users (RFC 7643 4.1) of one directory: each is one of our users, member of the directory's
// tenant. Disabling and removing go through the team service (the member's sessions and access tokens
// end there at once); the SCIM side keeps what our profile does not hold (the resource as written).
import type { Db } from '../../db/client.js';
import { assignNewMemberRoles } from '../../db/queries/roles.js';
import {
  deleteScimUser,
  deleteUserWithoutMemberships,
  findAllScimUsersOfDirectory,
  findScimUser,
  findScimUserByUserId,
  findScimUserByUserName,
  insertScimUser,
  listScimUsers,
  updateScimUser,
  type ScimUserRow,
} from '../../db/queries/scim-users.js';
import { countMembershipsOfUser, findMember } from '../../db/queries/team.js';
import { insertMembership } from '../../db/queries/tenants.js';
import { findUserByEmail, findUserById, insertUser, updateUser } from '../../db/queries/users.js';
import { appError, errorCatalogue } from '../../errors.js';
import type { Clock } from '../../lib/time.js';
import { auditEvents, recordAdminAudit, type AuditEvent } from '../audit.js';
import type { TeamService } from '../team/members.js';
import {
  canonicalKeys,
  isObject,
  project,
  scimBoolean,
  SCIM_SCHEMAS,
  type JsonObject,
  type ScimResource,
} from './attributes.js';
import {
  assertVersion,
  etagOf,
  isScimId,
  isUniqueViolation,
  listResponse,
  notFound,
  pageOf,
  rethrowFilterError,
  type ListQuery,
  type ScimCall,
} from './context.js';
import { scimCondition } from './filter.js';
import { applyPatch } from './patch.js';

/** Answers carry what was asked (RFC 7644 3.9). */
export interface Projection {
  attributes?: string | undefined;
  excludedAttributes?: string | undefined;
}

/** A SCIM resource with the version its ETag carries. */
export interface Versioned {
  resource: ScimResource;
  version: number;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const isEmail = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= 254 && EMAIL.test(value);

/** Attributes a request cannot set: the server's own, and the password (never stored, never answered). */
const READ_ONLY = new Set(['id', 'meta', 'groups']);

const invalidValue = (detail: string) => appError(errorCatalogue.scim.invalidValue, detail);
const uniqueness = (detail: string) => appError(errorCatalogue.scim.uniqueness, detail);

interface UserInput {
  userName: string;
  externalId: string | null;
  active: boolean;
  /** What is stored beside the columns: name, emails, the enterprise extension... */
  resource: JsonObject;
  email: string;
  name: string;
}

/** The primary email, else the first; a work email when neither says (Entra ID's `type eq "work"`). */
function emailOf(resource: JsonObject, userName: string): string | undefined {
  const emails = Array.isArray(resource.emails) ? resource.emails.filter(isObject) : [];
  const chosen =
    emails.find((email) => scimBoolean(email.primary) === true && isEmail(email.value)) ??
    emails.find((email) => isEmail(email.value));
  if (chosen) return chosen.value as string;
  return isEmail(userName) ? userName : undefined;
}

function nameOf(resource: JsonObject): string {
  const name = isObject(resource.name) ? resource.name : {};
  const parts = [name.givenName, name.familyName].filter(
    (part) => typeof part === 'string' && part.trim() !== '',
  );
  if (parts.length > 0) return parts.join(' ');
  if (typeof name.formatted === 'string' && name.formatted.trim() !== '') return name.formatted;
  return typeof resource.displayName === 'string' ? resource.displayName : '';
}

/** A User as created or replaced (POST, PUT, or after a PATCH), or 400 invalidValue. */
function userInput(body: unknown): UserInput {
  if (!isObject(body)) throw appError(errorCatalogue.scim.invalidSyntax, 'The body must be a User object');
  const {
    id: _id,
    meta: _meta,
    schemas: _schemas,
    password: _password,
    groups: _groups,
    userName,
    externalId,
    active,
    ...resource
  } = canonicalKeys(body) as JsonObject;
  if (typeof userName !== 'string' || userName.trim() === '' || userName.length > 320) {
    throw invalidValue('userName is required (a string of at most 320 characters)');
  }
  if (
    externalId !== undefined &&
    externalId !== null &&
    (typeof externalId !== 'string' || externalId.length > 500)
  ) {
    throw invalidValue('externalId must be a string');
  }
  const isActive = active === undefined || active === null ? true : scimBoolean(active);
  if (isActive === undefined) throw invalidValue('active must be true or false');
  if (JSON.stringify(resource).length > 64_000) throw invalidValue('The user is too large');
  const email = emailOf(resource, userName);
  if (!email)
    throw invalidValue('An email is required: in emails, or as a userName that is an email address');
  return {
    userName: userName.trim(),
    externalId: typeof externalId === 'string' ? externalId : null,
    active: isActive,
    resource,
    email,
    name: nameOf(resource).slice(0, 200),
  };
}

export function createScimUsersService(deps: { db: Db; clock: Clock; team: TeamService; baseUrl: string }) {
  const { db, clock, team } = deps;

  const view = (row: ScimUserRow): Versioned => {
    const hasEnterprise = isObject(row.resource[SCIM_SCHEMAS.enterpriseUser]);
    return {
      version: row.version,
      resource: {
        schemas: hasEnterprise ? [SCIM_SCHEMAS.user, SCIM_SCHEMAS.enterpriseUser] : [SCIM_SCHEMAS.user],
        id: row.id,
        ...(row.externalId === null ? {} : { externalId: row.externalId }),
        userName: row.userName,
        ...row.resource,
        active: row.active,
        meta: {
          resourceType: 'User',
          created: row.createdAt.toISOString(),
          lastModified: row.updatedAt.toISOString(),
          location: `${deps.baseUrl}/Users/${row.id}`,
          version: etagOf(row.version),
        },
      },
    };
  };

  const audit = (call: ScimCall, event: AuditEvent, row: ScimUserRow, json: JsonObject = {}) =>
    recordAdminAudit(
      db,
      call.actor,
      event,
      {
        description: `${event.action}: ${row.userName}`,
        json: {
          directoryId: call.directory.id,
          scimId: row.id,
          userId: row.userId,
          userName: row.userName,
          ...json,
        },
      },
      clock.now(),
    );

  const own = async (call: ScimCall, id: string): Promise<ScimUserRow> => {
    const row = isScimId(id) ? await findScimUser(db, call.directory.id, id) : undefined;
    if (!row) throw notFound('User', id);
    return row;
  };

  /** Makes the member's state the directory's: disabled ends their sessions and tokens (team service). */
  async function syncActive(call: ScimCall, userId: string, active: boolean): Promise<boolean> {
    const member = await findMember(db, call.directory.tenantId, userId);
    if (!member) {
      // Removed from the tenant by an administrator meanwhile: the directory's user joins again.
      await insertMembership(db, userId, call.directory.tenantId);
      await assignNewMemberRoles(db, userId, call.directory.tenantId, []);
      if (!active) await team.setDisabled(call.actor, userId, true);
      return true;
    }
    if (member.isDisabled === !active) return false;
    await team.setDisabled(call.actor, userId, !active);
    return true;
  }

  /**
   * The profile follows the directory only for a user who belongs to this tenant alone: the name and
   * email of someone who also belongs to other accounts are not one directory's to change.
   */
  async function syncProfile(call: ScimCall, userId: string, input: UserInput): Promise<void> {
    if ((await countMembershipsOfUser(db, userId)) > 1) return;
    const user = await findUserById(db, userId);
    if (!user) return;
    const changes: { name?: string; email?: string; updatedAt?: Date } = {};
    if (input.name !== '' && input.name !== user.name) changes.name = input.name;
    if (input.email.toLowerCase() !== user.email.toLowerCase()) {
      const holder = await findUserByEmail(db, input.email);
      if (holder && holder.id !== userId) throw uniqueness(`Another user has the email ${input.email}`);
      changes.email = input.email;
    }
    if (Object.keys(changes).length === 0) return;
    await updateUser(db, userId, { ...changes, updatedAt: clock.now() });
  }

  async function assertUserNameFree(call: ScimCall, userName: string, exceptId?: string): Promise<void> {
    const holder = await findScimUserByUserName(db, call.directory.id, userName);
    if (holder && holder.id !== exceptId) throw uniqueness(`userName ${userName} is already provisioned`);
  }

  /** Writes the user's new state: columns, resource, membership state, profile; audited. */
  async function write(call: ScimCall, row: ScimUserRow, input: UserInput): Promise<Versioned> {
    await assertUserNameFree(call, input.userName, row.id);
    const updated = await updateScimUser(db, call.directory.id, row.id, {
      userName: input.userName,
      externalId: input.externalId,
      active: input.active,
      resource: input.resource,
      updatedAt: clock.now(),
    }).catch((error: unknown) => {
      if (isUniqueViolation(error)) throw uniqueness(`userName ${input.userName} is already provisioned`);
      throw error;
    });
    await syncProfile(call, row.userId, input);
    const changedState = await syncActive(call, row.userId, input.active);
    const event = !changedState
      ? auditEvents.scimUserUpdated
      : input.active
        ? auditEvents.scimUserReactivated
        : auditEvents.scimUserDeprovisioned;
    await audit(call, event, updated);
    return view(updated);
  }

  /** The full resource a PATCH applies to: columns and stored attributes together. */
  const patchable = (row: ScimUserRow): JsonObject => ({
    ...row.resource,
    userName: row.userName,
    ...(row.externalId === null ? {} : { externalId: row.externalId }),
    active: row.active,
  });

  /** Removes the member from the tenant (team service), and the user if they belong to no tenant now. */
  async function removeMember(call: ScimCall, row: ScimUserRow): Promise<void> {
    await deleteScimUser(db, call.directory.id, row.id);
    if (await findMember(db, call.directory.tenantId, row.userId)) await team.remove(call.actor, row.userId);
    const deleted = await deleteUserWithoutMemberships(db, row.userId);
    await audit(call, auditEvents.scimUserDeleted, row, { userDeleted: deleted });
  }

  return {
    view,

    async create(call: ScimCall, body: unknown): Promise<Versioned> {
      const input = userInput(body);
      const { directory } = call;
      return db.transaction(async () => {
        await assertUserNameFree(call, input.userName);
        const now = clock.now();
        const existing = await findUserByEmail(db, input.email);
        let userId: string;
        if (existing) {
          // One person, one user: the directory's user is linked to the account that has the email.
          if (await findScimUserByUserId(db, directory.id, existing.id)) {
            throw uniqueness(`A user with the email ${input.email} is already provisioned`);
          }
          userId = existing.id;
        } else {
          const user = await insertUser(db, {
            email: input.email,
            name: input.name,
            verified: true,
            provider: 'scim2',
            passwordHash: null,
            // The directory's administrators invited them: the web app lands them as it lands invitees.
            vendorMetadata: JSON.stringify({ signupType: 'invitation' }),
            activeTenantId: directory.tenantId,
          }).catch((error: unknown) => {
            if (isUniqueViolation(error))
              throw uniqueness(`A user with the email ${input.email} already exists`);
            throw error;
          });
          userId = user.id;
        }
        const row = await insertScimUser(db, {
          directoryId: directory.id,
          userId,
          userName: input.userName,
          externalId: input.externalId,
          active: input.active,
          resource: input.resource,
          createdAt: now,
          updatedAt: now,
        }).catch((error: unknown) => {
          if (isUniqueViolation(error)) throw uniqueness(`userName ${input.userName} is already provisioned`);
          throw error;
        });
        await syncActive(call, userId, input.active);
        await audit(call, auditEvents.scimUserProvisioned, row, { linked: existing !== undefined });
        return view(row);
      });
    },

    async get(call: ScimCall, id: string): Promise<Versioned> {
      return view(await own(call, id));
    },

    async list(call: ScimCall, query: ListQuery & Projection) {
      const page = pageOf(query);
      const condition = query.filter ? scimCondition(query.filter) : undefined;
      const { rows, total } = await listScimUsers(db, call.directory.id, { condition, ...page }).catch(
        rethrowFilterError,
      );
      return listResponse(
        page.startIndex,
        total,
        rows.map((row) => project(view(row).resource, query)),
      );
    },

    /** PUT: the user becomes the body (attributes left out are gone), RFC 7644 3.5.1. */
    async replace(call: ScimCall, id: string, body: unknown, ifMatch?: string): Promise<Versioned> {
      const input = userInput(body);
      return db.transaction(async () => {
        const row = await own(call, id);
        assertVersion(row.version, ifMatch);
        return write(call, row, input);
      });
    },

    /** PATCH: the operations apply in order, all or none (one transaction). */
    async patch(call: ScimCall, id: string, operations: Parameters<typeof applyPatch>[1], ifMatch?: string) {
      return db.transaction(async () => {
        const row = await own(call, id);
        assertVersion(row.version, ifMatch);
        return write(call, row, userInput(applyPatch(patchable(row), operations, READ_ONLY)));
      });
    },

    async remove(call: ScimCall, id: string, ifMatch?: string): Promise<void> {
      await db.transaction(async () => {
        const row = await own(call, id);
        assertVersion(row.version, ifMatch);
        await removeMember(call, row);
      });
    },

    /** The configuration's deletion with deleteAll: every user the directory provisioned leaves the tenant. */
    async removeAll(call: ScimCall): Promise<number> {
      const rows = await findAllScimUsersOfDirectory(db, call.directory.id);
      for (const row of rows) await db.transaction(() => removeMember(call, row));
      return rows.length;
    },
  };
}

export type ScimUsersService = ReturnType<typeof createScimUsersService>;
