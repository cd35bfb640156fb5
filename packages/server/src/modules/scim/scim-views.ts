/**
 * SCIM resources from rows: a platform user as a SCIM User (`userName` and the one email are the
 * user's email, `active` whether the user is ACTIVE), a TEAM project as a SCIM Group (its members
 * the project's members). Locations are paths under the server's `/api`.
 */
import {
  SCIM_GROUP_SCHEMA,
  SCIM_LIST_RESPONSE_SCHEMA,
  SCIM_USER_SCHEMA,
  type ScimGroup,
  type ScimGroupMember,
  type ScimListResponse,
  type ScimUser,
} from '@piecework/shared';
import type { ScimGroupRow, ScimMemberRow, ScimUserRow } from './scim-repository';

/** The path the SCIM endpoints are served under. */
export const SCIM_BASE_PATH = '/api/v1/scim/v2';

/** A user row as a SCIM User. */
export function scimUserView(row: ScimUserRow): ScimUser {
  const formatted = `${row.firstName} ${row.lastName}`.trim();
  return {
    schemas: [SCIM_USER_SCHEMA],
    id: row.id,
    ...(row.externalId === null ? {} : { externalId: row.externalId }),
    userName: row.email,
    name: { givenName: row.firstName, familyName: row.lastName, formatted },
    displayName: formatted === '' ? row.email : formatted,
    emails: [{ value: row.email, type: 'work', primary: true }],
    active: row.status === 'ACTIVE',
    meta: {
      resourceType: 'User',
      created: row.created,
      lastModified: row.updated,
      location: `${SCIM_BASE_PATH}/Users/${row.id}`,
    },
  };
}

/** A membership as a member of a SCIM Group. */
export function scimMemberView(row: Pick<ScimMemberRow, 'userId' | 'email'>): ScimGroupMember {
  return { value: row.userId, display: row.email, $ref: `${SCIM_BASE_PATH}/Users/${row.userId}` };
}

/** A TEAM project row with its memberships as a SCIM Group. */
export function scimGroupView(row: ScimGroupRow, members: readonly ScimMemberRow[]): ScimGroup {
  return {
    schemas: [SCIM_GROUP_SCHEMA],
    id: row.id,
    ...(row.externalId === null ? {} : { externalId: row.externalId }),
    displayName: row.displayName,
    members: members.map(scimMemberView),
    meta: {
      resourceType: 'Group',
      created: row.created,
      lastModified: row.updated,
      location: `${SCIM_BASE_PATH}/Groups/${row.id}`,
    },
  };
}

/** The list answer of `resources` (all that match), paged from 1-based `startIndex` by `count`. */
export function scimListView<T>(
  resources: readonly T[],
  startIndex: number,
  count: number,
): ScimListResponse<T> {
  return scimListPage(resources.slice(startIndex - 1, startIndex - 1 + count), resources.length, startIndex);
}

/** The list answer of one `page` of `totalResults` resources, starting at 1-based `startIndex`. */
export function scimListPage<T>(
  page: readonly T[],
  totalResults: number,
  startIndex: number,
): ScimListResponse<T> {
  return {
    schemas: [SCIM_LIST_RESPONSE_SCHEMA],
    totalResults,
    startIndex,
    itemsPerPage: page.length,
    Resources: [...page],
  };
}
