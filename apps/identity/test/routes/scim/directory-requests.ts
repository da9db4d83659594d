// Request bodies as Microsoft Entra ID and Okta send them, after the examples of their public SCIM
// provisioning guides; only the identifiers and addresses are the test's own (each test's directory
// lives in a shared database). Kept as the directories write them: Entra's capitalised ops and string
// booleans, Okta's no-path replaces carrying the group's id.

const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

export const entra = {
  createUser: (userName: string, email: string) => ({
    schemas: [
      'urn:ietf:params:scim:schemas:core:2.0:User',
      'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
    ],
    externalId: '0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef',
    userName,
    active: true,
    emails: [{ primary: true, type: 'work', value: email }],
    meta: { resourceType: 'User' },
    name: { formatted: 'givenName familyName', familyName: 'familyName', givenName: 'givenName' },
    roles: [],
  }),
  /** Entra ID's non-compliant boolean: the string "False" (or "True"). */
  setActive: (active: 'True' | 'False') => ({
    schemas: [PATCH_OP],
    Operations: [{ op: 'Replace', path: 'active', value: active }],
  }),
  updateUser: (email: string) => ({
    schemas: [PATCH_OP],
    Operations: [
      { op: 'Replace', path: 'emails[type eq "work"].value', value: email },
      { op: 'Replace', path: 'name.familyName', value: 'updatedFamilyName' },
    ],
  }),
  createGroup: (displayName: string) => ({
    schemas: [
      'urn:ietf:params:scim:schemas:core:2.0:Group',
      'http://schemas.microsoft.com/2006/11/ResourceManagement/ADSCIM/2.0/Group',
    ],
    externalId: '8aa1a0c0-c4c3-4bc0-b4a5-2ef676900159',
    displayName,
    meta: { resourceType: 'Group' },
  }),
  addMembers: (ids: string[]) => ({
    schemas: [PATCH_OP],
    Operations: [{ op: 'Add', path: 'members', value: ids.map((value) => ({ $ref: null, value })) }],
  }),
  /** The bare `members` path with the members to remove as the value. */
  removeMembers: (ids: string[]) => ({
    schemas: [PATCH_OP],
    Operations: [{ op: 'Remove', path: 'members', value: ids.map((value) => ({ $ref: null, value })) }],
  }),
};

export const okta = {
  createUser: (email: string) => ({
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
    userName: email,
    name: { givenName: 'Test', familyName: 'User' },
    emails: [{ primary: true, value: email, type: 'work' }],
    displayName: 'Test User',
    locale: 'en-US',
    externalId: '00ujl29u0le5T6Aj10h7',
    groups: [],
    password: '1mz050nq',
    active: true,
  }),
  deactivate: () => ({
    schemas: [PATCH_OP],
    Operations: [{ op: 'replace', value: { active: false } }],
  }),
  createGroup: (displayName: string) => ({
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
    displayName,
    members: [],
  }),
  /** A no-path replace whose value carries the group's own (read-only) id. */
  renameGroup: (id: string, displayName: string) => ({
    schemas: [PATCH_OP],
    Operations: [{ op: 'replace', value: { id, displayName } }],
  }),
  /** One member removed by a value filter, another added, in one request. */
  swapMembers: (removed: string, added: { value: string; display: string }) => ({
    schemas: [PATCH_OP],
    Operations: [
      { op: 'remove', path: `members[value eq "${removed}"]` },
      { op: 'add', path: 'members', value: [added] },
    ],
  }),
};
