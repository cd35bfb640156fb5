import { createAction } from '../../framework/create-piece';
import type { PiecePropertyDefinition } from '../../framework/piece-definition';
import { Property } from '../../framework/properties';
import { optionalBoolean, optionalRecord, requiredText } from '../common/read-props';
import { bodyPreview } from '../http/http-response';
import {
  dispatchToSubflow,
  findEnabledSubflow,
  listSubflows,
  modeProp,
  objectOrJson,
  subflowDropdown,
} from './subflows-common';

/**
 * `callFlow`: starts a run of the project flow `flowId` (external id; it must start with a
 * Callable Flow trigger and be enabled) by POSTing `{data: payload, callbackUrl}` to the
 * server's `{apiUrl}v1/webhooks/:flowId`, through the SSRF-filtered client. Needs a Piecework
 * server (and its address in AP_SSRF_ALLOW_LIST when it is private). Without
 * `waitForResponse` it outputs the server's answer; with it, the run pauses on a WEBHOOK
 * waitpoint whose resume URL is the callback, and resumes with the sub-flow's
 * `{status, data}` (a sub-flow `error` fails this step).
 */
export const callFlow = createAction({
  name: 'callFlow',
  errorHandlingOptions: {
    continueOnFailure: { defaultValue: false, hide: false },
    retryOnFailure: { defaultValue: false, hide: false },
  },
  audience: 'both',
  classification: 'WRITE',
  aiMetadata: {
    description:
      'Dispatches a run of another flow in this project that starts with a "Callable Flow" trigger, passing a payload entered as key-value pairs or raw JSON, and can optionally wait for that subflow to send back a "Return Response". Pick it to reuse a flow as a subroutine; prefer Stream CSV to Subflows for large CSV input. The target flow must be published and enabled, and when Wait for Response is on, a subflow failure also fails this run; not idempotent, since every call starts a new subflow run.',
    idempotent: false,
  },
  displayName: 'Call Flow',
  description: 'Call a flow that has "Callable Flow" trigger',
  props: {
    flowId: subflowDropdown({
      displayName: 'Flow',
      description: 'The flow to execute. Published flows with a "Callable Flow" trigger appear here.',
    }),
    mode: modeProp,
    flowProps: Property.DynamicProperties({
      displayName: '',
      required: true,
      refreshers: ['flowId', 'mode'],
      props: async ({ flowId, mode }, ctx): Promise<Record<string, PiecePropertyDefinition>> => {
        if (typeof flowId !== 'string' || flowId === '') return {};
        const [flow] = await listSubflows(ctx.flows, [flowId]);
        return {
          payload: objectOrJson(
            mode,
            'Payload',
            flow?.version.trigger.settings.input?.exampleData?.sampleData,
          ),
        };
      },
    }),
    waitForResponse: Property.Checkbox({
      displayName: 'Wait for Response',
      required: false,
      defaultValue: false,
    }),
  },
  async run(ctx) {
    const waitForResponse = optionalBoolean(ctx.propsValue, 'waitForResponse');
    if (ctx.executionType === 'RESUME') {
      const result = (ctx.resumePayload.body ?? {}) as { status?: unknown; data?: unknown };
      if (result.status === 'error' && waitForResponse)
        throw new Error(`The subflow failed: ${bodyPreview(result.data)}`);
      return { status: result.status, data: result.data };
    }
    const flow = await findEnabledSubflow(ctx, requiredText(ctx.propsValue, 'flowId'));
    let callbackUrl: string | undefined;
    if (waitForResponse) {
      const waitpoint = await ctx.run.createWaitpoint({ type: 'WEBHOOK' });
      callbackUrl = waitpoint.buildResumeUrl({ queryParams: {} });
      ctx.run.waitForWaitpoint(waitpoint.id);
    }
    return dispatchToSubflow(ctx, {
      flowId: flow.id,
      parentRunId: ctx.run.id,
      failParentOnFailure: waitForResponse,
      data: optionalRecord(ctx.propsValue, 'flowProps')?.payload ?? {},
      callbackUrl,
    });
  },
});
