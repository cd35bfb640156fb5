/**
 * Flows of a project: create, list, count, read, apply operations, delete, list versions. Every
 * method takes the project the caller was authorized on by the one access check (the routes'
 * declarations); a flow that is not that project's is 404. Every change runs in one write
 * transaction with its audit events.
 */
import {
  createEmptyFlowVersion,
  generateId,
  PieceworkError,
  type CountFlowsQuery,
  type CreateFlowRequest,
  type Flow,
  type FlowTemplate,
  type FlowOperation,
  type FlowVersion,
  type ListFlowsQuery,
  type Page,
  type PageQuery,
  type PopulatedFlow,
  type Trigger,
} from '@piecework/shared';
import type { Kysely } from 'kysely';
import { auditActorOf } from '../audit-events/record-audit-event';
import type { Principal } from '../../infrastructure/auth/principal';
import type { ProjectRow } from '../../infrastructure/storage/rows/identity-rows';
import { notFound } from '../../infrastructure/errors';
import type { ServerBase, ServerContext } from '../../server-context';
import type { Database } from '../../infrastructure/storage/database';
import { fromJson } from '../../infrastructure/storage/json-column';
import { mapPage } from '../../infrastructure/storage/seek-page';
import { recordFlowCreated, recordFlowDeleted } from './flow-audit';
import * as repository from '../flow-definitions/flow-repository';
import { flowFromRow, flowVersionFromRow, populatedFlow, type FlowRow } from '../flow-definitions/flow-rows';
import { deleteSampleDataFiles, sampleDataFileIds } from '../flow-definitions/sample-data-files';
import { loadForChange } from './apply-flow-change';
import { flowTemplateOf } from './flow-template';
import { changeFlowWithTriggers } from './change-flow-with-triggers';
import { disableTriggers } from '../triggers/trigger-lifecycle-hooks';
import { hookedTriggerOf } from '../triggers/sync-trigger-source';
import { findTriggerSource } from '../triggers/trigger-source-repository';
import type { VersionPrecondition } from './version-precondition';

/** The caller's facts a change needs for its audit events. */
export interface CallerMeta {
  readonly ip: string;
}

/** The flow operations behind `/v1/flows`. */
export class FlowService {
  constructor(private readonly ctx: ServerBase) {}

  /**
   * Creates a DISABLED flow with an empty DRAFT version named `displayName`. The externalId
   * defaults to the flow's id and must be unused in the project (409 CONFLICT); a folder must be
   * one of the project (404).
   */
  async create(
    principal: Principal,
    meta: CallerMeta,
    project: ProjectRow,
    request: CreateFlowRequest,
  ): Promise<PopulatedFlow> {
    return this.ctx.store.write((trx) => createFlowIn(trx, this.ctx, principal, meta, project, request));
  }

  /** A page of the project's flows, newest first, each with its latest version (two queries). */
  async list(project: ProjectRow, query: ListFlowsQuery): Promise<Page<PopulatedFlow>> {
    const { db } = this.ctx.store;
    const page = await repository.listFlows(db, { ...query, projectId: project.id }, query);
    const versions = await repository.findVersionsByIds(
      db,
      page.data.map((row) => row.latestVersionId),
    );
    return mapPage(page, (row) => {
      const { latestVersionId, ...flowRow } = row;
      return populatedFlow(flowFromRow(flowRow), flowVersionFromRow(versions.get(latestVersionId)!));
    });
  }

  /** How many flows the project has (optionally in one folder). */
  async count(project: ProjectRow, query: CountFlowsQuery): Promise<number> {
    return repository.countFlows(this.ctx.store.db, project.id, query.folderId);
  }

  /** The flow with its latest version, or with `versionId` (which must be one of its versions: 404). */
  async get(project: ProjectRow, flowId: string, versionId: string | undefined): Promise<PopulatedFlow> {
    const flowRow = await this.findFlow(project, flowId);
    const { db } = this.ctx.store;
    const versionRow =
      versionId === undefined
        ? await repository.findLatestVersion(db, flowId)
        : await repository.findVersionOfFlow(db, flowId, versionId);
    if (versionRow === undefined) throw notFound('flowVersion', versionId ?? flowId);
    return populatedFlow(flowFromRow(flowRow), flowVersionFromRow(versionRow));
  }

  /**
   * The flow exported as Activepieces' shared template: its latest version (or `versionId`)
   * without sample data or connection references, authored by the calling user (empty for a key).
   */
  async getTemplate(
    principal: Principal,
    project: ProjectRow,
    flowId: string,
    versionId: string | undefined,
  ): Promise<FlowTemplate> {
    const flow = await this.get(project, flowId, versionId);
    const author =
      principal.type === 'USER' ? await repository.userDisplayName(this.ctx.store.db, principal.id) : '';
    return flowTemplateOf(flow, author);
  }

