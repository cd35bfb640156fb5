import { FlowEngine } from '@piecework/engine';
import { createInProcessHost } from '@piecework/pieces';
import { describe, expect, it } from 'vitest';
import { flow, pieceAction } from '../../packages/shared/src/testing';

/** The one-call in-process host of `@piecework/pieces`: the memory host with the built-in pieces. */

describe('createInProcessHost', () => {
  it.each([
    [
      'runs a built-in piece step',
      pieceAction('step_1', '@activepieces/piece-math-helper', '0.0.16', 'addition_math', {
        first_number: "{{trigger['output'].body.a}}",
        second_number: 2,
      }),
      { status: 'SUCCEEDED', steps: { step_1: { output: 42 } } },
    ],
    [
      'fails a piece that is neither built in nor installed, saying how to add it',
      pieceAction('step_1', '@activepieces/piece-gmail', '0.9.6', 'send_email', {}),
      {
        status: 'FAILED',
        steps: { step_1: { errorMessage: expect.stringContaining('piecework pieces add') } },
      },
    ],
  ])('%s', async (_, step, expected) => {
    const engine = new FlowEngine({ host: createInProcessHost() });
    expect(
      await engine.execute({ flowVersion: flow(step), triggerPayload: { body: { a: 40 } } }),
    ).toMatchObject(expected);
  });

  it('keeps the memory host options it is given (connections, clock)', async () => {
    const host = createInProcessHost({ connections: { slack: { secret_text: 's' } }, now: () => 7 });
    expect(await host.connections.get('slack')).toEqual({ secret_text: 's' });
    expect(await host.connections.get('other')).toBeNull();
    expect(host.now()).toBe(7);
  });
});
