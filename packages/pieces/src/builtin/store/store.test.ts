import { describe, expect, it } from 'vitest';
import type { PieceServices } from '../../context/piece-services';
import { runAction, testRequest, testServices } from '../testing/test-services';
import { storePiece } from './index';

/** Runs a store action in flow `flowId`, run `runId`, against shared services. */
function inRun(services: PieceServices, flowId: string, runId: string, test = false) {
  const run = { ...testRequest().run, id: runId, flowId };
  return async (action: string, propsValue: Record<string, unknown>) => {
    const outcome = await runAction(storePiece, action, propsValue, { services, request: { run, test } });
    if (outcome.status !== 'SUCCEEDED')
      throw new Error(`${action} ended ${outcome.status}: ${JSON.stringify(outcome)}`);
    return outcome.output;
  };
}

describe('store scopes', () => {
  it.each([
    ['COLLECTION is shared by the whole project', 'COLLECTION', { otherFlow: 'v', otherRun: 'v' }],
    ['FLOW is shared by the runs of one flow', 'FLOW', { otherFlow: null, otherRun: 'v' }],
    ['RUN belongs to one run', 'RUN', { otherFlow: null, otherRun: null }],
  ])('%s', async (_, store_scope, expected) => {
    const services = testServices();
    await inRun(services, 'flow_a', 'run_1')('put', { key: 'k', value: 'v', store_scope });
    expect(await inRun(services, 'flow_a', 'run_1')('get', { key: 'k', store_scope })).toBe('v');
    expect(await inRun(services, 'flow_b', 'run_2')('get', { key: 'k', store_scope })).toBe(
      expected.otherFlow,
    );
    expect(await inRun(services, 'flow_a', 'run_3')('get', { key: 'k', store_scope })).toBe(
      expected.otherRun,
    );
  });

  it('lays keys out as Activepieces does', async () => {
    const services = testServices();
    const seen: string[] = [];
    const store = {
      ...services.store,
      put: async (key: string, value: unknown, scope: 'FLOW' | 'PROJECT') => {
        seen.push(`${scope}:${key}`);
        await services.store.put(key, value, scope);
      },
    };
    const put = inRun({ ...services, store }, 'flow_a', 'run_1');
    await put('put', { key: 'p', value: 1, store_scope: 'COLLECTION' });
    await put('put', { key: 'f', value: 1, store_scope: 'FLOW' });
    await put('put', { key: 'r', value: 1, store_scope: 'RUN' });
    expect(seen).toEqual(['PROJECT:p', 'FLOW:flow_flow_a/f', 'FLOW:flow_flow_a/run_run_1/r']);
  });

  it('uses COLLECTION when no scope is given', async () => {
    const services = testServices();
    await inRun(services, 'flow_a', 'run_1')('put', { key: 'k', value: 'v' });
    expect(await inRun(services, 'flow_b', 'run_2')('get', { key: 'k', store_scope: 'COLLECTION' })).toBe(
      'v',
    );
  });
});

describe('store actions', () => {
  const fresh = () => inRun(testServices(), 'flow_a', 'run_1');

  it('get falls back to the default value, then null', async () => {
    const call = fresh();
    expect(await call('get', { key: 'missing', defaultValue: 'd' })).toBe('d');
    expect(await call('get', { key: 'missing' })).toBeNull();
  });

  it('append joins with the separator, \\n meaning a newline', async () => {
    const call = fresh();
    expect(await call('append', { key: 'log', value: 'a', separator: '\\n' })).toBe('a');
    expect(await call('append', { key: 'log', value: 'b', separator: '\\n' })).toBe('a\nb');
    expect(await call('append', { key: 'log', value: '' })).toBe('a\nb');
  });

  it('remove_value deletes the key', async () => {
    const call = fresh();
    await call('put', { key: 'k', value: 'v' });
    expect(await call('remove_value', { key: 'k' })).toEqual({ success: true });
    expect(await call('get', { key: 'k' })).toBeNull();
  });

  it('add_to_list appends, skipping existing items when asked', async () => {
    const call = fresh();
    expect(await call('add_to_list', { key: 'l', value: [1, { a: 1 }] })).toEqual([1, { a: 1 }]);
    expect(await call('add_to_list', { key: 'l', value: '[{"a":1},2]', ignore_if_exists: true })).toEqual([
      1,
      { a: 1 },
      2,
    ]);
    expect(await call('add_to_list', { key: 'l', value: [2] })).toEqual([1, { a: 1 }, 2, 2]);
  });

  it('remove_from_list removes the first equal item', async () => {
    const call = fresh();
    await call('add_to_list', { key: 'l', value: ['x', 'y', 'x'] });
    expect(await call('remove_from_list', { key: 'l', value: 'x' })).toEqual(['y', 'x']);
    expect(await call('remove_from_list', { key: 'l', value: 'z' })).toEqual(['y', 'x']);
  });

  it('keeps test-mode RUN values apart, under the Activepieces test run id', async () => {
    const services = testServices();
    await inRun(services, 'flow_a', 'run_1', true)('put', { key: 'k', value: 't', store_scope: 'RUN' });
    expect(await inRun(services, 'flow_a', 'run_9', true)('get', { key: 'k', store_scope: 'RUN' })).toBe('t');
    expect(await inRun(services, 'flow_a', 'run_1')('get', { key: 'k', store_scope: 'RUN' })).toBeNull();
  });

  it.each([
    [
      'append to a list',
      [
        ['put', { key: 'k', value: [1] }],
        ['append', { key: 'k', value: 'x' }],
      ],
      'Key k is not a string',
    ],
    [
      'add_to_list to text',
      [
        ['put', { key: 'k', value: 'x' }],
        ['add_to_list', { key: 'k', value: [1] }],
      ],
      'Key k is not a list',
    ],
    [
      'remove_from_list on text',
      [
        ['put', { key: 'k', value: 'x' }],
        ['remove_from_list', { key: 'k', value: 'x' }],
      ],
      'Key k is not an array',
    ],
    [
      'a key over 128 characters',
      [['get', { key: 'k'.repeat(129) }]],
      'Input "key" must be 1 to 128 characters',
    ],
    [
      'an unknown scope',
      [['get', { key: 'k', store_scope: 'GLOBAL' }]],
      'Input "store_scope" must be one of COLLECTION, FLOW, RUN',
    ],
  ] as const)('fails on %s', async (_, calls, message) => {
    const services = testServices();
    let last;
    for (const [action, propsValue] of calls) {
      last = await runAction(storePiece, action, propsValue, { services });
    }
    expect(last).toEqual({ status: 'FAILED', message: expect.stringContaining(message) });
  });
});
