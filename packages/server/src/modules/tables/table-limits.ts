/**
 * How much a project's tables may hold: the one place the limits are read (today from
 * `AP_MAX_TABLES_PER_PROJECT`, `AP_MAX_FIELDS_PER_TABLE` and `AP_MAX_RECORDS_PER_TABLE`; a
 * platform's plan may later change them here), and the one error going over them answers.
 */
import { PieceworkError } from '@piecework/shared';
import type { ServerBase } from '../../server-context';

/** The limits of the tables of one platform. */
export interface TableLimits {
  /** Tables one project may hold. */
  readonly tables: number;
  /** Fields one table may hold. */
  readonly fieldsPerTable: number;
  /** Records one table may hold. */
  readonly recordsPerTable: number;
}

/** The table limits of platform `platformId`. Ask it inside the write that adds tables, fields or records. */
export function tableLimits(ctx: Pick<ServerBase, 'settings'>, platformId: string): Promise<TableLimits> {
  void platformId;
  const { config } = ctx.settings;
  return Promise.resolve({
    tables: config.maxTablesPerProject,
    fieldsPerTable: config.maxFieldsPerTable,
    recordsPerTable: config.maxRecordsPerTable,
  });
}

/** What a limit counts. */
export type TableLimitKind = 'tables' | 'fieldsPerTable' | 'recordsPerTable';

/**
 * 402 QUOTA_EXCEEDED: adding `adding` to `current` would pass `limit` of `kind`. Nothing of the
 * refused request is written (throw it inside the write transaction).
 */
export function tableLimitExceeded(kind: TableLimitKind, limit: number, current: number, adding: number) {
  return new PieceworkError('QUOTA_EXCEEDED', {
    message: `This would make ${String(current + adding)} ${LABELS[kind]}; the limit is ${String(limit)}`,
    limit: kind,
    max: limit,
    current,
    adding,
  });
}

const LABELS: Readonly<Record<TableLimitKind, string>> = {
  tables: 'tables in the project',
  fieldsPerTable: 'fields in the table',
  recordsPerTable: 'records in the table',
};
