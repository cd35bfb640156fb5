/** What the tables module uses of the server context. */
import type { ServerContext } from '../../server-context';

/**
 * The store and clock of every table write, the settings the table limits come from, and the
 * server's record events, which every committed record change is emitted on (`record-events.ts`).
 */
export type TableDependencies = Pick<ServerContext, 'store' | 'now' | 'settings' | 'recordEvents'>;
