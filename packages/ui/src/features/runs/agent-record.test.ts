import {
  AGENT_PIECE_NAMES,
  RUN_AGENT_ACTION,
  type FlowVersion,
  type PieceStep,
  type StepOutput,
} from '@piecework/shared';
import { describe, expect, it } from 'vitest';
import { code, flowOf } from '../builder/structure/test-flows';
import { isAgentRecord } from './agent-record';
import type { RunTreeStep } from './run-tree';

function pieceStep(name: string, pieceName: string, actionName: string): PieceStep {
  return {
    name,
    displayName: name,
    type: 'PIECE',
    valid: true,
    settings: { pieceName, pieceVersion: '0.1.0', actionName, input: {}, propertySettings: {} },
  };
}

const agentResult = {
  prompt: 'Sum up',
  steps: [],
  status: 'COMPLETED',
  turns: [],
  usage: { inputTokens: 1, outputTokens: 2, totalTokens: 3 },
};
const ran = (name: string, output: unknown): RunTreeStep => ({
  key: name,
  name,
  displayName: name,
  groups: [],
  record: { type: 'PIECE', status: 'SUCCEEDED', input: {}, output, duration: 1 } satisfies StepOutput,
});
const versionOf = (...steps: Parameters<typeof flowOf>) => ({ trigger: flowOf(...steps) }) as FlowVersion;

describe('isAgentRecord', () => {
  it("goes by the version's step: an agent piece's run-agent action is an agent, whatever it output", () => {
    const version = versionOf(
      pieceStep('step_1', AGENT_PIECE_NAMES[0], RUN_AGENT_ACTION),
      pieceStep('step_2', AGENT_PIECE_NAMES[0], 'other_action'),
      pieceStep('step_3', '@activepieces/piece-slack', RUN_AGENT_ACTION),
      code('step_4'),
    );
    expect(isAgentRecord(version, ran('step_1', undefined))).toBe(true);
    expect(isAgentRecord(version, ran('step_2', agentResult))).toBe(false);
    expect(isAgentRecord(version, ran('step_3', agentResult))).toBe(false);
    expect(isAgentRecord(version, ran('step_4', agentResult))).toBe(false);
  });

  it('goes by the output when there is no version (the flow was deleted) or it lacks the step', () => {
    expect(isAgentRecord(undefined, ran('step_1', agentResult))).toBe(true);
    expect(isAgentRecord(undefined, ran('step_1', { prompt: 'x' }))).toBe(false);
    expect(isAgentRecord(versionOf(code('step_9')), ran('step_1', agentResult))).toBe(true);
  });
});
