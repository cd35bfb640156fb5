/**
 * The SCIM 2.0 resources and messages the server's provisioning endpoints (`/v1/scim/v2`) take
 * and answer, as identity providers (Okta, Microsoft Entra ID) send them: a SCIM User is a
 * platform user, a SCIM Group a TEAM project whose members are the project's members.
 */
import { z } from 'zod';

/** The media type of SCIM requests and answers. */
export const SCIM_MEDIA_TYPE = 'application/scim+json';

/** URN of the core User schema. */
export const SCIM_USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
/** URN of the core Group schema. */
export const SCIM_GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
/** URN of the list answer message. */
export const SCIM_LIST_RESPONSE_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
/** URN of the PATCH request message. */
export const SCIM_PATCH_OP_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
/** URN of the error message. */
export const SCIM_ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';
/** URN of the service provider configuration. */
export const SCIM_SERVICE_PROVIDER_CONFIG_SCHEMA =
  'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig';
/** URN of a resource type description. */
export const SCIM_RESOURCE_TYPE_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:ResourceType';
/** URN of a schema description. */
export const SCIM_SCHEMA_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Schema';

/**
 * A SCIM boolean as identity providers send it: JSON `true`/`false`, or the strings `"True"` and
 * `"False"` in any case (Microsoft Entra ID sends `"False"` to deactivate).
 */
export const ScimBoolean = z.union([
  z.boolean(),
  z
    .string()
    .transform((text) => text.trim().toLowerCase())
    .pipe(z.enum(['true', 'false']))
    .transform((text) => text === 'true'),
]);
export type ScimBoolean = z.infer<typeof ScimBoolean>;

/** `meta` of a resource: its type, times and location. */
export const ScimMeta = z.object({
  resourceType: z.string(),
  created: z.string().optional(),
  lastModified: z.string().optional(),
  location: z.string().optional(),
});
export type ScimMeta = z.infer<typeof ScimMeta>;

/** A person's name parts. */
export const ScimName = z.looseObject({
  givenName: z.string().optional(),
  familyName: z.string().optional(),
  formatted: z.string().optional(),
});
export type ScimName = z.infer<typeof ScimName>;

/** One email address of a user. */
export const ScimEmail = z.looseObject({
  value: z.string(),
  type: z.string().optional(),
  primary: ScimBoolean.optional(),
});
export type ScimEmail = z.infer<typeof ScimEmail>;

/** A user as the server answers it: `userName` is the email, `active` whether the user is ACTIVE. */
export const ScimUser = z.object({
  schemas: z.tuple([z.literal(SCIM_USER_SCHEMA)]),
  id: z.string(),
  externalId: z.string().optional(),
  userName: z.string(),
  name: z.object({ givenName: z.string(), familyName: z.string(), formatted: z.string() }),
  displayName: z.string(),
  emails: z.array(z.object({ value: z.string(), type: z.literal('work'), primary: z.literal(true) })),
  active: z.boolean(),
  meta: ScimMeta,
});
export type ScimUser = z.infer<typeof ScimUser>;

/**
 * Body of `POST /Users` and `PUT /Users/:id`: `userName` (an email address; else the primary
 * email is used), names, `externalId`, `active`. Other attributes are accepted and ignored.
 */
export const ScimUserRequest = z.looseObject({
  schemas: z.array(z.string()).optional(),
  userName: z.string().trim().min(1),
  externalId: z.string().min(1).nullable().optional(),
  name: ScimName.optional(),
  displayName: z.string().optional(),
  emails: z.array(ScimEmail).optional(),
  active: ScimBoolean.optional(),
});
export type ScimUserRequest = z.infer<typeof ScimUserRequest>;

/** A member of a group as answered: the user's id, email and location. */
export const ScimGroupMember = z.object({
  value: z.string(),
  display: z.string().optional(),
  $ref: z.string().optional(),
});
export type ScimGroupMember = z.infer<typeof ScimGroupMember>;

/** A group as the server answers it: a TEAM project and its members. */
export const ScimGroup = z.object({
  schemas: z.tuple([z.literal(SCIM_GROUP_SCHEMA)]),
  id: z.string(),
  externalId: z.string().optional(),
  displayName: z.string(),
  members: z.array(ScimGroupMember),
  meta: ScimMeta,
});
export type ScimGroup = z.infer<typeof ScimGroup>;

/** A member as a request names it: the user's id in `value`. */
export const ScimMemberReference = z.looseObject({
  value: z.string().min(1),
  display: z.string().optional(),
});
export type ScimMemberReference = z.infer<typeof ScimMemberReference>;

/** Body of `POST /Groups` and `PUT /Groups/:id`: the project's name, external id and members. */
export const ScimGroupRequest = z.looseObject({
  schemas: z.array(z.string()).optional(),
  displayName: z.string().trim().min(1).max(255),
  externalId: z.string().min(1).nullable().optional(),
  members: z.array(ScimMemberReference).optional(),
});
export type ScimGroupRequest = z.infer<typeof ScimGroupRequest>;

/** One PATCH operation: `op` in any case (Entra sends `Replace`), an optional `path`, a value. */
export const ScimPatchOperation = z.looseObject({
  op: z
    .string()
    .transform((op) => op.toLowerCase())
    .pipe(z.enum(['add', 'replace', 'remove'])),
  path: z.string().optional(),
  value: z.unknown().optional(),
});
export type ScimPatchOperation = z.infer<typeof ScimPatchOperation>;

