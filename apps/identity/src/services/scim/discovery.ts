// What the SCIM server says about itself (RFC 7644 section 4, RFC 7643 sections 5-7): the features it
// supports, its resource types and the schemas of their attributes.
import { SCIM_SCHEMAS } from './attributes.js';
import { listResponse, MAX_RESULTS } from './context.js';

type Attribute = Record<string, unknown>;

/** One attribute's definition, with RFC 7643's defaults spelt out as directories expect them. */
function attribute(
  name: string,
  options: Partial<Attribute> & { subAttributes?: Attribute[] } = {},
): Attribute {
  return {
    name,
    type: options.subAttributes ? 'complex' : 'string',
    multiValued: false,
    required: false,
    caseExact: false,
    mutability: 'readWrite',
    returned: 'default',
    uniqueness: 'none',
    ...options,
  };
}

const multiValued = (name: string, extra: Attribute[] = []) =>
  attribute(name, {
    multiValued: true,
    subAttributes: [
      attribute('value'),
      attribute('display'),
      attribute('type'),
      attribute('primary', { type: 'boolean' }),
      ...extra,
    ],
  });

const userAttributes = [
  attribute('userName', { required: true, uniqueness: 'server' }),
  attribute('name', {
    subAttributes: [
      'formatted',
      'familyName',
      'givenName',
      'middleName',
      'honorificPrefix',
      'honorificSuffix',
    ].map((name) => attribute(name)),
  }),
  ...[
    'displayName',
    'nickName',
    'profileUrl',
    'title',
    'userType',
    'preferredLanguage',
    'locale',
    'timezone',
  ].map((name) => attribute(name)),
  attribute('active', { type: 'boolean' }),
  attribute('password', { mutability: 'writeOnly', returned: 'never' }),
  multiValued('emails'),
  multiValued('phoneNumbers'),
  multiValued(
    'addresses',
    ['formatted', 'streetAddress', 'locality', 'region', 'postalCode', 'country'].map((name) =>
      attribute(name),
    ),
  ),
  attribute('groups', {
    multiValued: true,
    mutability: 'readOnly',
    subAttributes: [attribute('value'), attribute('display')],
  }),
  multiValued('roles'),
  multiValued('entitlements'),
];

const enterpriseAttributes = [
  ...['employeeNumber', 'costCenter', 'organization', 'division', 'department'].map((name) =>
    attribute(name),
  ),
  attribute('manager', {
    subAttributes: [attribute('value'), attribute('displayName', { mutability: 'readOnly' })],
  }),
];

const groupAttributes = [
  attribute('displayName', { required: true, uniqueness: 'server' }),
  attribute('members', {
    multiValued: true,
    subAttributes: [attribute('value', { mutability: 'immutable' }), attribute('display'), attribute('type')],
  }),
];

export function scimDiscovery(baseUrl: string) {
  const schema = (id: string, name: string, attributes: Attribute[]) => ({
    schemas: [SCIM_SCHEMAS.schema],
    id,
    name,
    description: `${name} resource`,
    attributes,
    meta: { resourceType: 'Schema', location: `${baseUrl}/Schemas/${id}` },
  });
  const resourceType = (name: 'User' | 'Group', schemaId: string, extensions: string[]) => ({
    schemas: [SCIM_SCHEMAS.resourceType],
    id: name,
    name,
    endpoint: `/${name}s`,
    schema: schemaId,
    schemaExtensions: extensions.map((urn) => ({ schema: urn, required: false })),
    meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/${name}` },
  });
  const schemas = [
    schema(SCIM_SCHEMAS.user, 'User', userAttributes),
    schema(SCIM_SCHEMAS.enterpriseUser, 'EnterpriseUser', enterpriseAttributes),
    schema(SCIM_SCHEMAS.group, 'Group', groupAttributes),
  ];
  const resourceTypes = [
    resourceType('User', SCIM_SCHEMAS.user, [SCIM_SCHEMAS.enterpriseUser]),
    resourceType('Group', SCIM_SCHEMAS.group, []),
  ];
  const list = <T>(resources: T[]) => listResponse(1, resources.length, resources);
  return {
    serviceProviderConfig: {
      schemas: [SCIM_SCHEMAS.serviceProviderConfig],
      documentationUri: 'https://datatracker.ietf.org/doc/html/rfc7644',
      patch: { supported: true },
      bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
      filter: { supported: true, maxResults: MAX_RESULTS },
      changePassword: { supported: false },
      sort: { supported: false },
      etag: { supported: true },
      authenticationSchemes: [
        {
          type: 'oauthbearertoken',
          name: 'Bearer token',
          description: "The directory configuration's token, in the Authorization header",
          primary: true,
        },
      ],
      meta: { resourceType: 'ServiceProviderConfig', location: `${baseUrl}/ServiceProviderConfig` },
    },
    schemas: list(schemas),
    schema: (id: string) => schemas.find((item) => item.id.toLowerCase() === id.toLowerCase()),
    resourceTypes: list(resourceTypes),
    resourceType: (id: string) => resourceTypes.find((item) => item.id.toLowerCase() === id.toLowerCase()),
  };
}
