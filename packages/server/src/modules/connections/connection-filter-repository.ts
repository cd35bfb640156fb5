/**
 * The list filters app connections and global connections share: the piece, a case-insensitive
 * `displayName` substring and statuses.
 */
import type { AppConnectionStatus } from '@piecework/shared';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../../infrastructure/storage/database';
import { containsPattern } from '../../infrastructure/storage/like-pattern';

/** The filters of a connection list query. */
export interface ConnectionFilters {
  readonly pieceName?: string | undefined;
  readonly displayName?: string | undefined;
  readonly status?: readonly AppConnectionStatus[] | undefined;
}

/** `select` narrowed by `filters` (absent or empty filters: no narrowing). */
export function withConnectionFilters<O>(
  select: SelectQueryBuilder<Database, 'appConnection', O>,
  filters: ConnectionFilters,
): SelectQueryBuilder<Database, 'appConnection', O> {
  let narrowed = select;
  if (filters.pieceName !== undefined) {
    narrowed = narrowed.where('appConnection.pieceName', '=', filters.pieceName);
  }
  if (filters.displayName !== undefined && filters.displayName !== '') {
    const pattern = containsPattern(filters.displayName);
    narrowed = narrowed.where(
      sql<boolean>`lower(${sql.ref('appConnection.displayName')}) like lower(${pattern}) escape '\\'`,
    );
  }
  if (filters.status !== undefined && filters.status.length > 0) {
    narrowed = narrowed.where('appConnection.status', 'in', [...filters.status]);
  }
  return narrowed;
}
