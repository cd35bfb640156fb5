/**
 * The one hook point of record changes: every create, update and delete of records (REST routes,
 * imports, template tables) emits here once its transaction is committed. Table triggers and
 * webhooks subscribe with {@link onRecordEvent}; listeners are kept per server context.
 */
import type { PopulatedRecord } from '@piecework/shared';
import type { ServerBase } from '../../server-context';

/** What happened to a record. */
export type RecordEventType = 'RECORD_CREATED' | 'RECORD_UPDATED' | 'RECORD_DELETED';

/** A committed change of one record; `record` is its state after (before, for a delete). */
export interface RecordEvent {
  readonly type: RecordEventType;
  readonly tableId: string;
  readonly projectId: string;
  readonly record: PopulatedRecord;
}

/** A subscriber to record events; it may be async (errors are logged, never thrown to the writer). */
export type RecordEventListener = (event: RecordEvent) => void | Promise<void>;

const listeners = new WeakMap<object, Set<RecordEventListener>>();

/**
 * Subscribes `listener` to every record event of the server `ctx`; answers the unsubscribe
 * function. Use it at start-up (the tables piece's triggers, table webhooks).
 */
export function onRecordEvent(ctx: ServerBase, listener: RecordEventListener): () => void {
  let set = listeners.get(ctx);
  if (set === undefined) {
    set = new Set();
    listeners.set(ctx, set);
  }
  set.add(listener);
  return () => set.delete(listener);
}

/**
 * Tells every listener of `ctx` about `event`. Call it only after the change is committed; a
 * listener's failure is logged and does not reach the caller.
 */
export function emitRecordEvent(ctx: Pick<ServerBase, 'logger'>, event: RecordEvent): void {
  const set = listeners.get(ctx);
  if (set === undefined) return;
  for (const listener of set) {
    try {
      const result = listener(event);
      if (result instanceof Promise) {
        result.catch((error: unknown) => logListenerError(ctx, event, error));
      }
    } catch (error) {
      logListenerError(ctx, event, error);
    }
  }
}

function logListenerError(ctx: Pick<ServerBase, 'logger'>, event: RecordEvent, error: unknown): void {
  ctx.logger.error(
    { err: error, tableId: event.tableId, recordId: event.record.id, type: event.type },
    'A record event listener failed',
  );
}

/** Whether anyone listens to `ctx`'s record events (a bulk write may skip building events then). */
export function hasRecordListeners(ctx: Pick<ServerBase, 'logger'>): boolean {
  return (listeners.get(ctx)?.size ?? 0) > 0;
}
