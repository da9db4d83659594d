// The SCIM vocabulary (RFC 7643): schema URNs, attribute names (matched without case, stored as
// written in the RFC), which attributes are multi-valued, and the attributes/excludedAttributes
// projection of an answer (RFC 7644 3.9).

export const SCIM_SCHEMAS = {
  user: 'urn:ietf:params:scim:schemas:core:2.0:User',
  group: 'urn:ietf:params:scim:schemas:core:2.0:Group',
  enterpriseUser: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
  listResponse: 'urn:ietf:params:scim:api:messages:2.0:ListResponse',
  patchOp: 'urn:ietf:params:scim:api:messages:2.0:PatchOp',
  error: 'urn:ietf:params:scim:api:messages:2.0:Error',
  serviceProviderConfig: 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig',
  resourceType: 'urn:ietf:params:scim:schemas:core:2.0:ResourceType',
  schema: 'urn:ietf:params:scim:schemas:core:2.0:Schema',
} as const;

const ATTRIBUTE_NAMES = [
  'schemas',
  'id',
  'externalId',
  'meta',
  'resourceType',
  'created',
  'lastModified',
  'location',
  'version',
  'userName',
  'name',
  'formatted',
  'familyName',
  'givenName',
  'middleName',
  'honorificPrefix',
  'honorificSuffix',
  'displayName',
  'nickName',
  'profileUrl',
  'title',
  'userType',
  'preferredLanguage',
  'locale',
  'timezone',
  'active',
  'password',
  'emails',
  'phoneNumbers',
  'ims',
  'photos',
  'addresses',
  'groups',
  'entitlements',
  'roles',
  'x509Certificates',
  'value',
  'display',
  'type',
  'primary',
  '$ref',
  'streetAddress',
  'locality',
  'region',
  'postalCode',
  'country',
  'members',
  'employeeNumber',
  'costCenter',
  'organization',
  'division',
  'department',
  'manager',
];
const canonicalNames = new Map(ATTRIBUTE_NAMES.map((name) => [name.toLowerCase(), name]));
const schemaUrns = new Map(Object.values(SCIM_SCHEMAS).map((urn) => [urn.toLowerCase(), urn]));

/** The RFC's spelling of a known attribute name or schema URN, whatever case it came in. */
export const canonicalName = (name: string): string =>
  canonicalNames.get(name.toLowerCase()) ?? schemaUrns.get(name.toLowerCase()) ?? name;

export const MULTI_VALUED = new Set([
  'emails',
  'phoneNumbers',
  'ims',
  'photos',
  'addresses',
  'groups',
  'entitlements',
  'roles',
  'x509Certificates',
  'members',
]);

const EXTENSIONS = [SCIM_SCHEMAS.enterpriseUser];
const CORE = [SCIM_SCHEMAS.user, SCIM_SCHEMAS.group];

/**
 * An attribute path as canonical segments: `name.givenName` → [name, givenName]; a core schema's URN
 * prefix is dropped; an extension's attribute sits under the extension's URN, as in the resource.
 */
export function splitPath(path: string): string[] {
  const lower = path.toLowerCase();
  for (const urn of EXTENSIONS) {
    if (lower === urn.toLowerCase()) return [urn];
    if (lower.startsWith(`${urn.toLowerCase()}:`)) return [urn, ...splitPath(path.slice(urn.length + 1))];
  }
  for (const urn of CORE) {
    if (lower.startsWith(`${urn.toLowerCase()}:`)) return splitPath(path.slice(urn.length + 1));
  }
  return path.split('.').map(canonicalName);
}

export type JsonObject = Record<string, unknown>;

/** A resource or list as answered: every SCIM answer names its schemas. */
export type ScimResource = JsonObject & { schemas: string[] };

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value with every key of every object in the RFC's spelling (known names and URNs only). */
export function canonicalKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonicalKeys);
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [canonicalName(key), canonicalKeys(item)]),
  );
}

/** SCIM booleans as directories send them: Entra ID writes "True" and "False". */
export function scimBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') {
    const lower = value.trim().toLowerCase();
    if (lower === 'true') return true;
    if (lower === 'false') return false;
  }
  return undefined;
}

const parseList = (text: string | undefined): string[][] =>
  (text ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')
    .map(splitPath);

/** Attributes every answer carries whatever was asked (RFC 7643 "returned: always"). */
const ALWAYS = new Set(['id', 'schemas']);

function pick(source: JsonObject, path: string[], target: JsonObject): void {
  const [head, ...rest] = path;
  if (head === undefined || !(head in source)) return;
  const value = source[head];
  if (rest.length === 0) {
    target[head] = value;
    return;
  }
  if (Array.isArray(value)) {
    // A sub-attribute of a multi-valued attribute: that sub-attribute of every element.
    const existing = Array.isArray(target[head]) ? (target[head] as JsonObject[]) : value.map(() => ({}));
    value.forEach((item, index) => {
      if (isObject(item) && existing[index]) pick(item, rest, existing[index]);
    });
    target[head] = existing;
    return;
  }
  if (!isObject(value)) return;
  const nested = isObject(target[head]) ? target[head] : {};
  pick(value, rest, nested);
  target[head] = nested;
}

function drop(target: JsonObject, path: string[]): void {
  const [head, ...rest] = path;
  if (head === undefined || !(head in target) || (rest.length === 0 && ALWAYS.has(head))) return;
  if (rest.length === 0) {
    delete target[head];
    return;
  }
  const value = target[head];
  if (Array.isArray(value)) for (const item of value) if (isObject(item)) drop(item, rest);
  if (isObject(value)) drop(value, rest);
}

/** RFC 7644 3.9: only `attributes` (with id and schemas), or all but `excludedAttributes`. */
export function project(
  resource: ScimResource,
  options: { attributes?: string | undefined; excludedAttributes?: string | undefined },
): ScimResource {
  const wanted = parseList(options.attributes);
  if (wanted.length > 0) {
    const answer: ScimResource = { schemas: resource.schemas };
    for (const key of ALWAYS) if (key in resource) answer[key] = resource[key];
    for (const path of wanted) pick(resource, path, answer);
    return answer;
  }
  const excluded = parseList(options.excludedAttributes);
  if (excluded.length === 0) return resource;
  const answer = structuredClone(resource);
  for (const path of excluded) drop(answer, path);
  return answer;
}
