import type { FlowVersion } from '@piecework/shared';
import type { EngineRequest } from '../run/engine-request';
import type { PortableEngineRequest, VersionRef } from './protocol';

/**
 * The flow versions a worker thread holds, under the keys its parent gave them (see
 * {@link VersionRef}): the parent decides what is kept and evicted, and sends a version only when
 * the thread does not hold it. A version is kept as first received and handed to every run of
 * it, as the same version object is to in-process runs.
 */
export class HeldVersions {
  private readonly versions = new Map<number, FlowVersion>();

  /** Applies a run's version message and returns the run's request with its flow version back. */
  request(request: PortableEngineRequest, ref: VersionRef): EngineRequest {
    for (const key of ref.evict ?? []) this.versions.delete(key);
    if (ref.flowVersion) this.versions.set(ref.key, ref.flowVersion);
    const flowVersion = this.versions.get(ref.key);
    if (!flowVersion)
      throw new Error(`Internal error: the worker thread does not hold flow version #${ref.key}`);
    return { ...request, flowVersion } as EngineRequest;
  }

  /** How many versions are held. */
  get size(): number {
    return this.versions.size;
  }
}
