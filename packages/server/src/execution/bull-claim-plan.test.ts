import type { Selectable } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { JobTable } from '../infrastructure/storage/database';
import { timestampOf } from '../infrastructure/storage/timestamp';
import { planBullClaim } from './bull-claim-plan';

const nowMs = Date.parse('2026-03-01T00:00:00.000Z');
const now = timestampOf(nowMs);
const retryAt = nowMs + 1500;

/** A job row of project `projectId`: QUEUED and available, unless `over` says otherwise. */
function row(id: string, projectId: string, over: Partial<Selectable<JobTable>> = {}): Selectable<JobTable> {
  return {
    id,
    runId: `run-${id}`,
    projectId,
    kind: 'EXECUTE',
    payload: null,
    status: 'QUEUED',
    availableAt: now,
    lockedBy: null,
    lockedUntil: null,
    attempts: 0,
    created: now,
    updated: now,
    ...over,
  };
}

function plan(rows: Selectable<JobTable>[], free: Record<string, number>, delivered = rows.map((r) => r.id)) {
  return planBullClaim({
    delivered,
    rows: new Map(rows.map((r) => [r.id, r])),
    slots: new Map(
      Object.entries(free).map(([projectId, slots]) => [projectId, { running: 0, free: slots }]),
    ),
    now,
    nowMs,
    busyRetryAtMs: () => retryAt,
  });
}

describe('planBullClaim', () => {
  it('takes available jobs while their project has slots, and sets the others aside', () => {
    const result = plan([row('1', 'A'), row('2', 'A'), row('3', 'B'), row('4', 'A')], { A: 2, B: 1 });
    expect(result.take.map((r) => r.id)).toEqual(['1', '2', '3']);
    expect(result.later).toEqual([{ id: '4', atMs: retryAt, busyProject: 'A' }]);
    expect(result.gone).toEqual([]);
  });

  it('drops a delivered job without a row', () => {
    expect(plan([row('1', 'A')], { A: 5 }, ['0', '1'])).toMatchObject({ gone: ['0'], take: [{ id: '1' }] });
  });

  it.each([
    [
      'a QUEUED job not available yet waits for its availableAt',
      { availableAt: timestampOf(nowMs + 500) },
      nowMs + 500,
    ],
    [
      'a job RUNNING under a live lease waits just past its lease (never twice at once)',
      { status: 'RUNNING', lockedBy: 'w1', lockedUntil: timestampOf(nowMs + 800) },
      nowMs + 801,
    ],
  ])('%s', (_, over, atMs) => {
    expect(plan([row('1', 'A', over)], { A: 5 })).toEqual({ take: [], later: [{ id: '1', atMs }], gone: [] });
  });

  it('takes a RUNNING job whose lease ran out (its worker vanished), within the limit', () => {
    const expired = { status: 'RUNNING', lockedBy: 'w1', lockedUntil: timestampOf(nowMs - 1) };
    expect(plan([row('1', 'A', expired)], { A: 1 }).take.map((r) => r.id)).toEqual(['1']);
    expect(plan([row('1', 'A', expired)], { A: 0 }).later).toEqual([
      { id: '1', atMs: retryAt, busyProject: 'A' },
    ]);
  });
});
