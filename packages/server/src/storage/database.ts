/**
 * The row types of every table, as Kysely sees them.
 *
 * Portable storage types, so the same schema runs on SQLite and PostgreSQL:
 * - ids are `text` (21-character nanoid-style strings minted by the server, never auto-increment);
 * - timestamps are `text` ISO-8601 UTC strings (`2026-01-02T03:04:05.678Z`), which sort in time
 *   order as text and give the `(created, id)` cursor a total order;
 * - booleans are `integer` 0/1 ({@link SqlBoolean}); SQLite has no boolean type;
 * - JSON documents are `text` holding `JSON.stringify` output ({@link JsonText}), parsed by the
 *   data layer, never queried into by SQL.
 * Column names are the API's camelCase field names, so rows map to API objects without renaming.
 */
import type { Generated } from 'kysely';

/** A boolean stored as `0` or `1`. */
export type SqlBoolean = 0 | 1;

/** A JSON document stored as text (the output of `JSON.stringify`). */
export type JsonText = string;

/** An ISO-8601 UTC timestamp stored as text. */
export type Timestamp = string;

/** Columns every mutable entity carries. */
interface Timestamps {
  created: Timestamp;
  updated: Timestamp;
}

/** `platform`: the tenant; owns users, projects and API keys. */
export interface PlatformTable extends Timestamps {
  id: string;
  name: string;
  /** Remaining run credits; `null` means unlimited. */
  credits: number | null;
}

/** `user`: a person on one platform; the email is unique per platform. */
export interface UserTable extends Timestamps {
  id: string;
  platformId: string;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  platformRole: string;
  status: string;
}

/** `project`: the scope of flows, folders and connections. */
export interface ProjectTable extends Timestamps {
  id: string;
  platformId: string;
  ownerId: string;
  displayName: string;
  type: string;
  iconColor: string | null;
  releasesEnabled: Generated<SqlBoolean>;
  maxConcurrentJobs: number | null;
  externalId: string | null;
  metadata: JsonText | null;
  /** The project's plan (`ProjectPlan` without its own timestamps' meaning beyond display). */
  plan: JsonText;
}

/** `projectMember`: a user's role in a project. */
export interface ProjectMemberTable extends Timestamps {
  id: string;
  platformId: string;
  projectId: string;
  userId: string;
  projectRole: string;
}

/** `apiKey`: a platform API key; only its hash and a truncated form are stored. */
export interface ApiKeyTable extends Timestamps {
  id: string;
  platformId: string;
  displayName: string;
  hashedValue: string;
  truncatedValue: string;
  lastUsedAt: Timestamp | null;
}

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
}

/** `appConnection`: an encrypted credential; `externalId` is unique per project. */
export interface AppConnectionTable extends Timestamps {
  id: string;
  projectId: string;
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

/** Every table, keyed by its SQL name. */
export interface Database {
  platform: PlatformTable;
  user: UserTable;
  project: ProjectTable;
  projectMember: ProjectMemberTable;
  apiKey: ApiKeyTable;
  folder: FolderTable;
  flow: FlowTable;
  flowVersion: FlowVersionTable;
  appConnection: AppConnectionTable;
  file: FileTable;
  auditEvent: AuditEventTable;
}
