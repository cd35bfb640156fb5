import { createAction } from '../../framework/create-piece';
import { approvalLinks, approvalNote, approvalRequestKey } from './approval-common';

/**
 * `create_approval_links`: creates a WEBHOOK waitpoint without pausing and returns its resume URL
 * with `action=approve` and `action=disapprove` (`{approvalLink, disapprovalLink}`), to send
 * on (e-mail, chat). The waitpoint's id is kept in the FLOW store for this run, so a later
 * `wait_for_approval` step pauses on that same waitpoint and the links resume it. Calling this
 * again in the same run replaces the links.
 */
export const createApprovalLinks = createAction({
  name: 'create_approval_links',
  errorHandlingOptions: { continueOnFailure: { hide: true }, retryOnFailure: { hide: true } },
  displayName: 'Create Approval Links',
  description: 'Create links only without pausing the flow, use wait for approval to pause',
  props: { markdown: approvalNote },
  async run(ctx) {
    const waitpoint = await ctx.run.createWaitpoint({ type: 'WEBHOOK' });
    await ctx.store.put(approvalRequestKey(ctx.run.id), waitpoint.id, 'FLOW');
    return approvalLinks(waitpoint);
  },
});
