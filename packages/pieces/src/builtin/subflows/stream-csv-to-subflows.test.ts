import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processProps } from '../../props';
import { startLocalServer, type LocalHandler, type ReceivedRequest } from '../testing/local-server';
import { runAction, testServices } from '../testing/test-services';
import { subflowsPiece } from './index';

const flow = (id: string, externalId: string, status: string) => ({
  id,
  externalId,
  status,
  version: {
    displayName: `Flow ${externalId}`,
    trigger: { type: 'PIECE_TRIGGER', settings: { pieceName: '@activepieces/piece-subflows' } },
  },
});
const projectFlows = [flow('flow_child', 'child', 'ENABLED'), flow('flow_off', 'off', 'DISABLED')];

let server: Awaited<ReturnType<typeof startLocalServer>>;
let route: LocalHandler = () => ({});
beforeAll(async () => {
  server = await startLocalServer((request) => route(request));
});
afterAll(() => server.close());

const serverServices = () => {
  server.requests.length = 0;
  return testServices({
    urls: { apiUrl: `${server.url}/api/`, publicUrl: `${server.url}/api/` },
    listFlows: async ({ externalIds }) =>
      projectFlows.filter((f) => !externalIds || externalIds.includes(f.externalId)),
  });
};

/** A FILE prop value as the props pipeline gives a `streaming: true` prop; its chunks come 20 ms apart. */
const csvFile = (...chunks: string[]) => {
  const data = chunks.map((chunk) => Buffer.from(chunk, 'utf8'));
  const size = data.reduce((total, chunk) => total + chunk.length, 0);
  async function* slowly() {
    for (const [index, chunk] of data.entries()) {
      if (index > 0) await new Promise((resolve) => setTimeout(resolve, 20));
      yield chunk;
    }
  }
  return { filename: 'rows.csv', extension: 'csv', size, body: Readable.from(slowly()) };
};

type Batch = { batchIndex: number; headers: string[]; rows: Record<string, unknown>[]; extraData?: unknown };
const batchesOf = (requests: ReceivedRequest[]): Batch[] =>
  requests
    .map((request) => (JSON.parse(request.body) as { data: Batch }).data)
    .sort((a, b) => a.batchIndex - b.batchIndex);

const stream = (props: Record<string, unknown>, sleep?: (ms: number) => Promise<void>) =>
  runAction(
    subflowsPiece,
    'streamCsvToSubflows',
    { subflow: 'child', batchSize: 2, delimiter: ',', ...props },
    { services: serverServices(), ...(sleep ? { sleep } : {}) },
  );

