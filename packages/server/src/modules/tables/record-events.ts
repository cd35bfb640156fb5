/**
 * The one hook point of record changes: every create, update and delete of records (REST routes,
 * imports, template tables, the tables piece) emits on the server's {@link RecordEvents} once its
 * transaction is committed. Table triggers and webhooks subscribe there.
 */
import type { PopulatedRecord } from '@piecework/shared';
import type { Logger } from 'pino';

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

/**
 * The record events of one server: a member of its context (`recordEvents`), shared by the
 * server base and the context built on it, so that writes through either reach every listener.
 */
export class RecordEvents {
  private readonly listeners = new Set<RecordEventListener>();

  constructor(private readonly logger: Pick<Logger, 'error'>) {}

  /**
   * Subscribes `listener` to every record event; answers the unsubscribe function. Use it at
   * start-up (the tables piece's triggers, table webhooks).
   */
  on(listener: RecordEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Tells every listener about `event`. Call it only after the change is committed; a listener's
   * failure is logged and does not reach the caller.
   */
  emit(event: RecordEvent): void {
    for (const listener of this.listeners) {
      try {
        const result = listener(event);
        if (result instanceof Promise) result.catch((error: unknown) => this.logFailure(event, error));
      } catch (error) {
        this.logFailure(event, error);
      }
    }
  }

  /** Whether anyone listens (a bulk write may skip building events then). */
  hasListeners(): boolean {
    return this.listeners.size > 0;
  }

  private logFailure(event: RecordEvent, error: unknown): void {
    this.logger.error(
      { err: error, tableId: event.tableId, recordId: event.record.id, type: event.type },
      'A record event listener failed',
    );
  }
}
