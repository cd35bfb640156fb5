/**
 * Reads a project's current state for a release: every flow with its published and latest
 * versions, and its connections without their values. Run it inside the release's write
 * transaction for the target (so the plan applied is the plan computed), or on the database for a
 * source or an export.
 */
import type { ConnectionState, FlowStatus, FlowVersion, ProjectState } from '@piecework/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../infrastructure/storage/database';
import * as flows from '../flow-definitions/flow-repository';
import { flowVersionFromRow } from '../flow-definitions/flow-rows';
import { flowStateOf } from './flow-state';
import { selectProjectConnections, selectProjectFlows } from './release-repository';
import type { CapturedTable } from './release-tables';

/** One flow of a project as a release sees it. */
export interface CapturedFlow {
  readonly flowId: string;
  readonly externalId: string;
  readonly status: FlowStatus;
  /** The published version, or null when the flow was never published. */
  readonly published: FlowVersion | null;
  readonly latest: FlowVersion;
}

/** A project's flows (by externalId) and connections, as read by {@link captureProject}. */
export interface CapturedProject {
  readonly flows: ReadonlyMap<string, CapturedFlow>;
  readonly connections: readonly ConnectionState[];
}

/** Reads project `projectId`'s flows (each with its published and latest version) and connections. */
export async function captureProject(db: Kysely<Database>, projectId: string): Promise<CapturedProject> {
  const rows = await selectProjectFlows(db, projectId);
  const captured = new Map<string, CapturedFlow>();
  for (const row of rows) {
    const latest = await flows.findLatestVersion(db, row.id);
    if (latest === undefined) continue;
    const published =
      row.publishedVersionId === null
        ? undefined
        : await flows.findVersionOfFlow(db, row.id, row.publishedVersionId);
    // A flow created without an externalId goes by its id, as the flow API answers it.
    const externalId = row.externalId ?? row.id;
    captured.set(externalId, {
      flowId: row.id,
      externalId,
      status: row.status as FlowStatus,
      published: published === undefined ? null : flowVersionFromRow(published),
      latest: flowVersionFromRow(latest),
    });
  }
  const connections = await selectProjectConnections(db, projectId);
  return { flows: captured, connections };
}

/**
 * The {@link ProjectState} of a captured project and its tables: each flow's published version
 * (its latest when never published); table definitions without records; connections without
 * values.
 */
export function projectStateOf(
  project: CapturedProject,
  tables: ReadonlyMap<string, CapturedTable>,
): ProjectState {
  return {
    tables: [...tables.values()].map((table) => table.definition),
    flows: [...project.flows.values()].map((flow) =>
      flowStateOf(flow.externalId, flow.status, flow.published !== null, flow.published ?? flow.latest),
    ),
    connections: project.connections.map(({ externalId, displayName, pieceName, type }) => ({
      externalId,
      displayName,
      pieceName,
      type,
    })),
  };
}
