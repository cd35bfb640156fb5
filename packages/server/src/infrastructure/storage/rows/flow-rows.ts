/**
 * The rows of the flow-building tables: folders, flows, versions, connections, OAuth apps, files, alerts and audit events.
 * Column conventions: see `../database.ts`.
 */
import type { ColumnType, Generated } from 'kysely';
import type { SqlBoolean, JsonText, Timestamp, Timestamps } from './column-types';

/** `folder`: groups flows inside a project. */
export interface FolderTable extends Timestamps {
  id: string;
  projectId: string;
  displayName: string;
  displayOrder: Generated<number>;
}

/** `flow`: a flow and its publication state; its versions live in `flowVersion`. */
export interface FlowTable extends Timestamps {
  id: string;
  projectId: string;
  folderId: string | null;
  externalId: string | null;
  ownerId: string | null;
  status: string;
  operationStatus: string;
  publishedVersionId: string | null;
  metadata: JsonText | null;
  timeSavedPerRun: number | null;
  templateId: string | null;
  /** The flow's stuck-run limits in minutes (QUEUED, RUNNING, PAUSED); null keeps the platform's. */
  stuckQueuedMinutes: ColumnType<number | null, number | null | undefined, number | null>;
  stuckRunningMinutes: ColumnType<number | null, number | null | undefined, number | null>;
  stuckPausedMinutes: ColumnType<number | null, number | null | undefined, number | null>;
}

/** `flowVersion`: one version (draft or locked) of a flow. */
export interface FlowVersionTable extends Timestamps {
  id: string;
  flowId: string;
  displayName: string;
  trigger: JsonText;
  valid: SqlBoolean;
  schemaVersion: string | null;
  state: string;
  updatedBy: string | null;
  notes: JsonText;
  connectionIds: JsonText;
  /** JSON array of `FlowValidationIssue`; null for versions saved before reasons were kept. */
  validationIssues: JsonText | null;
}

/**
 * `appConnection`: an encrypted credential. A PROJECT-scope row has its `projectId` (`externalId`
 * unique per project); a PLATFORM-scope (global) row has its `platformId` instead (`externalId`
 * unique per platform), and the projects that may use it in `appConnectionProject`.
 */
export interface AppConnectionTable extends Timestamps {
  id: string;
  projectId: string | null;
  /** The platform of a global connection; null on a project connection (its project's platform). */
  platformId: ColumnType<string | null, string | null | undefined, string | null>;
  /** Global connections: every project created afterwards is added to it. */
  preSelectForNewProjects: Generated<SqlBoolean>;
  externalId: string;
  value: string;
  type: string;
  pieceName: string;
  pieceVersion: string | null;
  displayName: string;
  status: string;
  scope: string;
  /** The user who created the connection (null when an API key did). */
  ownerId: string | null;
  metadata: JsonText | null;
  /** Who is refreshing the OAuth2 tokens now (a random id), or null; see `refreshLeaseUntil`. */
  refreshLeaseId: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the refresh lease runs out (ISO); a lease past it may be taken over. */
  refreshLeaseUntil: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
}

/** `appConnectionProject`: a project that may use a global connection. */
export interface AppConnectionProjectTable {
  connectionId: string;
  projectId: string;
}

/** `oauthApp`: a platform's own OAuth2 client for one piece (unique per platform and piece); the secret sealed. */
export interface OAuthAppTable extends Timestamps {
  id: string;
  platformId: string;
  pieceName: string;
  clientId: string;
  clientSecret: string;
}

/** `file`: a stored document (sample data; run logs later), kept apart from the rows that point to it. */
export interface FileTable extends Timestamps {
  id: string;
  projectId: string;
  /** What the file holds, e.g. `SAMPLE_DATA`, `SAMPLE_DATA_INPUT`. */
  type: string;
  /** The document as JSON text. */
  data: JsonText;
  /** Size of `data` in bytes (UTF-8). */
  size: number;
  /**
   * The flow whose runs stored it (run outputs, webhook and resume bodies): deleted with the
   * flow. Null (or left out) for files of no flow, such as sample data.
   */
  flowId?: string | null;
  /**
   * The run that stored it (its outputs, its pieces' files, its resume bodies): deleted with the
   * run by the retention sweep. Null (or left out) for files of no run.
   */
  runId?: string | null;
}

/** `auditEvent`: an append-only record of who did what. */
export interface AuditEventTable {
  id: string;
  platformId: string;
  projectId: string | null;
  projectDisplayName: string | null;
  action: string;
  data: JsonText;
  userId: string | null;
  userEmail: string | null;
  ip: string | null;
  created: Timestamp;
}

/** `alert`: who is emailed when a production run of the project fails. */
export interface AlertTable extends Timestamps {
  id: string;
  projectId: string;
  channel: string;
  receiver: string;
}
