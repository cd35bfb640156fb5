import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DataStore } from '../infrastructure/storage/data-store';
import type { Database } from '../infrastructure/storage/database';
import type { FlowRunRow } from '../infrastructure/storage/rows/execution-rows';
import type { Execution } from './lifecycle/end-run';
import { RunEndBatch, type RunEnd, type WriteRunEnds } from './run-end-batch';

/** The run ids of each write of ends; a run id starting with `bad` makes its write throw. */
const calls: string[][] = [];

const writeEnds: WriteRunEnds = async (_trx, ends) => {
  const ids = ends.map(({ execution }) => execution.run.id);
  calls.push(ids);
  if (ids.some((id) => id.startsWith('bad'))) throw new Error(`cannot end ${ids.join(',')}`);
  return ids.map((id) => ({ id }) as FlowRunRow);
};

/** A store whose writes run at once, each after `gate` opens (one at a time, as the real one). */
function gatedStore(): { store: DataStore; open: () => void; deferMs: (number | undefined)[] } {
  let release: () => void = () => undefined;
  let gate = new Promise<void>((resolve) => (release = resolve));
  const deferMs: (number | undefined)[] = [];
  const store = {
    async write<T>(fn: (trx: Kysely<Database>) => Promise<T>, options?: { deferMs?: number }): Promise<T> {
      deferMs.push(options?.deferMs);
      await gate;
      return fn({} as Kysely<Database>);
    },
  } as unknown as DataStore;
  return {
    store,
    deferMs,
    open: () => {
      release();
      gate = Promise.resolve();
    },
  };
}

function end(runId: string, deferrable = false): RunEnd {
  return {
    execution: { run: { id: runId } } as unknown as Execution,
    endWrite: null,
    now: '2026-01-01T00:00:00.000Z',
    deferrable,
  };
}

describe('RunEndBatch', () => {
  it('writes the ends that wait for the next transaction with one call, later ones with the next', async () => {
    calls.length = 0;
    const { store, open } = gatedStore();
    const batch = new RunEndBatch(store, writeEnds);
    const first = [batch.write(end('a')), batch.write(end('b'))];
    open();
    expect((await Promise.all(first)).map((row) => row.id)).toEqual(['a', 'b']);
    expect((await batch.write(end('c'))).id).toBe('c');
    expect(calls).toEqual([['a', 'b'], ['c']]);
  });

  it('fails only the end that cannot be written: the others of its batch are written alone', async () => {
    calls.length = 0;
    const { store, open } = gatedStore();
    const batch = new RunEndBatch(store, writeEnds);
    const results = Promise.allSettled([
      batch.write(end('a')),
      batch.write(end('bad')),
      batch.write(end('c')),
    ]);
    open();
    const [a, bad, c] = await results;
    expect(a).toEqual({ status: 'fulfilled', value: { id: 'a' } });
    expect(bad.status).toBe('rejected');
    expect(c).toEqual({ status: 'fulfilled', value: { id: 'c' } });
    expect(calls[0]).toEqual(['a', 'bad', 'c']);
    expect(calls.slice(1).sort()).toEqual([['a'], ['bad'], ['c']]);
  });

  it('lets a batch wait to share a commit only while every end of it may', async () => {
    calls.length = 0;
    const { store, open, deferMs } = gatedStore();
    const batch = new RunEndBatch(store, writeEnds);
    open();
    await Promise.all([batch.write(end('a', true)), batch.write(end('b', true))]);
    // An end that may not wait does not join a deferred call: it makes one of its own.
    await Promise.all([batch.write(end('c', true)), batch.write(end('d', false))]);
    expect(deferMs).toEqual([5, 5, 0]);
    expect(calls).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });
});