describe('streamCsvToSubflows', () => {
  it('calls the subflow once per batch of rows, with the headers and the extra data', async () => {
    route = () => ({ status: 200, body: '{}' });
    const outcome = await stream({
      file: csvFile('name,age\nada,36\nalan,41\ngrace,85\n'),
      extraData: { source: 'import' },
    });
    expect(outcome).toEqual({
      status: 'SUCCEEDED',
      output: {
        headers: ['name', 'age'],
        firstRow: { name: 'ada', age: '36' },
        rowsProcessed: 3,
        batchesDispatched: 2,
      },
    });
    expect(server.requests).toHaveLength(2);
    for (const request of server.requests) {
      expect(request).toMatchObject({
        method: 'POST',
        url: '/api/v1/webhooks/flow_child',
        headers: {
          'content-type': 'application/json',
          'ap-parent-run-id': 'run_1',
          'ap-fail-parent-on-failure': 'false',
        },
      });
      expect(JSON.parse(request.body)).not.toHaveProperty('callbackUrl');
    }
    expect(batchesOf(server.requests)).toEqual([
      {
        batchIndex: 0,
        headers: ['name', 'age'],
        rows: [
          { name: 'ada', age: '36' },
          { name: 'alan', age: '41' },
        ],
        extraData: { source: 'import' },
      },
      {
        batchIndex: 1,
        headers: ['name', 'age'],
        rows: [{ name: 'grace', age: '85' }],
        extraData: { source: 'import' },
      },
    ]);
  });

  it('parses as Activepieces does: tabs, a BOM, empty lines, trimmed values, short rows, repeated columns', async () => {
    route = () => ({ status: 200, body: '{}' });
    const outcome = await stream({
      file: csvFile('\uFEFFid\ttag\ttag\n 1 \ta\tb\n\n2\tc\n'),
      delimiter: '\t',
      batchSize: 10,
    });
    expect(outcome).toMatchObject({
      status: 'SUCCEEDED',
      output: { headers: ['id', 'tag', 'tag'], rowsProcessed: 2, batchesDispatched: 1 },
    });
    expect(batchesOf(server.requests)[0]!.rows).toEqual([
      { id: '1', tag: ['a', 'b'] },
      { id: '2', tag: 'c' },
    ]);
  });

  it('takes its file from the props pipeline (a data URI of a streaming FILE prop)', async () => {
    route = () => ({ status: 200, body: '{}' });
    const action = subflowsPiece.actions.streamCsvToSubflows!;
    const processed = processProps({
      props: action.props,
      input: {
        file: `data:text/csv;base64,${Buffer.from('a,b\n1,2\n3,4\n5,6\n').toString('base64')}`,
        subflow: 'child',
      },
      auth: undefined,
      requireAuth: false,
    });
    if (!processed.ok) throw new Error(processed.message);
    expect(processed.propsValue).toMatchObject({ batchSize: 100, delimiter: ',' });
    const outcome = await runAction(subflowsPiece, 'streamCsvToSubflows', processed.propsValue, {
      services: serverServices(),
    });
    expect(outcome).toMatchObject({
      status: 'SUCCEEDED',
      output: { rowsProcessed: 3, batchesDispatched: 1 },
    });
  });

  it('outputs no rows for a CSV with a header only', async () => {
    const outcome = await stream({ file: csvFile('a,b\n') });
    expect(outcome).toEqual({
      status: 'SUCCEEDED',
      output: { headers: ['a', 'b'], rowsProcessed: 0, batchesDispatched: 0 },
    });
    expect(server.requests).toHaveLength(0);
  });

  it.each([0, 1.5, 10_001])('refuses %s rows per batch before calling anything', async (batchSize) => {
    const file = csvFile('a\n1\n');
    const outcome = await stream({ file, batchSize });
    expect(outcome).toEqual({
      status: 'FAILED',
      message: JSON.stringify({ message: 'Rows per batch must be an integer between 1 and 10000.' }),
    });
    expect(file.body.destroyed).toBe(true);
    expect(server.requests).toHaveLength(0);
  });

  it('refuses a disabled subflow', async () => {
    const file = csvFile('a\n1\n');
    const outcome = await stream({ file, subflow: 'off' });
    expect(outcome).toEqual({
      status: 'FAILED',
      message: expect.stringContaining('The subflow Flow off is disabled'),
    });
    expect(file.body.destroyed).toBe(true);
  });

  it('retries a batch twice on 5xx answers, with backoff', async () => {
    let calls = 0;
    route = () => ({ status: ++calls < 3 ? 503 : 200, body: '{}' });
    const sleeps: number[] = [];
    const outcome = await stream({ file: csvFile('a\n1\n') }, async (ms) => void sleeps.push(ms));
    expect(outcome).toMatchObject({ status: 'SUCCEEDED', output: { batchesDispatched: 1 } });
    expect(sleeps).toEqual([1_000, 2_000]);
  });

  it('stops at a batch that cannot be dispatched, with the counts so far', async () => {
    route = (request) => {
      const { batchIndex } = (JSON.parse(request.body) as { data: Batch }).data;
      return batchIndex === 1 ? { status: 404, body: '{"message":"gone"}' } : { status: 200, body: '{}' };
    };
    const outcome = await stream({ file: csvFile('a\n1\n2\n3\n') });
    if (outcome.status !== 'FAILED') throw new Error('expected a failure');
    expect(JSON.parse(outcome.message)).toEqual({
      message:
        'A batch failed to dispatch; fan-out aborted. Batches before this index were already dispatched and may still be running.',
      failedBatchIndex: 1,
      cause: 'Calling the subflow failed with status 404: {"message":"gone"}',
      rowsProcessed: 3,
      batchesDispatched: 1,
    });
  });

  it('fails with the parser error when the CSV cannot be read', async () => {
    route = () => ({ status: 200, body: '{}' });
    const outcome = await stream({ file: csvFile('a,b\n1,2\n3,4\n', '5,"6\n'), batchSize: 1 });
    if (outcome.status !== 'FAILED') throw new Error('expected a failure');
    expect(JSON.parse(outcome.message)).toMatchObject({
      message:
        'Failed to read the records; fan-out aborted. Batches dispatched before this point may still be running.',
      cause: expect.stringContaining('Quote Not Closed'),
      rowsProcessed: 1,
      batchesDispatched: 1,
    });
  });

  it('keeps at most five batches on their way at once', async () => {
    let current = 0;
    let most = 0;
    route = () => {
      current++;
      most = Math.max(most, current);
      setTimeout(() => current--, 60);
      return { status: 200, body: '{}', delayMs: 60 };
    };
    const rows = Array.from({ length: 12 }, (_, index) => String(index)).join('\n');
    const outcome = await stream({ file: csvFile(`n\n${rows}\n`), batchSize: 1 });
    expect(outcome).toMatchObject({
      status: 'SUCCEEDED',
      output: { rowsProcessed: 12, batchesDispatched: 12 },
    });
    expect(most).toBe(5);
  });
});
