/**
 * What a SCIM request changes on a user, as one {@link ScimUserEdit}: from a PATCH's operations
 * (`add`/`replace` with a path, or with an object of attributes and no path; `remove` of
 * `externalId`), or from a PUT's whole resource. Identity providers send both shapes: Okta
 * deactivates with `{"op":"replace","value":{"active":false}}`, Microsoft Entra ID with
 * `{"op":"Replace","path":"active","value":"False"}`. Attribute names are matched ignoring case,
 * with or without the core User schema's URN in front. Attributes the server does not keep
 * (addresses, titles, phone numbers...) are accepted and ignored.
 */
import {
  SCIM_USER_SCHEMA,
  ScimBoolean,
  type ScimPatchOperation,
  type ScimUserRequest,
} from '@piecework/shared';
import { z } from 'zod';
import { scimFailure } from './scim-error';

/** The changes a request makes to a user; absent fields stay as they are. */
export interface ScimUserEdit {
  userName?: string;
  givenName?: string;
  familyName?: string;
  externalId?: string | null;
  active?: boolean;
}

/** The changes of a PUT: the names, `active` and `externalId` the resource gives (absent: unchanged). */
export function editOfUserResource(resource: ScimUserRequest): ScimUserEdit {
  return {
    userName: resource.userName,
    ...(resource.name?.givenName === undefined ? {} : { givenName: resource.name.givenName }),
    ...(resource.name?.familyName === undefined ? {} : { familyName: resource.name.familyName }),
    ...(resource.externalId === undefined ? {} : { externalId: resource.externalId }),
    ...(resource.active === undefined ? {} : { active: resource.active }),
  };
}

/** The changes of a PATCH's operations, applied in order. */
export function editOfUserPatch(operations: readonly ScimPatchOperation[]): ScimUserEdit {
  const edit: ScimUserEdit = {};
  for (const operation of operations) {
    if (operation.op === 'remove') {
      if (operation.path !== undefined && attributeName(operation.path) === 'externalid')
        edit.externalId = null;
      continue;
    }
    if (operation.path === undefined) {
      if (!isRecord(operation.value)) {
        throw scimFailure(
          400,
          'invalidValue',
          `A ${operation.op} without a path needs an object of attributes`,
        );
      }
      for (const [key, value] of Object.entries(operation.value)) setAttribute(edit, key, value);
    } else {
      setAttribute(edit, operation.path, operation.value);
    }
  }
  return edit;
}

const Text = z.string();
const NameValue = z.looseObject({ givenName: z.string().optional(), familyName: z.string().optional() });

/** Sets the attribute at `path` (a name, or `name.givenName`) to `value` on `edit`. */
function setAttribute(edit: ScimUserEdit, path: string, value: unknown): void {
  switch (attributeName(path)) {
    case 'active':
      edit.active = parsed(ScimBoolean, value, path);
      return;
    case 'username':
      edit.userName = parsed(Text, value, path);
      return;
    case 'externalid':
      edit.externalId = value === null ? null : parsed(Text, value, path);
      return;
    case 'name.givenname':
      edit.givenName = parsed(Text, value, path);
      return;
    case 'name.familyname':
      edit.familyName = parsed(Text, value, path);
      return;
    case 'name': {
      const name = parsed(NameValue, value, path);
      if (name.givenName !== undefined) edit.givenName = name.givenName;
      if (name.familyName !== undefined) edit.familyName = name.familyName;
      return;
    }
    default:
      return;
  }
}

/** `path` in lower case without the core User schema's URN (`urn:...:User:active` is `active`). */
function attributeName(path: string): string {
  const lower = path.trim().toLowerCase();
  const prefix = `${SCIM_USER_SCHEMA.toLowerCase()}:`;
  return lower.startsWith(prefix) ? lower.slice(prefix.length) : lower;
}

function parsed<T>(schema: z.ZodType<T>, value: unknown, path: string): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw scimFailure(400, 'invalidValue', `The value of ${path} is not valid: ${JSON.stringify(value)}`);
  }
  return result.data;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
