/**
 * The flow the browser benchmarks open: a webhook trigger and `steps` code steps, made through the
 * REST API with one IMPORT_FLOW (a 200-step flow in one request).
 */
import { code, webhookTrigger } from '../packages/server/src/testing/features/flow-test-kit';
import { callJson } from './http-load';

/** Creates the flow in `projectId` as the holder of `token` and answers its id. */
export async function createCodeStepFlow(
  origin: string,
  token: string,
  projectId: string,
  steps: number,
): Promise<string> {
  const displayName = `${String(steps)} steps`;
  const flow = await callJson<{ id: string }>(origin, 'POST', '/v1/flows', token, { displayName, projectId });
  let next: Record<string, unknown> | undefined;
  for (let i = steps; i >= 1; i--) {
    next = {
      ...code(`step_${String(i)}`, 'return { n: 1 };'),
      ...(next === undefined ? {} : { nextAction: next }),
    };
  }
  await callJson(origin, 'POST', `/v1/flows/${flow.id}`, token, {
    type: 'IMPORT_FLOW',
    request: {
      displayName,
      trigger: { ...webhookTrigger(), ...(next === undefined ? {} : { nextAction: next }) },
    },
  });
  return flow.id;
}
