// SCIM Groups (RFC 7643 4.2) of one directory: each is one of our groups (services/groups.ts creates,
// renames and deletes it and changes its members), so the roles given to the group reach the tokens
// of the members the directory puts in it.
import type { Db } from '../../db/client.js';
import {
  findScimGroup,
  findScimGroupByDisplayName,
  findScimMembersOfGroups,
  insertScimGroup,
  listScimGroups,
  updateScimGroup,
  type ScimGroupRow,
} from '../../db/queries/scim-groups.js';
import { findScimUsersByIds } from '../../db/queries/scim-users.js';
import { appError, errorCatalogue } from '../../errors.js';
import type { Clock } from '../../lib/time.js';
import { auditEvents, recordAdminAudit, type AuditEvent } from '../audit.js';
import type { GroupsService } from '../groups.js';
import { canonicalKeys, isObject, project, SCIM_SCHEMAS, splitPath, type JsonObject } from './attributes.js';
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
import { applyPatch, type PatchOperation } from './patch.js';
import type { Projection, Versioned } from './users.js';

const READ_ONLY = new Set(['id', 'meta']);
/** Our groups' names are at most this long (routes/groups). */
const MAX_NAME = 100;

const invalidValue = (detail: string) => appError(errorCatalogue.scim.invalidValue, detail);
const uniqueness = (detail: string) => appError(errorCatalogue.scim.uniqueness, detail);

interface GroupInput {
  displayName: string;
  externalId: string | null;
  /** The members' SCIM ids (users of this directory). */
  memberIds: string[];
}

function groupInput(body: unknown): GroupInput {
  if (!isObject(body)) throw appError(errorCatalogue.scim.invalidSyntax, 'The body must be a Group object');
  const { displayName, externalId, members } = canonicalKeys(body) as JsonObject;
  if (typeof displayName !== 'string' || displayName.trim() === '' || displayName.trim().length > MAX_NAME) {
    throw invalidValue(`displayName is required (at most ${MAX_NAME} characters)`);
  }
  if (
    externalId !== undefined &&
    externalId !== null &&
    (typeof externalId !== 'string' || externalId.length > 500)
  ) {
    throw invalidValue('externalId must be a string');
  }
  if (members !== undefined && members !== null && !Array.isArray(members))
    throw invalidValue('members must be an array');
  const memberIds = (members ?? []).map((member: unknown) => {
    const value = isObject(member) ? member.value : member;
    if (typeof value !== 'string' || value === '')
      throw invalidValue('Each member needs a value (a user id)');
    return value;
  });
  return {
    displayName: displayName.trim(),
    externalId: typeof externalId === 'string' ? externalId : null,
    memberIds: [...new Set(memberIds)],
  };
}

/** Whether the answer shows members (Entra ID asks without them: `excludedAttributes=members`). */
function wantsMembers(projection: Projection): boolean {
  const named = (text: string | undefined) =>
    (text ?? '').split(',').some((item) => item.trim() !== '' && splitPath(item.trim())[0] === 'members');
  if ((projection.attributes ?? '').trim() !== '') return named(projection.attributes);
  return !named(projection.excludedAttributes);
}

type Member = { id: string; userId: string; userName: string };

