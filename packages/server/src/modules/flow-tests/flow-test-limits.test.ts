import { parseConfig } from '@piecework/shared';
import { describe, expect, it } from 'vitest';
import { FLOW_TEST_TIMEOUT_SECONDS, FlowTestBudget, flowTestEngineOptions } from './flow-test-limits';

describe('flow test limits', () => {
  it('gives a case at most its own cap, and at most the flow time limit', () => {
    const roomy = flowTestEngineOptions(parseConfig({}), new FlowTestBudget(30));
    expect(roomy?.flowTimeoutSeconds).toBe(
      Math.min(parseConfig({}).flowTimeoutSeconds, FLOW_TEST_TIMEOUT_SECONDS),
    );
    const short = flowTestEngineOptions(
      parseConfig({ AP_FLOW_TIMEOUT_SECONDS: '3' }),
      new FlowTestBudget(30),
    );
    expect(short?.flowTimeoutSeconds).toBe(3);
  });

  it("gives a case no more than the request's time left, and none once less than a second is", () => {
    expect(flowTestEngineOptions(parseConfig({}), new FlowTestBudget(4.5))?.flowTimeoutSeconds).toBe(4);
    expect(flowTestEngineOptions(parseConfig({}), new FlowTestBudget(0.9))).toBeUndefined();
    expect(flowTestEngineOptions(parseConfig({}), new FlowTestBudget(0))).toBeUndefined();
  });
});
