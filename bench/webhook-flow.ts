/**
 * The flows the webhook benches run, published through the API of a running server: the
 * 10-step flow (9 code steps + Return Response, each step feeding the next) and a CPU-heavy
 * one (one code step that computes for a while, then Return Response).
 */
import { code, returnResponse, webhookTrigger } from '../packages/server/src/testing/features/flow-test-kit';
import { callJson } from './http-load';

const codeStep = (index: number) =>
  code(`step_${String(index)}`, 'return { n: Number(inputs.n) + 1 };', {
    n: index === 1 ? "{{trigger['output'].body.n}}" : `{{step_${String(index - 1)}['output'].n}}`,
  });

/**
 * Creates and publishes a flow of `actions` (step requests named `step_1`, `step_2`... in order)
 * after a webhook trigger; answers its id. Use it for any bench flow that starts from a webhook.
 */
export async function publishFlow(
  origin: string,
  user: { token: string; projectId: string },
  displayName: string,
  actions: unknown[],
): Promise<string> {
  const flow = await callJson<{ id: string }>(origin, 'POST', '/v1/flows', user.token, {
    displayName,
    projectId: user.projectId,
  });
  const operations: unknown[] = [
    { type: 'UPDATE_TRIGGER', request: webhookTrigger() },
    ...actions.map((action, i) => ({
      type: 'ADD_ACTION',
      request: { parentStep: i === 0 ? 'trigger' : `step_${String(i)}`, action },
    })),
    { type: 'LOCK_AND_PUBLISH', request: {} },
  ];
  for (const operation of operations) {
    await callJson(origin, 'POST', `/v1/flows/${flow.id}`, user.token, operation);
  }
  return flow.id;
}

/** The 10-step flow: 9 code steps counting `n` up, then Return Response `{n}` (9 for `{"n":0}`). */
export function publishTenStepFlow(
  origin: string,
  user: { token: string; projectId: string },
): Promise<string> {
  const respond = returnResponse('step_10', { status: 200, body: { n: "{{step_9['output'].n}}" } });
  return publishFlow(origin, user, 'Webhook bench', [
    ...Array.from({ length: 9 }, (_, i) => codeStep(i + 1)),
    respond,
  ]);
}

/**
 * A flow whose one code step computes for `iterations` rounds of a small hash (about 0.1 s per
 * million in the sandbox on this machine's cores), then Return Response `{h}`.
 */
export function publishCpuHeavyFlow(
  origin: string,
  user: { token: string; projectId: string },
  iterations: number,
): Promise<string> {
  const heavy = code(
    'step_1',
    `let h = 0; for (let i = 0; i < ${String(iterations)}; i++) { h = (h * 31 + i) | 0; } return { h };`,
    {},
  );
  const respond = returnResponse('step_2', { status: 200, body: { h: "{{step_1['output'].h}}" } });
  return publishFlow(origin, user, 'CPU-heavy bench', [heavy, respond]);
}
