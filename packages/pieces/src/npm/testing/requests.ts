import type { RunInfo } from '@piecework/engine';
import type { ActionRunRequest, TriggerRunRequest } from '../../triggers/trigger-request';

/** A run of flow `flow_A` (override any field). */
export function runInfo(overrides: Partial<RunInfo> = {}): RunInfo {
  return {
    id: 'run_1',
    flowId: 'flow_A',
    flowVersionId: 'version_1',
    projectId: 'project_1',
    environment: 'PRODUCTION',
    ...overrides,
  };
}

/** An action call of `piece` (`[name, version]`). */
export function actionRequest(
  piece: readonly [string, string],
  actionName: string,
  input: Record<string, unknown> = {},
  overrides: Partial<ActionRunRequest> = {},
): ActionRunRequest {
  return {
    pieceName: piece[0],
    pieceVersion: piece[1],
    actionName,
    stepName: 'step_1',
    input,
    propertySettings: {},
    run: runInfo(),
    test: false,
    ...overrides,
  };
}

/** A trigger hook call of `piece` (`[name, version]`). */
export function triggerRequest(
  piece: readonly [string, string],
  triggerName: string,
  hook: TriggerRunRequest['hook'],
  input: Record<string, unknown> = {},
  overrides: Partial<TriggerRunRequest> = {},
): TriggerRunRequest {
  return {
    pieceName: piece[0],
    pieceVersion: piece[1],
    triggerName,
    hook,
    input,
    propertySettings: {},
    run: runInfo(),
    webhookUrl: 'http://localhost:3000/v1/webhooks/flow_A',
    test: false,
    ...overrides,
  };
}
