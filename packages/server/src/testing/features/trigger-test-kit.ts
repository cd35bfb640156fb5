/**
 * Builders and reads for the trigger tests: the fixture polling piece `@fixtures/piece-poll`
 * (its triggers use `@activepieces/pieces-common`'s pollingHelper, unmodified), a local item
 * source it polls over loopback, and the trigger rows of a flow.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TriggerRequest } from '@piecework/shared';
import type { TestServer } from '../test-server';
import { runsOf } from './schedule-test-kit';
import type { TriggerSourceRow } from '../../modules/triggers/trigger-source-repository';

/** The fixture polling piece's npm name and the version tests install. */
export const POLL_PIECE = { name: '@fixtures/piece-poll', version: '1.0.0' } as const;

/** A PIECE_TRIGGER of the fixture polling piece reading `url`. */
export function pollTrigger(url: string, triggerName = 'new_item'): TriggerRequest {
  return {
    name: 'trigger',
    displayName: 'New item',
    type: 'PIECE_TRIGGER',
    valid: true,
    settings: {
      pieceName: POLL_PIECE.name,
      pieceVersion: POLL_PIECE.version,
      triggerName,
      propertySettings: {},
      input: { url },
    },
  };
}

/** One item of the local source. */
export interface SourceItem {
  id: string;
  createdAt: string;
  title: string;
}

/**
 * A local source of items on 127.0.0.1: `GET /` answers them newest first. `add` appends one;
 * `failNext(n)` makes the next `n` reads answer 500.
 */
export async function startItemSource() {
  const items: SourceItem[] = [];
  let failures = 0;
  let reads = 0;
  const server = createServer((_request, response) => {
    reads += 1;
    if (failures > 0) {
      failures -= 1;
      response.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"down"}');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify([...items].reverse()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${String(port)}/`,
    /** Appends an item (created now, or at `createdAt`) and answers it. */
    add(
      title: string,
      createdAt = new Date().toISOString(),
      extra: Record<string, unknown> = {},
    ): SourceItem {
      const item = { id: `item-${String(items.length + 1)}`, createdAt, title, ...extra };
      items.push(item);
      return item;
    },
    failNext(count: number) {
      failures = count;
    },
    /** How many reads the source answered. */
    reads: () => reads,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The trigger source row of `flowId`, if any. */
export function triggerSourceOf(server: TestServer, flowId: string): Promise<TriggerSourceRow | undefined> {
  return server.server.context.store.db
    .selectFrom('triggerSource')
    .selectAll()
    .where('flowId', '=', flowId)
    .executeTakeFirst();
}

/** Makes the trigger of `flowId` due for a poll now. */
export async function makePollDue(server: TestServer, flowId: string): Promise<void> {
  await server.server.context.store.write((trx) =>
    trx
      .updateTable('triggerSource')
      .set({ nextPollAt: '2020-01-01T00:00:00.000Z' })
      .where('flowId', '=', flowId)
      .execute(),
  );
}

/** The trigger payloads of the runs of `flowId`, oldest first. */
export async function runPayloadsOf(server: TestServer, flowId: string): Promise<unknown[]> {
  return (await runsOf(server, flowId)).map((run) => run.triggerPayload);
}

/** The store entries of `projectId` (key to parsed value). */
export async function storeEntriesOf(
  server: TestServer,
  projectId: string,
): Promise<Record<string, unknown>> {
  const rows = await server.server.context.store.db
    .selectFrom('storeEntry')
    .select(['key', 'value'])
    .where('projectId', '=', projectId)
    .execute();
  return Object.fromEntries(rows.map((row) => [row.key, JSON.parse(row.value) as unknown]));
}
