import { z } from 'zod';
import { Id } from '../common/id';
import { PageQuery } from '../common/page';
import { QueryList } from '../common/query-list';
import { FlowStatus } from './flow';
import { FlowVersionState } from './flow-version';

/**
 * Query of `GET /v1/flows`: the project (required), optional folder, statuses, a name to search
 * (case-insensitive substring of the draft's display name), version state and external ids.
 */
export const ListFlowsQuery = PageQuery.extend({
  projectId: z.string(),
  folderId: z.string().optional(),
  status: QueryList(FlowStatus).optional(),
  name: z.string().optional(),
  versionState: FlowVersionState.optional(),
  externalIds: QueryList(z.string()).optional(),
});
export type ListFlowsQuery = z.infer<typeof ListFlowsQuery>;

/** Query of `GET /v1/flows/:id`: optionally one of the flow's versions instead of the latest. */
export const GetFlowQuery = z.object({ versionId: Id.optional() });
export type GetFlowQuery = z.infer<typeof GetFlowQuery>;

/** Query of `GET /v1/flows/count`: the project and optionally one folder. */
export const CountFlowsQuery = z.object({ projectId: z.string(), folderId: z.string().optional() });
export type CountFlowsQuery = z.infer<typeof CountFlowsQuery>;
