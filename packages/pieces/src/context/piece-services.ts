import type { FileStore, KeyValueStore } from '@piecework/engine';
import type { TablesHost } from './tables-host';

/**
 * What the pieces layer needs from its host to build a piece's context: the engine's store and
 * files, connection lookup, the server's URLs (resume URLs, webhook URLs, sub-flow calls) and
 * the flows of the project (`ctx.flows.list`). The server fills these with real storage; the
 * in-process library mode uses in-memory ones.
 */
export interface PieceServices {
  store: KeyValueStore;
  /**
   * The run's files. `ctx.files.write` saves a piece's file under the name `step-file:<name>`
   * (see `context/step-files.ts`) and answers what `save` answers when it is a URL (the server's
   * signed step-file URL), else `<apiUrl>v1/step-files/<id>`. A FILE prop given such a URL of
   * this server is read back with `load` (of the whole signed URL, or of the id), not over HTTP.
   */
  files: FileStore;
  connections: { get(externalId: string): Promise<unknown | null> };
  /** `{apiUrl, publicUrl}` with a trailing `/`, e.g. `http://localhost:3000/api/`. */
  urls: { apiUrl: string; publicUrl: string };
  /** A token pieces may send back to this server (`ctx.server.token`). */
  token?: string;
  /** The project's flows in Activepieces' PopulatedFlow shape (for sub-flow pieces). */
  listFlows?(params: { externalIds?: string[] }): Promise<unknown[]>;
  /** AP_SSRF_ALLOW_LIST: IPs and CIDRs outbound requests may reach despite the SSRF filter. */
  ssrfAllowList: readonly string[];
  /** AP_MAX_FILE_SIZE_MB: the largest file a FILE prop given as a URL may download. Default 25. */
  maxFileSizeMb?: number;
  /** Milliseconds since the epoch. */
  now(): number;
  /** The project's tables, for the built-in tables piece (absent: that piece's steps fail saying so). */
  tables?: TablesHost;
}
