/**
 * A step's stored sample output (`GET /v1/sample-data?type=OUTPUT`), what the data selector
 * shows and the test section displays. The query key carries the step's sample-data file id, so
 * a new test result (a new file) is fetched on its own; a step without one has no sample data.
 */
import type { PopulatedFlow } from '@piecework/shared';
import type { PieceworkClient } from '@piecework/client';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../../api/session-context';
import type { AnyStep } from '../step-scope';

/** The prefix of every sample-data query key. */
export const SAMPLE_DATA_KEY = 'sample-data';

/** The id of the file holding `step`'s sample output, if it was tested. */
export function sampleFileId(step: AnyStep): string | undefined {
  const sampleData = (step.settings as { sampleData?: { sampleDataFileId?: unknown } }).sampleData;
  return typeof sampleData?.sampleDataFileId === 'string' ? sampleData.sampleDataFileId : undefined;
}

/** The query of `step`'s sample output; use it with `useQueries` to read several steps' samples. */
export function sampleDataQuery(
  client: PieceworkClient,
  projectId: string,
  flow: PopulatedFlow,
  step: AnyStep,
  enabled = true,
) {
  const fileId = sampleFileId(step);
  return {
    queryKey: [SAMPLE_DATA_KEY, flow.id, step.name, fileId],
    enabled: enabled && fileId !== undefined,
    staleTime: Infinity,
    queryFn: (): Promise<unknown> =>
      client.sampleData.get({
        projectId,
        flowId: flow.id,
        flowVersionId: flow.version.id,
        stepName: step.name,
        type: 'OUTPUT',
      }),
  };
}

/** The sample output of `step` in `flow`'s version (disabled when it has none, or `enabled` is false). */
export function useSampleData(projectId: string, flow: PopulatedFlow, step: AnyStep, enabled = true) {
  const client = useApi();
  return useQuery(sampleDataQuery(client, projectId, flow, step, enabled));
}
