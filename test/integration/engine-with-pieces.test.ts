import { createMemoryHost, FlowEngine } from '@piecework/engine';
import { NpmPieceHost } from '@piecework/pieces';
import { afterAll, describe, expect, it } from 'vitest';
import { flow, pieceAction } from '../../packages/shared/src/testing';
import { localPieceRunner } from '../../packages/pieces/src/testing/piece-flows';

/**
 * The engine running real pieces: built-in ones in-process and an unmodified npm package in an
 * isolated process, through the same piece runner the server uses.
 */
const npm = new NpmPieceHost({ poolSize: 1 });
afterAll(() => npm.close());

function engine() {
  return new FlowEngine({ host: createMemoryHost({ pieces: localPieceRunner(npm) }) });
}

describe('engine + pieces', () => {
  it('runs built-in and npm pieces in one flow, pauses on a delay, resumes and answers the caller', async () => {
    const version = flow(
      pieceAction('sum', '@activepieces/piece-math-helper', '0.0.16', 'addition_math', {
        first_number: "{{trigger['output'].body.a}}",
        second_number: 2,
      }),
      pieceAction('remember', '@activepieces/piece-store', '0.6.20', 'put', {
        key: 'total',
        value: "{{sum['output']}}",
        store_scope: 'FLOW',
      }),
      pieceAction('recall', '@activepieces/piece-store', '0.6.20', 'get', {
        key: 'total',
        store_scope: 'FLOW',
      }),
      pieceAction('wait', '@activepieces/piece-delay', '0.3.26', 'delayFor', { unit: 'hours', delayFor: 2 }),
      pieceAction('answer', '@activepieces/piece-webhook', '0.1.29', 'return_response', {
        responseType: 'json',
        respond: 'stop',
        fields: { status: 201, headers: {}, body: { total: "{{recall['output']}}" } },
      }),
    );
    const runner = engine();
    const paused = await runner.execute({ flowVersion: version, triggerPayload: { body: { a: 40 } } });
    expect(paused).toMatchObject({ status: 'PAUSED', pause: { type: 'DELAY' } });
    expect(paused.steps.sum!.output).toBe(42);
    // SHORT_TEXT props turn numbers into text, as on Activepieces
    expect(paused.steps.recall!.output).toBe('42');
    expect(paused).toMatchObject({ pause: { resumeDateTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) } });
    const done = await runner.resume({
      flowVersion: version,
      steps: paused.steps,
      resumePayload: { body: {}, headers: {}, queryParams: {} },
    });
    expect(done).toMatchObject({ status: 'SUCCEEDED', response: { status: 201, body: { total: '42' } } });
  }, 60_000);

  it('a piece that is not installed fails its step saying how to add it', async () => {
    const result = await engine().execute({
      flowVersion: flow(pieceAction('x', '@activepieces/piece-gmail', '0.9.6', 'send_email', {})),
      triggerPayload: {},
    });
    expect(result).toMatchObject({
      status: 'FAILED',
      failedStep: {
        name: 'x',
        message: expect.stringMatching(/piecework pieces add @activepieces\/piece-gmail@0\.9\.6/),
      },
    });
  });
});
