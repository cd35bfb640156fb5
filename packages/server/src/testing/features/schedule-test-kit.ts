/** Builders and reads for the schedules tests: schedule triggers and the `schedule` / `flowRun` rows. */
import type { TriggerRequest } from '@piecework/shared';
import type { TestServer } from '../test-server';
import type { ScheduleRow } from '../../modules/schedules/schedule-repository';

/** A complete PIECE_TRIGGER of the schedule piece. */
export function scheduleTrigger(
  triggerName = 'every_x_minutes',
  input: Record<string, unknown> = { minutes: 1 },
): TriggerRequest {
  return {
    name: 'trigger',
    displayName: 'Schedule',
    type: 'PIECE_TRIGGER',
    valid: true,
    settings: {
      pieceName: '@activepieces/piece-schedule',
      pieceVersion: '~0.1.5',
      triggerName,
      propertySettings: {},
      input,
    },
  };
}

/** The schedule row of `flowId`, if any. */
export function scheduleOf(server: TestServer, flowId: string): Promise<ScheduleRow | undefined> {
  return server.server.context.store.db
    .selectFrom('schedule')
    .selectAll()
    .where('flowId', '=', flowId)
    .executeTakeFirst();
}

/** Sets the schedule of `flowId` due at `nextRunAt` (a past instant makes it due now). */
export async function setNextRunAt(server: TestServer, flowId: string, nextRunAt: string): Promise<void> {
  await server.server.context.store.write((trx) =>
    trx.updateTable('schedule').set({ nextRunAt }).where('flowId', '=', flowId).execute(),
  );
}

/** The runs of `flowId`, oldest first: `triggeredBy`, environment, version and parsed payload. */
export async function runsOf(server: TestServer, flowId: string) {
  const rows = await server.server.context.store.db
    .selectFrom('flowRun')
    .select(['triggeredBy', 'environment', 'flowVersionId', 'triggerPayload'])
    .where('flowId', '=', flowId)
    .orderBy('created')
    .execute();
  return rows.map((row) => ({
    ...row,
    triggerPayload: row.triggerPayload === null ? null : (JSON.parse(row.triggerPayload) as unknown),
  }));
}

/** The ids of the runs of `flowId`, oldest first. */
export async function runIdsOf(server: TestServer, flowId: string): Promise<string[]> {
  const rows = await server.server.context.store.db
    .selectFrom('flowRun')
    .select('id')
    .where('flowId', '=', flowId)
    .orderBy('created')
    .execute();
  return rows.map((row) => row.id);
}
