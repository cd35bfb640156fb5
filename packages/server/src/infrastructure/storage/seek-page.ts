/**
 * Cursor ("seek") pages over any table with `created` and `id` columns, newest first. Cursors are
 * opaque to callers (base64url of the position and direction), stable under inserts, and never
 * skip or repeat a row the way offsets do.
 */
import { sql, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Page } from '@piecework/shared';
import { invalidRequest } from '../errors';

interface Position {
  created: string;
  id: string;
}

interface Cursor extends Position {
  direction: 'next' | 'previous';
}

/** How much of a list to read: `limit` rows after (or before) `cursor`. */
export interface PageRequest {
  limit: number;
  cursor?: string | undefined;
}

/**
 * Runs `query` (already filtered) for one page, ordered newest first by `table.created`,
 * `table.id`. An unreadable cursor is a 400 VALIDATION error.
 */
export async function fetchSeekPage<DB, TB extends keyof DB, Row extends Position>(
  query: SelectQueryBuilder<DB, TB, Row>,
  table: string,
  page: PageRequest,
): Promise<Page<Row>> {
  const created = sql.ref(`${table}.created`);
  const id = sql.ref(`${table}.id`);
  const cursor = page.cursor === undefined || page.cursor === '' ? undefined : decodeCursor(page.cursor);
  if (cursor?.direction === 'previous') {
    const rows = await query
      .where(
        sql<SqlBool>`(${created} > ${cursor.created} or (${created} = ${cursor.created} and ${id} > ${cursor.id}))`,
      )
      .orderBy(created, 'asc')
      .orderBy(id, 'asc')
      .limit(page.limit + 1)
      .execute();
    const hasMore = rows.length > page.limit;
    const data = rows.slice(0, page.limit).reverse();
    return {
      data,
      next: data.length > 0 ? encodeCursor('next', data[data.length - 1]!) : encodeCursor('next', cursor),
      previous: hasMore ? encodeCursor('previous', data[0]!) : null,
    };
  }
  const filtered =
    cursor === undefined
      ? query
      : query.where(
          sql<SqlBool>`(${created} < ${cursor.created} or (${created} = ${cursor.created} and ${id} < ${cursor.id}))`,
        );
  const rows = await filtered
    .orderBy(created, 'desc')
    .orderBy(id, 'desc')
    .limit(page.limit + 1)
    .execute();
  const hasMore = rows.length > page.limit;
  const data = rows.slice(0, page.limit);
  return {
    data,
    next: hasMore ? encodeCursor('next', data[data.length - 1]!) : null,
    previous: cursor === undefined ? null : encodeCursor('previous', data.length > 0 ? data[0]! : cursor),
  };
}

/** Maps every row of a page, keeping its cursors. */
export function mapPage<A, B>(page: Page<A>, map: (row: A) => B): Page<B> {
  return { data: page.data.map(map), next: page.next, previous: page.previous };
}

function encodeCursor(direction: Cursor['direction'], position: Position): string {
  return Buffer.from(
    JSON.stringify([direction === 'next' ? 'n' : 'p', position.created, position.id]),
  ).toString('base64url');
}

function decodeCursor(text: string): Cursor {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 3 &&
      (value[0] === 'n' || value[0] === 'p') &&
      typeof value[1] === 'string' &&
      typeof value[2] === 'string'
    ) {
      return { direction: value[0] === 'n' ? 'next' : 'previous', created: value[1], id: value[2] };
    }
  } catch {
    // fall through to the error below
  }
  throw invalidRequest('The cursor is not one this server gave out', { cursor: text });
}
