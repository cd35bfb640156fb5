/**
 * The SCIM discovery documents: what the server supports (PATCH and filters; no bulk, sort,
 * ETags or password changes), the two resource types, and the User and Group schemas as far as
 * the server keeps their attributes.
 */
import {
  SCIM_GROUP_SCHEMA,
  SCIM_LIST_RESPONSE_SCHEMA,
  SCIM_RESOURCE_TYPE_SCHEMA,
  SCIM_SCHEMA_SCHEMA,
  SCIM_SERVICE_PROVIDER_CONFIG_SCHEMA,
  SCIM_USER_SCHEMA,
  type ScimListResponse,
  type ScimResourceType,
  type ScimSchemaAttribute,
  type ScimSchemaDefinition,
  type ScimServiceProviderConfig,
} from '@piecework/shared';
import { SCIM_BASE_PATH } from './scim-views';

/** The most resources a list answers in one page. */
export const SCIM_MAX_RESULTS = 200;

/** The service provider configuration. */
export function scimServiceProviderConfig(): ScimServiceProviderConfig {
  return {
    schemas: [SCIM_SERVICE_PROVIDER_CONFIG_SCHEMA],
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: SCIM_MAX_RESULTS },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'OAuth Bearer Token',
        description: 'A platform API key sent as `Authorization: Bearer sk-...`',
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${SCIM_BASE_PATH}/ServiceProviderConfig` },
  };
}

/** The resource types: User and Group. */
export function scimResourceTypes(): ScimListResponse<ScimResourceType> {
  const types: ScimResourceType[] = [
    resourceType('User', '/Users', 'A user of the platform', SCIM_USER_SCHEMA),
    resourceType('Group', '/Groups', 'A TEAM project and its members', SCIM_GROUP_SCHEMA),
  ];
  return listOf(types);
}

/** The User and Group schemas. */
export function scimSchemas(): ScimListResponse<ScimSchemaDefinition> {
  return listOf([
    schema(SCIM_USER_SCHEMA, 'User', 'A user of the platform', [
      attribute('userName', 'string', 'The email address', { required: true, uniqueness: 'server' }),
      attribute('name', 'complex', 'The name', {
        subAttributes: [
          attribute('givenName', 'string', 'The first name'),
          attribute('familyName', 'string', 'The last name'),
          attribute('formatted', 'string', 'The full name', { mutability: 'readOnly' }),
        ],
      }),
      attribute('displayName', 'string', 'The full name, or the email', { mutability: 'readOnly' }),
      attribute('emails', 'complex', 'The email address (the userName)', {
        multiValued: true,
        mutability: 'readOnly',
        subAttributes: [
          attribute('value', 'string', 'The address'),
          attribute('type', 'string', 'Always work'),
          attribute('primary', 'boolean', 'Always true'),
        ],
      }),
      attribute('active', 'boolean', 'Whether the user may sign in'),
      attribute('externalId', 'string', "The user's id in the identity provider", { caseExact: true }),
    ]),
    schema(SCIM_GROUP_SCHEMA, 'Group', 'A TEAM project and its members', [
      attribute('displayName', 'string', "The project's name", { required: true }),
      attribute('externalId', 'string', "The group's id in the identity provider", { caseExact: true }),
      attribute('members', 'complex', 'The project members (Editors when added)', {
        multiValued: true,
        subAttributes: [
          attribute('value', 'string', "The member's user id", { mutability: 'immutable', caseExact: true }),
          attribute('display', 'string', "The member's email", { mutability: 'readOnly' }),
          attribute('$ref', 'reference', "The member's location", { mutability: 'readOnly' }),
        ],
      }),
    ]),
  ]);
}

function resourceType(
  name: string,
  endpoint: string,
  description: string,
  schemaId: string,
): ScimResourceType {
  return {
    schemas: [SCIM_RESOURCE_TYPE_SCHEMA],
    id: name,
    name,
    endpoint,
    description,
    schema: schemaId,
    meta: { resourceType: 'ResourceType', location: `${SCIM_BASE_PATH}/ResourceTypes/${name}` },
  };
}

function schema(
  id: string,
  name: string,
  description: string,
  attributes: ScimSchemaAttribute[],
): ScimSchemaDefinition {
  return {
    schemas: [SCIM_SCHEMA_SCHEMA],
    id,
    name,
    description,
    attributes,
    meta: { resourceType: 'Schema', location: `${SCIM_BASE_PATH}/Schemas/${id}` },
  };
}

function attribute(
  name: string,
  type: ScimSchemaAttribute['type'],
  description: string,
  options: Partial<ScimSchemaAttribute> = {},
): ScimSchemaAttribute {
  return {
    name,
    type,
    multiValued: false,
    required: false,
    caseExact: false,
    mutability: 'readWrite',
    returned: 'default',
    uniqueness: 'none',
    description,
    ...options,
  };
}

function listOf<T>(resources: T[]): ScimListResponse<T> {
  return {
    schemas: [SCIM_LIST_RESPONSE_SCHEMA],
    totalResults: resources.length,
    startIndex: 1,
    itemsPerPage: resources.length,
    Resources: resources,
  };
}