  /**
   * Applies one operation in one write transaction: the operation, the saves, and the audit
   * events (flow.updated, plus flow.published / activated / deactivated) commit together, or,
   * when anything refuses, nothing changes. With `options.precondition` (the request's
   * `If-Match`), a latest version whose `updated` it does not name is 409 CONFLICT. The trigger's
   * `onEnable` / `onDisable` run around it (`changeFlowWithTriggers`).
   */
  async update(
    principal: Principal,
    meta: CallerMeta,
    project: ProjectRow,
    flowId: string,
    operation: FlowOperation,
    options: { precondition?: VersionPrecondition | undefined } = {},
  ): Promise<PopulatedFlow> {
    return changeFlowWithTriggers(this.ctx, flowId, operation, {
      userId: userIdOf(principal),
      platformId: principal.platformId,
      actor: auditActorOf(principal, meta.ip),
      project,
      precondition: options.precondition,
    });
  }

  /**
   * Deletes the flow, its versions, its trigger source and their sample-data files; records
   * flow.deleted; then calls its enabled trigger's `onDisable`.
   */
  async delete(principal: Principal, meta: CallerMeta, project: ProjectRow, flowId: string): Promise<void> {
    const stopped = await this.ctx.store.write(async (trx) => {
      const { flow, version } = await loadForChange(trx, flowId);
      const source = await findTriggerSource(trx, flowId);
      const enabledTrigger = source === undefined ? null : await hookedTriggerOf(trx, source);
      const triggers = await repository.versionTriggersOfFlow(trx, flowId);
      const fileIds = new Set(
        triggers.flatMap((row) => [...sampleDataFileIds(fromJson<Trigger>(row.trigger)!)]),
      );
      await repository.deleteFlow(trx, flowId);
      await deleteSampleDataFiles(trx, flow.projectId, [...fileIds]);
      await recordFlowDeleted(
        { trx, clock: this.ctx.now, actor: auditActorOf(principal, meta.ip), project },
        flow,
        version,
      );
      return enabledTrigger === null ? [] : [enabledTrigger];
    });
    await disableTriggers(this.ctx, stopped);
  }

  /** A page of the flow's versions, newest first. */
  async listVersions(project: ProjectRow, flowId: string, page: PageQuery): Promise<Page<FlowVersion>> {
    await this.findFlow(project, flowId);
    const rows = await repository.listVersions(this.ctx.store.db, flowId, page);
    return mapPage(rows, flowVersionFromRow);
  }

  /** The flow `flowId` of the (authorized) project; 404 when it is not one of the project's. */
  private async findFlow(project: ProjectRow, flowId: string): Promise<FlowRow> {
    const flowRow = await repository.findFlowInProject(this.ctx.store.db, flowId, project.id);
    if (flowRow === undefined) throw notFound('flow', flowId);
    return flowRow;
  }
}

/**
 * {@link FlowService.create} inside write transaction `trx` that the caller owns (and commits
 * with its own writes): creating several flows at once, all or nothing (using a template, whose
 * id the flows then keep in `templateId`).
 */
export async function createFlowIn(
  trx: Kysely<Database>,
  ctx: Pick<ServerContext, 'now'>,
  principal: Principal,
  meta: CallerMeta,
  project: ProjectRow,
  request: CreateFlowRequest,
  templateId: string | null = null,
): Promise<PopulatedFlow> {
  const now = ctx.now();
  const id = generateId();
  const folderId = request.folderId ?? null;
  if (folderId !== null && !(await repository.folderInProject(trx, folderId, project.id))) {
    throw notFound('folder', folderId);
  }
  const externalId = request.externalId ?? id;
  if (await repository.externalIdTaken(trx, project.id, externalId)) {
    throw new PieceworkError('CONFLICT', {
      message: `Project ${project.id} already has a flow with externalId ${externalId}`,
      externalId,
    });
  }
  const flow: Flow = {
    id,
    created: now,
    updated: now,
    projectId: project.id,
    externalId,
    ownerId: userIdOf(principal),
    folderId,
    status: 'DISABLED',
    publishedVersionId: null,
    metadata: request.metadata ?? null,
    operationStatus: 'NONE',
    timeSavedPerRun: null,
    templateId,
  };
  const version = createEmptyFlowVersion({
    id: generateId(),
    flowId: id,
    displayName: request.displayName,
    now,
    userId: userIdOf(principal),
  });
  await repository.insertFlow(trx, flow);
  await repository.insertVersion(trx, version);
  await recordFlowCreated({ trx, clock: ctx.now, actor: auditActorOf(principal, meta.ip), project }, flow);
  return populatedFlow(flow, version);
}

/** The acting user's id; null for an API key. */
function userIdOf(principal: Principal): string | null {
  return principal.type === 'USER' ? principal.id : null;
}
