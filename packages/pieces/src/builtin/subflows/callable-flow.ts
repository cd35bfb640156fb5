import { createTrigger } from '../../framework/create-piece';
import { Property } from '../../framework/properties';
import { optionalRecord } from '../common/read-props';
import { MOCK_CALLBACK_URL, callableFlowKey, modeProp, objectOrJson } from './subflows-common';

/**
 * `callableFlow`: starts a run for each call from another flow's `callFlow` (the server receives
 * it at `/v1/webhooks/:flowId`); the run's payload is the call's body `{data, callbackUrl}`.
 * `onStart` keeps the callback URL in the FLOW store for `returnResponse`.
 */
export const callableFlow = createTrigger({
  name: 'callableFlow',
  classification: 'READ',
  aiMetadata: {
    description:
      'Fires when another flow invokes this one through the Sub Flows "Call Flow" or "Stream CSV to Subflows" action, making this flow a reusable subroutine; the event represents a single invocation and carries the payload the caller passed in. The Sample Data entered here (key-value in Simple mode or JSON in Advanced mode) defines the payload shape offered to callers, and adding a "Return Response" action lets a waiting caller receive a result.',
  },
  displayName: 'Callable Flow',
  description: 'Waiting to be triggered from another flow',
  type: 'WEBHOOK',
  sampleData: null,
  props: {
    mode: modeProp,
    exampleData: Property.DynamicProperties({
      displayName: 'Sample Data',
      description: 'The schema to be passed to the flow',
      required: true,
      refreshers: ['mode'],
      props: async ({ mode }) => ({ sampleData: objectOrJson(mode, 'Sample Data') }),
    }),
  },
  async onEnable() {},
  async onDisable() {},
  async run(ctx) {
    return [ctx.payload.body];
  },
  async test(ctx) {
    return [
      {
        data: optionalRecord(ctx.propsValue, 'exampleData')?.sampleData ?? {},
        callbackUrl: MOCK_CALLBACK_URL,
      },
    ];
  },
  async onStart(ctx) {
    const body = ctx.payload.body as { callbackUrl?: unknown } | null | undefined;
    const callbackUrl = body?.callbackUrl ?? (ctx.payload as { callbackUrl?: unknown }).callbackUrl;
    if (typeof callbackUrl === 'string' && callbackUrl !== '') {
      await ctx.store.put(callableFlowKey(ctx.run.id), callbackUrl, 'FLOW');
    }
  },
});
