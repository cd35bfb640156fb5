/**
 * The calling run of a sub-flow call: the `ap-parent-run-id` and `ap-fail-parent-on-failure`
 * headers the subflows piece's `callFlow` sends with its webhook request, checked and recorded
 * on the called run (`parentRunId`, `failParentOnFailure`).
 */
import { FAIL_PARENT_ON_FAILURE_HEADER, PARENT_RUN_ID_HEADER, PieceworkError } from '@piecework/shared';
import type { ServerContext } from '../../server-context';
import type { IncomingRequest } from './webhook-payload';
import { findRunOfProject } from './webhook-repository';

/** What a webhook request says about the run that called it; empty when no run did. */
export interface ParentRun {
  parentRunId?: string;
  failParentOnFailure?: boolean;
}

/**
 * The parent run named by the request's headers. A parent must be a run of `projectId` (the
 * called flow's project): any other value (another project's run, no run, a repeated header) is
 * refused with 400 VALIDATION, the same answer for each, so nothing is learnt of other projects.
 */
export async function parentRunOf(
  ctx: Pick<ServerContext, 'store'>,
  projectId: string,
  request: IncomingRequest,
): Promise<ParentRun> {
  const named = request.headers[PARENT_RUN_ID_HEADER];
  if (named === undefined) return {};
  const refuse = () =>
    new PieceworkError(
      'VALIDATION',
      {
        message: `${PARENT_RUN_ID_HEADER} names no run of this flow's project`,
        header: PARENT_RUN_ID_HEADER,
      },
      400,
    );
  if (typeof named !== 'string') throw refuse();
  const row = await findRunOfProject(ctx.store.db, named, projectId);
  if (row === undefined) throw refuse();
  return {
    parentRunId: row.id,
    failParentOnFailure: request.headers[FAIL_PARENT_ON_FAILURE_HEADER] === 'true',
  };
}
