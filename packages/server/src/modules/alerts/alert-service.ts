/**
 * A project's alert receivers: add (an address the project already has answers the existing
 * receiver), list and delete. Each receiver is emailed when a production run of one of the
 * project's flows fails (`run-failure-alerts.ts`).
 */
import { generateId, type Alert, type CreateAlertRequest, type Page } from '@piecework/shared';
import type { ProjectRow } from '../../infrastructure/storage/rows/identity-rows';
import { mapPage, type PageRequest } from '../../infrastructure/storage/seek-page';
import type { ServerContext } from '../../server-context';
import { deleteAlertRow, fetchAlertPage, findAlert, insertAlert } from './alert-repository';
import { alertView } from './alert-view';

/** What the alert routes and service use from the server context. */
export type AlertDependencies = Pick<ServerContext, 'store' | 'now'>;

/** Adds `receiver` (trimmed, lower-cased) on `channel` to the project, or answers the existing one. */
export async function createAlert(
  deps: AlertDependencies,
  project: ProjectRow,
  body: CreateAlertRequest,
): Promise<Alert> {
  const receiver = body.receiver.trim().toLowerCase();
  const row = await deps.store.write(async (trx) => {
    const existing = await findAlert(trx, project.id, body.channel, receiver);
    if (existing !== undefined) return existing;
    const now = deps.now();
    return insertAlert(trx, {
      id: generateId(),
      projectId: project.id,
      channel: body.channel,
      receiver,
      created: now,
      updated: now,
    });
  });
  return alertView(row);
}

/** One page of the project's alert receivers. */
export async function listAlerts(
  deps: AlertDependencies,
  project: ProjectRow,
  page: PageRequest,
): Promise<Page<Alert>> {
  const rows = await fetchAlertPage(deps.store.db, project.id, page);
  return mapPage(rows, alertView);
}

/** Deletes alert receiver `id` of the project (nothing when there is none). */
export async function deleteAlert(deps: AlertDependencies, project: ProjectRow, id: string): Promise<void> {
  await deps.store.write((trx) => deleteAlertRow(trx, project.id, id));
}
