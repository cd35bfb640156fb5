/**
 * The rule that keeps event destinations off the hot path: recording events of a platform reads
 * its destinations once per {@link DIRECTORY_TTL_MS} (and after a change), never per event, and
 * queues deliveries only for enabled destinations that take the event's kind.
 */
import type { KyselyPlugin, PluginTransformQueryArgs, RootOperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { migrateToLatest } from '../../infrastructure/storage/migrate';
import { openSqliteDatabase } from '../../infrastructure/storage/open-sqlite';
import { insertPlatform, tempDatabaseDir } from '../../infrastructure/storage/test-database';
import {
  DIRECTORY_TTL_MS,
  destinationTakes,
  forgetPlatformDestinations,
  queueEventDeliveries,
} from './destination-directory';

/** Counts the statements run through the Kysely instance it is plugged into. */
class QueryCounter implements KyselyPlugin {
  count = 0;
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.count += 1;
    return args.node;
  }
  transformResult<R>(args: { result: R }): Promise<R> {
    return Promise.resolve(args.result);
  }
}

const dir = tempDatabaseDir();
const db = openSqliteDatabase({ file: dir.file() });
const at = '2026-01-01T00:00:00.000000Z';

async function addDestination(id: string, platformId: string, events: string[], enabled: 0 | 1 = 1) {
  await db
    .insertInto('eventDestination')
    .values({
      id,
      platformId,
      url: 'https://receiver.example/',
      events: JSON.stringify(events),
      displayName: null,
      enabled,
      sealedSecret: 'sealed',
      created: at,
      updated: at,
    })
    .execute();
}

let eventCount = 0;
function event(platformId: string, action: string) {
  eventCount += 1;
  return { id: `event${String(eventCount).padStart(16, '0')}`, platformId, action, created: at };
}

/** The deliveries queued for `platformId`, as `destination:action`, sorted. */
async function queuedFor(platformId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('eventDelivery')
    .select(['destinationId', 'action'])
    .where('platformId', '=', platformId)
    .execute();
  return rows.map((row) => `${row.destinationId}:${row.action}`).sort();
}

beforeAll(async () => {
  await migrateToLatest(db);
  for (const id of ['quiet', 'busy', 'changing']) await insertPlatform(db, id);
  await addDestination('folders', 'busy', ['folder.created']);
  await addDestination('everything', 'busy', []);
  await addDestination('switchedOff', 'busy', [], 0);
});
afterAll(async () => {
  await db.destroy();
  dir.remove();
});

describe('queueEventDeliveries', () => {
  it('reads a platform without destinations once, then records its events with no query', async () => {
    const counter = new QueryCounter();
    const counted = db.withPlugin(counter);
    for (let index = 0; index < 50; index += 1) {
      await queueEventDeliveries(counted, event('quiet', 'flow.run.started'));
    }
    expect(counter.count).toBe(1);
    expect(await queuedFor('quiet')).toEqual([]);
  });

  it('queues one attempt per enabled destination that takes the kind', async () => {
    await queueEventDeliveries(db, event('busy', 'folder.created'));
    await queueEventDeliveries(db, event('busy', 'folder.deleted'));
    expect(await queuedFor('busy')).toEqual([
      'everything:folder.created',
      'everything:folder.deleted',
      'folders:folder.created',
    ]);
    const first = await db
      .selectFrom('eventDelivery')
      .selectAll()
      .where('platformId', '=', 'busy')
      .executeTakeFirst();
    expect(first).toMatchObject({ attempt: 1, status: 'PENDING', dueAt: at, statusCode: null, error: null });
  });

  it('sees a change at once after forgetPlatformDestinations, and any change after the TTL', async () => {
    const start = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(start);
    try {
      await queueEventDeliveries(db, event('changing', 'folder.created'));
      await addDestination('added', 'changing', []);
      await queueEventDeliveries(db, event('changing', 'folder.created'));
      expect(await queuedFor('changing')).toEqual([]);
      forgetPlatformDestinations('changing');
      await queueEventDeliveries(db, event('changing', 'folder.created'));
      expect(await queuedFor('changing')).toEqual(['added:folder.created']);

      await addDestination('later', 'changing', ['folder.created']);
      clock.mockReturnValue(start + DIRECTORY_TTL_MS - 1);
      await queueEventDeliveries(db, event('changing', 'folder.created'));
      expect(await queuedFor('changing')).toHaveLength(2);
      clock.mockReturnValue(start + DIRECTORY_TTL_MS + 1);
      await queueEventDeliveries(db, event('changing', 'folder.created'));
      expect(await queuedFor('changing')).toEqual([
        'added:folder.created',
        'added:folder.created',
        'added:folder.created',
        'later:folder.created',
      ]);
    } finally {
      clock.mockRestore();
    }
  });
});

describe('destinationTakes', () => {
  it.each([
    [[], 'flow.created', true],
    [['flow.created'], 'flow.created', true],
    [['flow.created', 'flow.deleted'], 'flow.deleted', true],
    [['flow.created'], 'flow.updated', false],
  ] as const)('%j takes %s: %s', (events, action, expected) => {
    expect(destinationTakes(events, action)).toBe(expected);
  });
});