export function createScimGroupsService(deps: {
  db: Db;
  clock: Clock;
  groups: GroupsService;
  baseUrl: string;
}) {
  const { db, clock, groups } = deps;

  const view = (row: ScimGroupRow, members: Member[] | undefined): Versioned => ({
    version: row.version,
    resource: {
      schemas: [SCIM_SCHEMAS.group],
      id: row.id,
      ...(row.externalId === null ? {} : { externalId: row.externalId }),
      displayName: row.displayName,
      ...(members === undefined
        ? {}
        : {
            members: members.map((member) => ({
              value: member.id,
              display: member.userName,
              $ref: `${deps.baseUrl}/Users/${member.id}`,
              type: 'User',
            })),
          }),
      meta: {
        resourceType: 'Group',
        created: row.createdAt.toISOString(),
        lastModified: row.updatedAt.toISOString(),
        location: `${deps.baseUrl}/Groups/${row.id}`,
        version: etagOf(row.version),
      },
    },
  });

  const membersOf = async (call: ScimCall, row: ScimGroupRow): Promise<Member[]> =>
    (await findScimMembersOfGroups(db, call.directory.id, [row.groupId])).get(row.groupId) ?? [];

  const own = async (call: ScimCall, id: string): Promise<ScimGroupRow> => {
    const row = isScimId(id) ? await findScimGroup(db, call.directory.id, id) : undefined;
    if (!row) throw notFound('Group', id);
    return row;
  };

  const audit = (call: ScimCall, event: AuditEvent, row: ScimGroupRow, json: JsonObject = {}) =>
    recordAdminAudit(
      db,
      call.actor,
      event,
      {
        description: `${event.action}: ${row.displayName}`,
        json: { directoryId: call.directory.id, scimId: row.id, groupId: row.groupId, ...json },
      },
      clock.now(),
    );

  /** The directory's users named as members, as our user ids; 400 if one is not the directory's. */
  async function userIdsOf(call: ScimCall, memberIds: string[]): Promise<string[]> {
    const valid = memberIds.filter(isScimId);
    const found = await findScimUsersByIds(db, call.directory.id, valid);
    if (found.length !== memberIds.length) {
      const known = new Set(found.map((row) => row.id));
      const unknown = memberIds.find((id) => !known.has(id)) ?? '';
      throw invalidValue(`Member ${unknown.slice(0, 100)} is not a user of this directory`);
    }
    return found.map((row) => row.userId);
  }

  async function assertNameFree(call: ScimCall, displayName: string, exceptId?: string): Promise<void> {
    const holder = await findScimGroupByDisplayName(db, call.directory.id, displayName);
    if (holder && holder.id !== exceptId)
      throw uniqueness(`A group named ${displayName} is already provisioned`);
  }

  /** The group becomes `input`: name, externalId, and exactly the members listed. */
  async function write(call: ScimCall, row: ScimGroupRow, members: Member[], input: GroupInput) {
    const wanted = await userIdsOf(call, input.memberIds);
    const had = new Set(members.map((member) => member.userId));
    const added = wanted.filter((userId) => !had.has(userId));
    const kept = new Set(wanted);
    const removed = [...had].filter((userId) => !kept.has(userId));
    if (input.displayName !== row.displayName) {
      await assertNameFree(call, input.displayName, row.id);
      await groups.update(call.actor, row.groupId, { name: input.displayName });
    }
    if (removed.length > 0) await groups.removeUsers(call.actor, row.groupId, removed);
    if (added.length > 0) await groups.addUsers(call.actor, row.groupId, added);
    const updated = await updateScimGroup(db, call.directory.id, row.id, {
      displayName: input.displayName,
      externalId: input.externalId,
      updatedAt: clock.now(),
    });
    await audit(call, auditEvents.scimGroupUpdated, updated, { added, removed });
    return view(updated, await membersOf(call, updated));
  }

  return {
    async create(call: ScimCall, body: unknown): Promise<Versioned> {
      const input = groupInput(body);
      return db.transaction(async () => {
        await assertNameFree(call, input.displayName);
        const userIds = await userIdsOf(call, input.memberIds);
        const group = await groups.create(call.actor, { name: input.displayName });
        const now = clock.now();
        const row = await insertScimGroup(db, {
          directoryId: call.directory.id,
          groupId: group.id,
          displayName: input.displayName,
          externalId: input.externalId,
          createdAt: now,
          updatedAt: now,
        }).catch((error: unknown) => {
          if (isUniqueViolation(error))
            throw uniqueness(`A group named ${input.displayName} is already provisioned`);
          throw error;
        });
        if (userIds.length > 0) await groups.addUsers(call.actor, group.id, userIds);
        await audit(call, auditEvents.scimGroupProvisioned, row, { userIds });
        return view(row, await membersOf(call, row));
      });
    },

    async get(call: ScimCall, id: string, projection: Projection): Promise<Versioned> {
      const row = await own(call, id);
      return view(row, wantsMembers(projection) ? await membersOf(call, row) : undefined);
    },

    async list(call: ScimCall, query: ListQuery & Projection) {
      const page = pageOf(query);
      const condition = query.filter ? scimCondition(query.filter) : undefined;
      const { rows, total } = await listScimGroups(db, call.directory.id, { condition, ...page }).catch(
        rethrowFilterError,
      );
      const members = wantsMembers(query)
        ? await findScimMembersOfGroups(
            db,
            call.directory.id,
            rows.map((row) => row.groupId),
          )
        : undefined;
      return listResponse(
        page.startIndex,
        total,
        rows.map((row) =>
          project(view(row, members ? (members.get(row.groupId) ?? []) : undefined).resource, query),
        ),
      );
    },

    async replace(call: ScimCall, id: string, body: unknown, ifMatch?: string): Promise<Versioned> {
      const input = groupInput(body);
      return db.transaction(async () => {
        const row = await own(call, id);
        assertVersion(row.version, ifMatch);
        return write(call, row, await membersOf(call, row), input);
      });
    },

    /** PATCH: Okta's remove-then-add of members and Entra's batches apply in order, in one transaction. */
    async patch(
      call: ScimCall,
      id: string,
      operations: PatchOperation[],
      ifMatch?: string,
    ): Promise<Versioned> {
      return db.transaction(async () => {
        const row = await own(call, id);
        assertVersion(row.version, ifMatch);
        const members = await membersOf(call, row);
        const current: JsonObject = {
          displayName: row.displayName,
          ...(row.externalId === null ? {} : { externalId: row.externalId }),
          members: members.map((member) => ({ value: member.id, display: member.userName })),
        };
        return write(call, row, members, groupInput(applyPatch(current, operations, READ_ONLY)));
      });
    },

    async remove(call: ScimCall, id: string, ifMatch?: string): Promise<void> {
      await db.transaction(async () => {
        const row = await own(call, id);
        assertVersion(row.version, ifMatch);
        // Our group goes, and its SCIM row with it (scim_groups cascades); its members lose its roles.
        await groups.remove(call.actor, row.groupId);
        await audit(call, auditEvents.scimGroupDeleted, row);
      });
    },
  };
}

export type ScimGroupsService = ReturnType<typeof createScimGroupsService>;
