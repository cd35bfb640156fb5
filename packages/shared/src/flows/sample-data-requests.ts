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

/**
 * Body of `POST /v1/sample-data/test-step`: run step `stepName` of version `flowVersionId` alone
 * (a TESTING run), with the stored sample data of the other steps as their outputs.
 */
export const TestStepRunRequest = z.object({
  projectId: Id,
  flowVersionId: Id,
  stepName: z.string().min(1),
});
export type TestStepRunRequest = z.infer<typeof TestStepRunRequest>;
