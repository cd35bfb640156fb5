import { createAction } from '../../framework/create-piece';
import { Property } from '../../framework/properties';
import { builtinEnv } from '../../context/builtin-env';
import { pieceFetch } from '../common/outbound';
import { optionalRecord } from '../common/read-props';
import { networkErrorMessage } from '../http/http-response';
import { MOCK_CALLBACK_URL, callableFlowKey, modeProp, objectOrJson } from './subflows-common';

/** Attempts to deliver the response (Activepieces retries up to 10 times). */
export const CALLBACK_ATTEMPTS = 10;

/** Backoff before retry `n` (0-based): 1 s, 2 s, 4 s, ... up to 30 s. */
const backoff = (n: number) => Math.min(1_000 * 2 ** n, 30_000);

type Delivery = { ok: true } | { ok: false; retry: boolean; message: string };

/** One attempt; network errors and 5xx answers may be retried, refused addresses and 4xx not. */
async function deliver(ctx: object, url: string, body: string): Promise<Delivery> {
  try {
    const response = await pieceFetch(ctx, url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    await response.body?.cancel();
    if (response.ok) return { ok: true };
    const message = `Returning the response to the calling flow failed with status ${response.status}`;
    return { ok: false, retry: response.status >= 500, message };
  } catch (error) {
    const blocked = (error as { cause?: { code?: unknown } }).cause?.code === 'SSRF_BLOCKED';
    return { ok: false, retry: !blocked, message: networkErrorMessage(url, error) };
  }
}

/**
 * `returnResponse`: in a sub-flow, POSTs `{status: 'success', data: response}` to the callback
 * URL its caller passed (kept by the Callable Flow trigger's `onStart`), through the
 * SSRF-filtered client, retrying network errors and 5xx answers with backoff (up to 10 attempts). Does nothing when
 * the caller does not wait (no callback URL) or in a test. Outputs the response.
 */
export const returnResponse = createAction({
  name: 'returnResponse',
  audience: 'both',
  classification: 'WRITE',
  aiMetadata: {
    description:
      'Sends a result payload back to the flow that invoked this one through Call Flow, releasing the caller from its wait; the body is entered as key-value pairs (Simple mode) or as raw JSON (Advanced mode). Use it only inside a flow whose trigger is "Callable Flow", and only when the caller ran with Wait for Response enabled - it silently does nothing when no callback URL was stored for the run. Not idempotent: each call posts a fresh response to the callback URL of the caller.',
    idempotent: false,
  },
  displayName: 'Return Response',
  description: 'Return response to the original flow',
  props: {
    mode: modeProp,
    response: Property.DynamicProperties({
      displayName: 'Response',
      required: true,
      refreshers: ['mode'],
      props: async ({ mode }) => ({ response: objectOrJson(mode, 'Response') }),
    }),
  },
  async run(ctx) {
    const data = optionalRecord(ctx.propsValue, 'response')?.response;
    const callbackUrl = await ctx.store.get<unknown>(callableFlowKey(ctx.run.id), 'FLOW');
    if (typeof callbackUrl !== 'string' || callbackUrl === '' || callbackUrl === MOCK_CALLBACK_URL)
      return data;
    const body = JSON.stringify({ status: 'success', data });
    for (let attempt = 1; ; attempt++) {
      const result = await deliver(ctx, callbackUrl, body);
      if (result.ok) return data;
      if (!result.retry || attempt >= CALLBACK_ATTEMPTS) throw new Error(result.message);
      await builtinEnv(ctx).sleep(backoff(attempt - 1));
    }
  },
  async test(ctx) {
    return optionalRecord(ctx.propsValue, 'response')?.response;
  },
});
