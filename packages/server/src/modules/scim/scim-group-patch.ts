/**
 * What a SCIM PATCH does to a group, applied in order to the group's state (name, external id,
 * member ids): `add`/`replace` of `displayName`, `externalId` or `members`, with a path or as an
 * object without one (Okta renames with `{"op":"replace","value":{"displayName":...}}`), and
 * `remove` of members by filter path (`members[value eq "id"]`, Okta) or by a list of values
 * (`{"op":"Remove","path":"members","value":[{"value":"id"}]}`, Microsoft Entra ID). Member
 * filters are evaluated by `scimmy`. Attributes the server does not keep are ignored.
 */
import SCIMMY from 'scimmy';
import { SCIM_GROUP_SCHEMA, ScimMemberReference, type ScimPatchOperation } from '@piecework/shared';
import { z } from 'zod';
import { scimFailure } from './scim-error';

/** A group as a PATCH changes it: its name, external id and member user ids in order. */
export interface ScimGroupState {
  displayName: string;
  externalId: string | null;
  memberIds: string[];
}

const Members = z.array(ScimMemberReference);
const DisplayName = z.string().trim().min(1).max(255);
const ExternalId = z.string().min(1).nullable();

/** `state` after `operations`. */
export function applyGroupPatch(
  state: ScimGroupState,
  operations: readonly ScimPatchOperation[],
): ScimGroupState {
  let next: ScimGroupState = { ...state, memberIds: [...state.memberIds] };
  for (const operation of operations) {
    if (operation.path === undefined) {
      if (operation.op === 'remove') {
        throw scimFailure(400, 'noTarget', 'A remove needs a path');
      }
      if (!isRecord(operation.value)) {
        throw scimFailure(
          400,
          'invalidValue',
          `A ${operation.op} without a path needs an object of attributes`,
        );
      }
      for (const [key, value] of Object.entries(operation.value)) {
        next = setAttribute(next, operation.op, key, value);
      }
      continue;
    }
    const path = attributeName(operation.path);
    const filtered = /^members\[(.+)\]$/s.exec(path);
    if (filtered !== null) {
      if (operation.op !== 'remove') {
        throw scimFailure(400, 'invalidPath', `Only remove takes a member filter: ${operation.path}`);
      }
      next = { ...next, memberIds: withoutFiltered(next.memberIds, filtered[1]!) };
    } else if (operation.op === 'remove') {
      next = removeAttribute(next, path, operation.value);
    } else {
      next = setAttribute(next, operation.op, path, operation.value);
    }
  }
  return next;
}

function setAttribute(
  state: ScimGroupState,
  op: 'add' | 'replace',
  name: string,
  value: unknown,
): ScimGroupState {
  switch (attributeName(name)) {
    case 'displayname':
      return { ...state, displayName: parsed(DisplayName, value, name) };
    case 'externalid':
      return { ...state, externalId: parsed(ExternalId, value, name) };
    case 'members': {
      const ids = parsed(Members, value, name).map((member) => member.value);
      return { ...state, memberIds: op === 'add' ? union(state.memberIds, ids) : union([], ids) };
    }
    default:
      return state;
  }
}

function removeAttribute(state: ScimGroupState, name: string, value: unknown): ScimGroupState {
  switch (name) {
    case 'members': {
      if (value === undefined || value === null) return { ...state, memberIds: [] };
      const gone = new Set(parsed(Members, value, name).map((member) => member.value));
      return { ...state, memberIds: state.memberIds.filter((id) => !gone.has(id)) };
    }
    case 'externalid':
      return { ...state, externalId: null };
    default:
      return state;
  }
}

/** `memberIds` without those the member filter `expression` (`value eq "id"`) selects. */
function withoutFiltered(memberIds: readonly string[], expression: string): string[] {
  let filter: InstanceType<typeof SCIMMY.Types.Filter>;
  try {
    filter = new SCIMMY.Types.Filter(expression);
  } catch (error) {
    throw scimFailure(
      400,
      'invalidFilter',
      error instanceof Error ? error.message : 'The member filter is invalid',
    );
  }
  const gone = new Set(
    (filter.match(memberIds.map((id) => ({ value: id }))) as { value: string }[]).map((m) => m.value),
  );
  return memberIds.filter((id) => !gone.has(id));
}

/** `path` in lower case without the core Group schema's URN. */
function attributeName(path: string): string {
  const trimmed = path.trim();
  const prefix = `${SCIM_GROUP_SCHEMA}:`;
  const bare = trimmed.toLowerCase().startsWith(prefix.toLowerCase())
    ? trimmed.slice(prefix.length)
    : trimmed;
  // Keep a member filter's values as they are: only the attribute name is matched ignoring case.
  const bracket = bare.indexOf('[');
  return bracket === -1 ? bare.toLowerCase() : bare.slice(0, bracket).toLowerCase() + bare.slice(bracket);
}

function union(first: readonly string[], second: readonly string[]): string[] {
  return [...new Set([...first, ...second])];
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
