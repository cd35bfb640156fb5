/**
 * The operations that change the flow itself, not its versions: CHANGE_FOLDER, UPDATE_METADATA,
 * UPDATE_MINUTES_SAVED and UPDATE_OWNER.
 */
import type { FlowOperationRequest } from '@piecework/shared';
import { notFound } from '../../infrastructure/errors';
import { withFlow, type FlowEdit, type FlowEditEnv } from './flow-edit';
import { folderInProject, userInPlatform } from '../flow-definitions/flow-repository';

/** CHANGE_FOLDER: moves the flow into a folder of its own project (404 otherwise), or out of any (null). */
export async function changeFolder(
  edit: FlowEdit,
  request: FlowOperationRequest<'CHANGE_FOLDER'>,
  env: FlowEditEnv,
): Promise<FlowEdit> {
  if (request.folderId !== null && !(await folderInProject(env.trx, request.folderId, edit.flow.projectId))) {
    throw notFound('folder', request.folderId);
  }
  return withFlow(edit, { folderId: request.folderId });
}

/** UPDATE_METADATA: replaces the flow's metadata (absent or null clears it). */
export function updateMetadata(edit: FlowEdit, request: FlowOperationRequest<'UPDATE_METADATA'>): FlowEdit {
  return withFlow(edit, { metadata: request.metadata ?? null });
}

/** UPDATE_MINUTES_SAVED: the minutes one run saves (`timeSavedPerRun`; null clears it). */
export function updateMinutesSaved(
  edit: FlowEdit,
  request: FlowOperationRequest<'UPDATE_MINUTES_SAVED'>,
): FlowEdit {
  return withFlow(edit, { timeSavedPerRun: request.timeSavedPerRun });
}

/** UPDATE_OWNER: the new owner must be a user of the flow's platform (404 otherwise). */
export async function updateOwner(
  edit: FlowEdit,
  request: FlowOperationRequest<'UPDATE_OWNER'>,
  env: FlowEditEnv,
): Promise<FlowEdit> {
  if (!(await userInPlatform(env.trx, request.ownerId, env.platformId))) {
    throw notFound('user', request.ownerId);
  }
  return withFlow(edit, { ownerId: request.ownerId });
}
