/** The API shape of a user row (never the password hash). */
import type { Selectable } from 'kysely';
import type { User } from '@piecework/shared';
import type { UserTable } from '../../infrastructure/storage/database';

/** A user row as the API returns it; its password hash and token version are never needed nor shown. */
export function userView(row: Omit<Selectable<UserTable>, 'passwordHash' | 'tokenVersion'>): User {
  return {
    id: row.id,
    created: row.created,
    updated: row.updated,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    status: row.status as User['status'],
    platformRole: row.platformRole as User['platformRole'],
    externalId: row.externalId,
    platformId: row.platformId,
    lastActiveDate: null,
    imageUrl: null,
    verified: row.verified === 1,
  };
}
