import { afterEach, describe, expect, it } from 'vitest';
import { createPieceworkClient } from './create-client';
import { items, paginate } from './pagination';
import { page, populatedFlow } from './testing/builders';
import { startLoopbackServer, type LoopbackServer } from './testing/loopback-server';

let server: LoopbackServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

const flows = ['f1', 'f2', 'f3', 'f4', 'f5'].map((id) => populatedFlow(id.padEnd(21, '0')));

/** Serves `flows` two at a time; the cursor is the index of the page's first flow. */
async function pagedClient() {
  server = await startLoopbackServer((request) => {
    const cursor = Number(new URL(request.url, 'http://x').searchParams.get('cursor') ?? '0');
    const next = cursor + 2 < flows.length ? String(cursor + 2) : null;
    return {
      status: 200,
      body: page(flows.slice(cursor, cursor + 2), next, cursor === 0 ? null : String(cursor)),
    };
  });
  return { client: createPieceworkClient({ baseUrl: server.baseUrl }), requests: server.requests };
}

describe('pagination', () => {
  it('paginate() follows the next cursors until null, keeping the query', async () => {
    const { client, requests } = await pagedClient();
    const pages = [];
    for await (const each of paginate(client.flows.list, { projectId: 'p1', limit: 2 })) {
      pages.push(each.data.map((flow) => flow.id.slice(0, 2)));
    }
    expect(pages).toEqual([['f1', 'f2'], ['f3', 'f4'], ['f5']]);
    expect(requests.map((request) => request.url)).toEqual([
      '/api/v1/flows?projectId=p1&limit=2',
      '/api/v1/flows?projectId=p1&limit=2&cursor=2',
      '/api/v1/flows?projectId=p1&limit=2&cursor=4',
    ]);
  });

  it('items() yields every item across the pages', async () => {
    const { client } = await pagedClient();
    const all = [];
    for await (const flow of items((query) => client.flows.list({ ...query, projectId: 'p1' }))) {
      all.push(flow);
    }
    expect(all).toHaveLength(5);
  });

  it('stops fetching when the iteration stops', async () => {
    const { client, requests } = await pagedClient();
    for await (const flow of items(client.flows.list, { projectId: 'p1' })) {
      if (flow.id.startsWith('f1')) break;
    }
    expect(requests).toHaveLength(1);
  });

  it('throws when a cursor answers with itself as next', async () => {
    const list = async () => page([1], 'same');
    const run = async () => {
      for await (const _ of paginate(list)) {
        // drain
      }
    };
    await expect(run()).rejects.toThrow(
      'The server answered the cursor "same" with itself as the next cursor',
    );
  });
});
