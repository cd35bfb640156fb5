/**
 * Invitation rows as the API shows them ({@link UserInvitation}): with the invited project role
 * nested (its permissions and how many members hold it on the invitation's platform).
 */
import type { Kysely, Selectable } from 'kysely';
import type { InvitationProjectRole, PlatformRole, UserInvitation } from '@piecework/shared';
import type { Database, UserInvitationTable } from '../../infrastructure/storage/database';
import { fromJson } from '../../infrastructure/storage/json-column';
import { countRoleMembers, findProjectRole } from './user-invitation-repository';

/** A `userInvitation` row. */
export type InvitationRow = Selectable<UserInvitationTable>;

/** The API form of `rows`, in the same order, each with its project role (null for PLATFORM ones). */
export async function invitationViews(
  db: Kysely<Database>,
  rows: readonly InvitationRow[],
): Promise<UserInvitation[]> {
  const roles = await nestedRoles(db, rows);
  return rows.map((row) => ({
    id: row.id,
    created: row.created,
    updated: row.updated,
    email: row.email,
    platformId: row.platformId,
    status: row.status as UserInvitation['status'],
    type: row.type as UserInvitation['type'],
    platformRole: row.platformRole as PlatformRole | null,
    projectId: row.projectId,
    projectRoleId: row.projectRoleId,
    projectRole:
      row.projectRoleId === null ? null : (roles.get(`${row.platformId}:${row.projectRoleId}`) ?? null),
  }));
}

/** The API form of one invitation row. */
export async function invitationView(db: Kysely<Database>, row: InvitationRow): Promise<UserInvitation> {
  const [view] = await invitationViews(db, [row]);
  return view!;
}

/** The nested role of each (platform, role) pair the rows name, keyed `platformId:roleId`. */
async function nestedRoles(
  db: Kysely<Database>,
  rows: readonly InvitationRow[],
): Promise<Map<string, InvitationProjectRole>> {
  const pairs = new Map<string, { platformId: string; roleId: string }>();
  for (const row of rows) {
    if (row.projectRoleId !== null) {
      pairs.set(`${row.platformId}:${row.projectRoleId}`, {
        platformId: row.platformId,
        roleId: row.projectRoleId,
      });
    }
  }
  const nested = new Map<string, InvitationProjectRole>();
  for (const [key, { platformId, roleId }] of pairs) {
    const role = await findProjectRole(db, roleId);
    if (role === undefined) continue;
    const { count } = await countRoleMembers(db, platformId, roleId);
    nested.set(key, {
      id: role.id,
      created: role.created,
      updated: role.updated,
      name: role.name,
      permissions: fromJson<string[]>(role.permissions) ?? [],
      platformId: role.platformId,
      type: role.type,
      userCount: Number(count),
    });
  }
  return nested;
}
