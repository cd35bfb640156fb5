/** The API shape of a user row (never the password hash). */
import type { Selectable } from 'kysely';
import type { User } from '@piecework/shared';
import type { UserTable } from '../../storage/database';

/** A user row as the API returns it. */
export function userView(row: Selectable<UserTable>): User {
  return {
    id: row.id,
    created: row.created,
    updated: row.updated,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    status: row.status as User['status'],
    platformRole: row.platformRole as User['platformRole'],
    externalId: null,
    platformId: row.platformId,
    lastActiveDate: null,
    imageUrl: null,
    verified: row.verified === 1,
  };
}
