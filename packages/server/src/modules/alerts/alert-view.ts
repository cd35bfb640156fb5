/** The API form of a project's alert receiver. */
import type { Alert } from '@piecework/shared';
import type { Selectable } from 'kysely';
import type { AlertTable } from '../../infrastructure/storage/database';

/** The API form of an `alert` row. */
export function alertView(row: Selectable<AlertTable>): Alert {
  return {
    id: row.id,
    created: row.created,
    updated: row.updated,
    projectId: row.projectId,
    channel: row.channel as Alert['channel'],
    receiver: row.receiver,
  };
}
