/**
 * The fixtures of the flow test endpoints: test cases of the world's published flow (its one
 * finished run saved as a case), or of a fresh flow for the calls that change one case.
 */
import { adminCall, freshFlow, name, type Fixture, type World } from './world';

/** A fresh test case (of a fresh flow) written by hand. */
async function freshTestCase(world: World): Promise<string> {
  const flow = await freshFlow(world);
  const testCase = await adminCall<{ id: string }>(world, 'POST', `/v1/flows/${flow.id}/test-cases`, {
    displayName: name('Case'),
    triggerOutput: {},
    expectations: [{ type: 'RUN_STATUS', status: 'SUCCEEDED' }],
  });
  return testCase.id;
}

/** One row per endpoint (`area.name`): how to call it. */
export const FLOW_TEST_FIXTURES: Record<string, Fixture> = {
  'flowTests.list': async (w) => ({ params: { id: w.flow.id } }),
  'flowTests.create': async (w) => ({
    params: { id: (await freshFlow(w)).id },
    body: { displayName: name('Case'), triggerOutput: { n: 1 } },
  }),
  'flowTests.createFromRun': async (w) => ({ params: { id: w.flow.id }, body: { runId: w.runId } }),
  'flowTests.update': async (w) => ({
    params: { id: await freshTestCase(w) },
    body: { displayName: name('Renamed') },
  }),
  'flowTests.delete': async (w) => ({ params: { id: await freshTestCase(w) } }),
  'flowTests.run': async (w) => ({ params: { id: w.flow.id }, body: {} }),
  'flowTests.replay': async (w) => ({ params: { id: w.flow.id }, body: { limit: 1 } }),
};
