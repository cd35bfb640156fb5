/** Builders of valid answers for the client's tests. */
import { createEmptyFlowVersion, PopulatedFlow } from '@piecework/shared';

const NOW = '2025-01-01T00:00:00.000Z';

/** A valid {@link PopulatedFlow} (an empty draft) with id `id`. */
export function populatedFlow(id = 'flow00000000000000001'): PopulatedFlow {
  return PopulatedFlow.parse({
    id,
    created: NOW,
    updated: NOW,
    projectId: 'project00000000000001',
    externalId: id,
    status: 'DISABLED',
    operationStatus: 'NONE',
    version: createEmptyFlowVersion({
      id: 'version00000000000001',
      flowId: id,
      displayName: 'Untitled',
      now: NOW,
    }),
  });
}

/** A page of `data` with cursors. */
export function page<T>(data: T[], next: string | null, previous: string | null = null) {
  return { data, next, previous };
}
