/**
 * Which flow version a webhook request runs, and the answers when there is none: a flow that does
 * not exist is 410 (GONE: its URL will never work again), a disabled or unpublished flow is 404
 * for the production routes. The draft and test routes take the latest version (the draft if
 * there is one) whatever the flow's status.
 *
 * 410 uses the code ENTITY_NOT_FOUND with status 410, so the error codes stay one fixed list.
 */
import { PieceworkError } from '@piecework/shared';
import type { ProjectRow } from '../../infrastructure/storage/rows/identity-rows';
import type { ServerBase } from '../../server-context';
import { selectLatestVersion, selectTarget } from './webhook-repository';

/** PUBLISHED: the production routes; LATEST: `/draft` and `/test`. */
export type WebhookVersion = 'PUBLISHED' | 'LATEST';

/** The flow a webhook request is for, the version it runs, and the flow's project. */
export interface WebhookTarget {
  flowId: string;
  /** The version to run: its id and display name (the run reads the version itself). */
  version: { id: string; displayName: string };
  project: ProjectRow;
}

/**
 * The target of a webhook request for `flowId`, or the error to answer. The production routes'
 * target is one read (the flow, its project and its published version's name joined); the draft
 * and test routes add a read of the latest version.
 */
export async function findWebhookTarget(
  ctx: Pick<ServerBase, 'store'>,
  flowId: string,
  which: WebhookVersion,
): Promise<WebhookTarget> {
  const { db } = ctx.store;
  const [found] = (await selectTarget.run(db, { flowId })).rows;
  if (found === undefined) throw flowGone(flowId);
  const { flowStatus, publishedVersionId, publishedDisplayName, ...project } = found;
  if (which === 'LATEST') {
    const [latest] = (await selectLatestVersion.run(db, { flowId })).rows;
    if (latest === undefined) throw flowGone(flowId);
    return { flowId, version: latest, project };
  }
  if (flowStatus !== 'ENABLED') throw flowNotRunnable(flowId, 'The flow is disabled');
  if (publishedVersionId === null) throw flowNotRunnable(flowId, 'The flow has no published version');
  if (publishedDisplayName === null) throw flowGone(flowId);
  return { flowId, version: { id: publishedVersionId, displayName: publishedDisplayName }, project };
}

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
