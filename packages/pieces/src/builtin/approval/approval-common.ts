import type { ActionContext, Waitpoint } from '../../context/action-context';
import { Property } from '../../framework/properties';

/** Where `create_approval_links` keeps the id of its waitpoint for a later `wait_for_approval`. */
export const approvalRequestKey = (runId: string) => `run_${runId}/approval_request_id`;

/** The note both approval actions show. */
export const approvalNote = Property.MarkDown({
  value:
    'The approval and disapproval links resume the paused run; the Wait for Approval step outputs `approved`.',
});

/** The approve and disapprove links of a waitpoint: its resume URL with `action=approve|disapprove`. */
export function approvalLinks(waitpoint: Pick<Waitpoint, 'buildResumeUrl'>) {
  return {
    approvalLink: waitpoint.buildResumeUrl({ queryParams: { action: 'approve' } }),
    disapprovalLink: waitpoint.buildResumeUrl({ queryParams: { action: 'disapprove' } }),
  };
}

/** The id of the waitpoint an earlier `create_approval_links` step of this run created, if any. */
export async function linkedRequestId(ctx: ActionContext): Promise<string | null> {
  const id = await ctx.store.get<unknown>(approvalRequestKey(ctx.run.id), 'FLOW');
  return typeof id === 'string' && id !== '' ? id : null;
}
