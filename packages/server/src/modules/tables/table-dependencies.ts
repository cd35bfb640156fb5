/** What the tables module uses of the server context. */
import type { ServerContext } from '../../server-context';

/**
 * The store and clock of every table write, the settings the table limits come from, and the
 * logger of record event listeners. Record events are delivered to the listeners registered on
 * this same object (see `record-events.ts`).
 */
export type TableDependencies = Pick<ServerContext, 'store' | 'now' | 'settings' | 'logger'>;
