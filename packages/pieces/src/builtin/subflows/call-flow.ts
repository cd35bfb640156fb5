import { createAction } from '../../framework/create-piece';
import type { PiecePropertyDefinition } from '../../framework/piece-definition';
import { Property } from '../../framework/properties';
import { pieceFetch } from '../common/outbound';
import { optionalBoolean, optionalRecord, requiredText } from '../common/read-props';
import { bodyPreview } from '../http/http-response';
import { FAIL_PARENT_ON_FAILURE_HEADER, PARENT_RUN_ID_HEADER } from '@piecework/shared';
import { findEnabledSubflow, listSubflows, modeProp, objectOrJson } from './subflows-common';

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return text === '' ? undefined : JSON.parse(text);
  } catch {
    return text;
  }
}

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
  displayName: 'Call Flow',
  description: 'Call a flow that has "Callable Flow" trigger',
  props: {
    flowId: Property.Dropdown({
      displayName: 'Flow',
      description: 'The flow to execute. Published flows with a "Callable Flow" trigger appear here.',
      required: true,
      refreshers: [],
      options: async (_, ctx) => ({
        options: (await listSubflows(ctx.flows)).map((flow) => ({
          value: flow.externalId ?? flow.id,
          label:
            flow.status === 'ENABLED'
              ? (flow.version.displayName ?? flow.id)
              : `${flow.version.displayName ?? flow.id} (inactive)`,
        })),
      }),
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
    const url = `${ctx.server.apiUrl.replace(/\/$/, '')}/v1/webhooks/${encodeURIComponent(flow.id)}`;
    const response = await pieceFetch(ctx, url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [PARENT_RUN_ID_HEADER]: ctx.run.id,
        [FAIL_PARENT_ON_FAILURE_HEADER]: waitForResponse ? 'true' : 'false',
      },
      body: JSON.stringify({ data: optionalRecord(ctx.propsValue, 'flowProps')?.payload ?? {}, callbackUrl }),
    });
    const body = await readBody(response);
    if (!response.ok)
      throw new Error(`Calling the subflow failed with status ${response.status}: ${bodyPreview(body)}`);
    return body;
  },
});
