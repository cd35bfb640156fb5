/**
 * Which flow version a webhook request runs, and the answers when there is none: a flow that does
 * not exist is 410 (GONE: its URL will never work again), a disabled or unpublished flow is 404
 * for the production routes. The draft and test routes take the latest version (the draft if
 * there is one) whatever the flow's status.
 *
 * 410 uses the code ENTITY_NOT_FOUND with status 410, so the error codes stay one fixed list.
 */
import { PieceworkError } from '@piecework/shared';
import type { ProjectRow } from '../../auth/project-access';
import type { ServerBase } from '../../server-context';
import { compiledStatement } from '../../storage/compiled-statement';
import { findFlow, findLatestVersion, findVersionOfFlow } from '../flows/flow-repository';
import type { FlowRow, FlowVersionRow } from '../flows/flow-rows';

/** PUBLISHED: the production routes; LATEST: `/draft` and `/test`. */
export type WebhookVersion = 'PUBLISHED' | 'LATEST';

/** The flow a webhook request is for, the version it runs, and the flow's project. */
export interface WebhookTarget {
  flow: FlowRow;
  version: FlowVersionRow;
  project: ProjectRow;
}

/** The target of a webhook request for `flowId`, or the error to answer. */
export async function findWebhookTarget(
  ctx: Pick<ServerBase, 'store'>,
  flowId: string,
  which: WebhookVersion,
): Promise<WebhookTarget> {
  const { db } = ctx.store;
  const flow = await findFlow(db, flowId);
  if (flow === undefined) throw flowGone(flowId);
  let version: FlowVersionRow | undefined;
  if (which === 'LATEST') {
    version = await findLatestVersion(db, flowId);
  } else {
    if (flow.status !== 'ENABLED') throw flowNotRunnable(flowId, 'The flow is disabled');
    if (flow.publishedVersionId === null) throw flowNotRunnable(flowId, 'The flow has no published version');
    version = await findVersionOfFlow(db, flowId, flow.publishedVersionId);
  }
  const [project] = (await selectProject.run(db, { id: flow.projectId })).rows;
  if (version === undefined || project === undefined) throw flowGone(flowId);
  return { flow, version, project };
}

const selectProject = compiledStatement<{ id: string }, ProjectRow>((db, param) =>
  db.selectFrom('project').selectAll().where('id', '=', param('id')),
);

/** 410: no flow has this id (any more). */
function flowGone(flowId: string): PieceworkError {
  return new PieceworkError(
    'ENTITY_NOT_FOUND',
    { message: `Flow ${flowId} does not exist`, entityType: 'flow', entityId: flowId },
    410,
  );
}

/** 404: the flow exists but its production webhook does not run it. */
function flowNotRunnable(flowId: string, message: string): PieceworkError {
  return new PieceworkError('ENTITY_NOT_FOUND', { message, entityType: 'flow', entityId: flowId });
}
