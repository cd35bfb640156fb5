/**
 * The rows of platform features: templates, project releases, git repositories, event destinations
 * and their deliveries.
 * Column conventions: see `../database.ts`.
 */
import type { SqlBoolean, JsonText, Timestamp, Timestamps } from './column-types';

/** `template`: a CUSTOM or SHARED template kept by a platform (OFFICIAL ones ship as files). */
export interface TemplateTable extends Timestamps {
  id: string;
  platformId: string;
  /** The user who made it; null when an API key did. */
  ownerId: string | null;
  /** `CUSTOM` or `SHARED`. */
  type: string;
  /** `PUBLISHED` or `ARCHIVED`. */
  status: string;
  name: string;
  summary: string;
  description: string;
  author: string;
  /** JSON arrays: `TemplateTag[]`, category names, piece names. */
  tags: JsonText;
  categories: JsonText;
  pieces: JsonText;
  blogUrl: string | null;
  metadata: JsonText | null;
  /** JSON arrays: `TemplateFlow[]` and `TableDefinition[]`. */
  flows: JsonText;
  tables: JsonText;
}

/** `projectRelease`: a release applied to a project, with the state it applied (JSON). */
export interface ProjectReleaseTable extends Timestamps {
  id: string;
  projectId: string;
  platformId: string;
  name: string;
  description: string | null;
  type: string;
  sourceProjectId: string | null;
  /** The user who made the release (null for an API key). */
  importedBy: string | null;
  state: JsonText;
}

/**
 * `gitRepo`: a project's git sync connection (one per project). `sshPrivateKey` is sealed by the
 * secret box; `sshPublicKey` is set when the server made the key; `knownHosts` is OpenSSH
 * known_hosts text of the remote's host keys (empty before the first contact).
 */
export interface GitRepoTable extends Timestamps {
  id: string;
  projectId: string;
  platformId: string;
  remoteUrl: string;
  branch: string;
  /** `PRODUCTION` or `DEVELOPMENT`. */
  branchType: string;
  slug: string;
  sshPrivateKey: string;
  sshPublicKey: string | null;
  knownHosts: string;
}

/**
 * `eventDestination`: an HTTP endpoint of a platform that receives its audit events; `events` is
 * a JSON array of actions (empty: all), the signing secret sealed by the secret box.
 */
export interface EventDestinationTable extends Timestamps {
  id: string;
  platformId: string;
  url: string;
  events: JsonText;
  displayName: string | null;
  enabled: SqlBoolean;
  sealedSecret: string;
}

/**
 * `eventDelivery`: one attempt to deliver one audit event to one destination (the queue and the
 * log). PENDING until sent, due at `dueAt` (moved forward as a lease while a dispatcher sends);
 * then DELIVERED, RETRYING (a row of the next attempt follows, due at `nextAttemptAt`) or FAILED.
 */
export interface EventDeliveryTable extends Timestamps {
  id: string;
  platformId: string;
  destinationId: string;
  eventId: string;
  action: string;
  attempt: number;
  status: string;
  dueAt: Timestamp;
  statusCode: number | null;
  error: string | null;
  durationMs: number | null;
  nextAttemptAt: Timestamp | null;
}
