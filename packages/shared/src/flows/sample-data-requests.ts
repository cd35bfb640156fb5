import { z } from 'zod';
import { Id } from '../common/id';
import { SampleDataType } from './operations';

/**
 * Query of `GET /v1/sample-data`: which sample data (`INPUT` or `OUTPUT`) of step `stepName` of
 * version `flowVersionId` of flow `flowId` to read. The builder's data selector reads the OUTPUT
 * of the steps before the one being edited.
 */
export const GetSampleDataQuery = z.object({
  projectId: Id,
  flowId: Id,
  flowVersionId: Id,
  stepName: z.string().min(1),
  type: SampleDataType,
});
export type GetSampleDataQuery = z.infer<typeof GetSampleDataQuery>;
