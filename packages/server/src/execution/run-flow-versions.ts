/**
 * Flow versions as runs read them. LOCKED versions never change, so they are kept (a bounded
 * number, least recently added dropped first); drafts, which TESTING runs use, are read each time.
 */
import { getAllSteps, type FlowVersion } from '@piecework/shared';
import { flowVersionFromRow } from '../modules/flow-definitions/flow-rows';
import type { DataStore } from '../infrastructure/storage/data-store';
import { fromJson } from '../infrastructure/storage/json-column';

/** How many LOCKED versions are kept. */
const CACHED_VERSIONS = 256;

/** Reads flow versions for runs. */
export class RunFlowVersions {
  private readonly locked = new Map<string, FlowVersion>();

  constructor(private readonly store: DataStore) {}

  /** The version `id`; throws when it does not exist. */
  async get(id: string): Promise<FlowVersion> {
    const cached = this.locked.get(id);
    if (cached) return cached;
    const row = await this.store.db
      .selectFrom('flowVersion')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (row === undefined) throw new Error(`Flow version ${id} does not exist`);
    const version = flowVersionFromRow(row);
    if (version.state === 'LOCKED') {
      if (this.locked.size >= CACHED_VERSIONS) this.locked.delete(this.locked.keys().next().value!);
      this.locked.set(id, version);
    }
    return version;
  }

  /** The saved sample outputs of the version's steps (and trigger), by step name. */
  async sampleData(version: FlowVersion, projectId: string): Promise<Record<string, unknown>> {
    const fileIds = new Map<string, string>();
    for (const step of getAllSteps(version.trigger)) {
      const id = (step.settings as { sampleData?: { sampleDataFileId?: unknown } }).sampleData
        ?.sampleDataFileId;
      if (typeof id === 'string') fileIds.set(id, step.name);
    }
    if (fileIds.size === 0) return {};
    const rows = await this.store.db
      .selectFrom('file')
      .select(['id', 'data'])
      .where('projectId', '=', projectId)
      .where('id', 'in', [...fileIds.keys()])
      .execute();
    const sampleData: Record<string, unknown> = {};
    for (const row of rows) sampleData[fileIds.get(row.id)!] = fromJson<unknown>(row.data);
    return sampleData;
  }
}
