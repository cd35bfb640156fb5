/**
 * The moves of a run: every (status, move, target) combination against a real SQLite store —
 * a run moves exactly when the move leaves from its status and leads to the target, and a
 * refused move changes nothing.
 */
import { FlowRunStatus } from '@piecework/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteStore, type DataStore } from '../../infrastructure/storage/data-store';
import {
  flowRunRow,
  insertFlow,
  insertProject,
  tempDatabaseDir,
} from '../../infrastructure/storage/test-database';
import {
  isRunMoveAllowed,
  moveRun,
  moveRuns,
  RUN_MOVES,
  RunMoveRefused,
  type RunMove,
  type RunMoveName,
} from './run-moves';

const at = '2026-01-01T00:00:00.000Z';
const later = '2026-01-01T00:00:01.000Z';
let dir: ReturnType<typeof tempDatabaseDir>;
let store: DataStore;
let counter = 0;

beforeAll(async () => {
  dir = tempDatabaseDir();
  store = await openSqliteStore(dir.file());
  await insertProject(store.db, 'P');
  await insertFlow(store.db, 'P');
});
afterAll(async () => {
  await store.close();
  dir.remove();
});

async function runIn(status: FlowRunStatus): Promise<string> {
  const id = `run${String(counter++)}`;
  await store.db
    .insertInto('flowRun')
    .values(
      flowRunRow({
        id,
        projectId: 'P',
        platformId: 'P-platform',
        flowId: 'flow-P',
        flowVersionId: 'v',
        status,
        created: at,
      }),
    )
    .execute();
  return id;
}

async function statusOf(id: string): Promise<{ status: string; updated: string }> {
  return store.db
    .selectFrom('flowRun')
    .select(['status', 'updated'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

const moveNames = Object.keys(RUN_MOVES) as RunMoveName[];
const statuses = FlowRunStatus.options;

describe('run moves', () => {
  it('moves a run exactly when the move leaves from its status, and leaves it untouched otherwise', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...statuses), fc.constantFrom(...moveNames), async (from, name) => {
        const move: RunMove = RUN_MOVES[name];
        for (const to of move.to) {
          const id = await runIn(from);
          const moved = await store.write((trx) => moveRuns(trx, name, [id], to, { updated: later }));
          const after = await statusOf(id);
          if (move.from.includes(from)) {
            expect(moved).toEqual([id]);
            expect(after).toEqual({ status: to, updated: later });
          } else {
            expect(moved).toEqual([]);
            expect(after).toEqual({ status: from, updated: at });
          }
        }
      }),
      { numRuns: 60 },
    );
  });

  it('refuses a target the move does not lead to, writing nothing', async () => {
    const id = await runIn('RUNNING');
    await expect(
      store.write((trx) => moveRuns(trx, 'pause', [id], 'SUCCEEDED', { updated: later })),
    ).rejects.toThrow('A run cannot pause to SUCCEEDED');
    expect((await statusOf(id)).status).toBe('RUNNING');
  });

  it('rolls the whole transaction back when a single-run move finds the run elsewhere', async () => {
    const ended = await runIn('SUCCEEDED');
    const other = await runIn('QUEUED');
    const attempt = store.write(async (trx) => {
      await moveRun(trx, 'start', other, 'RUNNING', { updated: later });
      await moveRun(trx, 'resume', ended, 'QUEUED', { updated: later });
    });
    await expect(attempt).rejects.toBeInstanceOf(RunMoveRefused);
    expect((await statusOf(other)).status).toBe('QUEUED');
    expect((await statusOf(ended)).status).toBe('SUCCEEDED');
  });

  it('never leaves a finished success or cancel, and lets every failure be retried', () => {
    for (const to of statuses) {
      expect(isRunMoveAllowed('SUCCEEDED', to)).toBe(false);
      expect(isRunMoveAllowed('CANCELED', to)).toBe(false);
    }
    for (const failed of ['FAILED', 'TIMEOUT', 'INTERNAL_ERROR', 'QUOTA_EXCEEDED'] as const) {
      expect(isRunMoveAllowed(failed, 'QUEUED')).toBe(true);
      expect(isRunMoveAllowed(failed, 'RUNNING')).toBe(false);
    }
    expect(isRunMoveAllowed('PAUSED', 'SUCCEEDED')).toBe(false);
    expect(isRunMoveAllowed('QUEUED', 'SUCCEEDED')).toBe(false);
  });
});