/** Body of `PATCH /Users/:id` and `PATCH /Groups/:id`. */
export const ScimPatchRequest = z.looseObject({
  schemas: z.array(z.string()).optional(),
  Operations: z.array(ScimPatchOperation).min(1).max(1000),
});
export type ScimPatchRequest = z.infer<typeof ScimPatchRequest>;

/** Query of the list endpoints: a SCIM `filter`, 1-based `startIndex` and `count` (at most 200). */
export const ScimListQuery = z.object({
  filter: z.string().max(2000).optional(),
  startIndex: z.coerce
    .number()
    .int()
    .catch(1)
    .transform((index) => Math.max(1, index))
    .default(1),
  count: z.coerce
    .number()
    .int()
    .catch(100)
    .transform((count) => Math.min(200, Math.max(0, count)))
    .default(100),
});
export type ScimListQuery = z.infer<typeof ScimListQuery>;

/** Path parameters of a resource's endpoints: its id (an unknown id is 404). */
export const ScimIdParams = z.object({ id: z.string().min(1).max(100) });
export type ScimIdParams = z.infer<typeof ScimIdParams>;

/** A list answer of `item` resources. */
export function ScimListResponse<T extends z.ZodType>(item: T) {
  return z.object({
    schemas: z.tuple([z.literal(SCIM_LIST_RESPONSE_SCHEMA)]),
    totalResults: z.number().int().min(0),
    startIndex: z.number().int().min(1),
    itemsPerPage: z.number().int().min(0),
    Resources: z.array(item),
  });
}
/** The type of a list answer of `T`. */
export type ScimListResponse<T> = {
  schemas: [typeof SCIM_LIST_RESPONSE_SCHEMA];
  totalResults: number;
  startIndex: number;
  itemsPerPage: number;
  Resources: T[];
};

/** The `scimType` keywords of SCIM errors. */
export const ScimErrorType = z.enum([
  'invalidFilter',
  'tooMany',
  'uniqueness',
  'mutability',
  'invalidSyntax',
  'invalidPath',
  'noTarget',
  'invalidValue',
  'invalidVers',
  'sensitive',
]);
export type ScimErrorType = z.infer<typeof ScimErrorType>;

/** A SCIM error answer: the HTTP status as a string, a `scimType` keyword, a `detail` text. */
export const ScimError = z.object({
  schemas: z.tuple([z.literal(SCIM_ERROR_SCHEMA)]),
  status: z.string().regex(/^[1-5]\d\d$/),
  scimType: ScimErrorType.optional(),
  detail: z.string().optional(),
});
export type ScimError = z.infer<typeof ScimError>;

/** The service provider configuration: what of SCIM the server supports. */
export const ScimServiceProviderConfig = z.object({
  schemas: z.tuple([z.literal(SCIM_SERVICE_PROVIDER_CONFIG_SCHEMA)]),
  documentationUri: z.string().optional(),
  patch: z.object({ supported: z.boolean() }),
  bulk: z.object({ supported: z.boolean(), maxOperations: z.number(), maxPayloadSize: z.number() }),
  filter: z.object({ supported: z.boolean(), maxResults: z.number() }),
  changePassword: z.object({ supported: z.boolean() }),
  sort: z.object({ supported: z.boolean() }),
  etag: z.object({ supported: z.boolean() }),
  authenticationSchemes: z.array(
    z.object({
      type: z.string(),
      name: z.string(),
      description: z.string(),
      primary: z.boolean().optional(),
    }),
  ),
  meta: ScimMeta,
});
export type ScimServiceProviderConfig = z.infer<typeof ScimServiceProviderConfig>;

/** A resource type the server serves (User, Group). */
export const ScimResourceType = z.object({
  schemas: z.tuple([z.literal(SCIM_RESOURCE_TYPE_SCHEMA)]),
  id: z.string(),
  name: z.string(),
  endpoint: z.string(),
  description: z.string(),
  schema: z.string(),
  meta: ScimMeta,
});
export type ScimResourceType = z.infer<typeof ScimResourceType>;

/** One attribute of a schema description (sub-attributes one level deep). */
export const ScimSchemaAttribute = z.object({
  name: z.string(),
  type: z.enum(['string', 'boolean', 'complex', 'reference', 'dateTime']),
  multiValued: z.boolean(),
  required: z.boolean(),
  caseExact: z.boolean(),
  mutability: z.enum(['readOnly', 'readWrite', 'immutable', 'writeOnly']),
  returned: z.enum(['always', 'never', 'default', 'request']),
  uniqueness: z.enum(['none', 'server', 'global']),
  description: z.string(),
  subAttributes: z.array(z.lazy((): z.ZodType => ScimSchemaAttribute)).optional(),
});
export type ScimSchemaAttribute = z.infer<typeof ScimSchemaAttribute>;

/** A schema description (the User and Group schemas as the server implements them). */
export const ScimSchemaDefinition = z.object({
  schemas: z.tuple([z.literal(SCIM_SCHEMA_SCHEMA)]),
  id: z.string(),
  name: z.string(),
  description: z.string(),
  attributes: z.array(ScimSchemaAttribute),
  meta: ScimMeta,
});
export type ScimSchemaDefinition = z.infer<typeof ScimSchemaDefinition>;
