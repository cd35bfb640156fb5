import { createAction } from '../../framework/create-piece';
import { approvalLinks, approvalNote, approvalRequestKey, linkedRequestId } from './approval-common';

/**
 * `wait_for_approval`: pauses the run on a WEBHOOK waitpoint until one of its links is called;
 * on resume outputs `{approved}` — true when the resume request's `action` query parameter is
 * `approve`. After `create_approval_links` in the same run it waits on that step's waitpoint
 * (through the legacy `run.pause` with its request id), so those links resume it; otherwise it
 * creates its own waitpoint. While paused its output is the links.
 */
export const waitForApproval = createAction({
  name: 'wait_for_approval',
  errorHandlingOptions: { continueOnFailure: { hide: true }, retryOnFailure: { hide: true } },
  displayName: 'Wait for Approval',
  description: 'Pauses the flow and wait for the approval from the user',
  props: { markdown: approvalNote },
  async run(ctx) {
    if (ctx.executionType === 'RESUME') {
      await ctx.store.delete(approvalRequestKey(ctx.run.id), 'FLOW');
      return { approved: ctx.resumePayload.queryParams?.action === 'approve' };
    }
    const linked = await linkedRequestId(ctx);
    if (linked) {
      ctx.run.pause({ pauseMetadata: { type: 'WEBHOOK', requestId: linked } });
      // After `pause` with a request id, the legacy resume URLs are that request's.
      return approvalLinks({ buildResumeUrl: (params) => ctx.generateResumeUrl(params) });
    }
    const waitpoint = await ctx.run.createWaitpoint({ type: 'WEBHOOK' });
    ctx.run.waitForWaitpoint(waitpoint.id);
    return approvalLinks(waitpoint);
  },
});
