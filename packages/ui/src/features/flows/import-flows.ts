/**
 * Imports a flow export into a project, as `piecework flows import` does: the file's JSON in any
 * shape `IMPORT_FLOW` takes (this app's export, Activepieces' template, a solution, a
 * PopulatedFlow, a bare or wrapped IMPORT_FLOW request...) is migrated with `migrateExport`, and
 * each of its flows becomes a new flow (create, then IMPORT_FLOW). A file that is not JSON or not
 * an export is refused before anything is created; a flow the server refuses is deleted again with
 * those created before it, so a failed import leaves nothing behind. Duplicating a flow is the
 * import of its own export.
 */
import type { PieceworkClient } from '@piecework/client';
import { migrateExport, type PopulatedFlow } from '@piecework/shared';
import { errorMessage } from '../../api/error-message';

/** Where imported flows go and what they are called. */
export interface ImportTarget {
  projectId: string;
  /** The folder of the new flows; null or undefined: none. */
  folderId?: string | null | undefined;
  /** The name of each new flow, from the name in the file (default: that name). */
  rename?: (exportedName: string) => string;
}

/** Why an import did not happen; its message is the one to show. */
export class ImportFailure extends Error {
  override readonly name = 'ImportFailure';
}

/** The JSON of a file's text; throws an {@link ImportFailure} saying why it is not JSON. */
export function parseExportText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new ImportFailure(`The file is not JSON: ${(error as Error).message}`);
  }
}

/**
 * Imports every flow of `json` into `target`; answers the new flows. Throws an
 * {@link ImportFailure} (nothing left created) when the file cannot be imported.
 */
export async function importFlows(
  client: PieceworkClient,
  json: unknown,
  target: ImportTarget,
): Promise<PopulatedFlow[]> {
  const migrated = migrateExport(json);
  if (!migrated.ok) {
    const { message, path } = migrated.refusal;
    const where = path === undefined || path === '' ? '' : ` (at ${path})`;
    throw new ImportFailure(`This file cannot be imported: ${message}${where}`);
  }
  const created: PopulatedFlow[] = [];
  try {
    for (const { request } of migrated.flows) {
      const displayName = target.rename?.(request.displayName) ?? request.displayName;
      const flow = await client.flows.create({
        projectId: target.projectId,
        displayName,
        folderId: target.folderId ?? null,
      });
      created.push(flow);
      const imported = await client.flows.update(flow.id, {
        type: 'IMPORT_FLOW',
        request: { ...request, displayName },
      });
      created[created.length - 1] = imported;
    }
    return created;
  } catch (error) {
    const undone = await Promise.allSettled(created.map((flow) => client.flows.delete(flow.id)));
    const kept = created.filter((_, index) => undone[index]!.status === 'rejected');
    const cleanup =
      kept.length === 0
        ? ''
        : ` The flows ${kept.map((flow) => `“${flow.version.displayName}”`).join(', ')} could not be removed again.`;
    throw new ImportFailure(`${errorMessage(error)}${cleanup}`);
  }
}

/** Duplicates `flow` beside it (same folder) as "<name> (copy)": the import of its own export. */
export async function duplicateFlow(client: PieceworkClient, flow: PopulatedFlow): Promise<PopulatedFlow> {
  const template = await client.flows.getTemplate(flow.id);
  const [copy] = await importFlows(client, template, {
    projectId: flow.projectId,
    folderId: flow.folderId,
    rename: () => `${flow.version.displayName} (copy)`,
  });
  if (copy === undefined) throw new ImportFailure('The export of this flow holds no flow.');
  return copy;
}
