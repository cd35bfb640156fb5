import { describe, expect, it } from 'vitest';
import { code, flow, piece } from '@piecework/shared/testing';
import { testEngine } from '../testing/test-engine';

/** Runs `first` (echo of `firstInput`) then an echo of `{ value: template }`; returns what the second step received. */
async function resolveAfter(
  template: unknown,
  firstInput: Record<string, unknown> = { a: { b: [7, 8] }, n: 3, s: 'text' },
) {
  const { engine } = testEngine();
  const result = await engine.execute({
    flowVersion: flow(piece('step_1', 'echo', firstInput), piece('step_2', 'echo', { value: template })),
    triggerPayload: { body: { name: 'Ada', list: [1, 2] } },
  });
  expect(result.status).toBe('SUCCEEDED');
  return (result.steps.step_2!.output as { value: unknown }).value;
}

describe('references', () => {
  it.each<[string, unknown, unknown]>([
    ['a single token keeps a number', "{{step_1['output'].n}}", 3],
    ['a single token keeps an object', "{{step_1['output'].a}}", { b: [7, 8] }],
    ['a single token with spaces around', "  {{ step_1['output'].a.b[1] }}  ", 8],
    ['the trigger payload', "{{trigger['output'].body.name}}", 'Ada'],
    ['interpolation of a string', "Hi {{trigger['output'].body.name}}!", 'Hi Ada!'],
    ['interpolation of an object as compact JSON', "x={{step_1['output'].a}}", 'x={"b":[7,8]}'],
    ['interpolation of several tokens', "{{step_1['output'].n}}-{{step_1['output'].s}}", '3-text'],
    ['an unknown step gives an empty string', "{{step_9['output'].x}}", ''],
    ['an unknown step inside text', "[{{step_9['output'].x}}]", '[]'],
    ['a forward reference (a later step) gives an empty string', "{{step_2['output'].value}}", ''],
    ['a missing property gives an empty string', "{{step_1['output'].nope}}", ''],
    ['a computed expression runs in the sandbox', "{{step_1['output'].n * 2 + 1}}", 7],
    ['a method call in the sandbox', "{{trigger['output'].body.list.map(x => x * 10)}}", [10, 20]],
    ['an expression that throws gives an empty string', "{{step_1['output'].nope.deeper}}", ''],
    ['non-strings are left as they are', 42, 42],
    [
      'nested objects and arrays resolve inside',
      { k: ["{{step_1['output'].n}}", 'plain'] },
      { k: [3, 'plain'] },
    ],
  ])('%s', async (_, template, expected) => {
    expect(await resolveAfter(template)).toEqual(expected);
  });

  it("exposes a failed step's error (with continue-on-failure) and an empty output", async () => {
    const { engine } = testEngine();
    const result = await engine.execute({
      flowVersion: flow(
        code('step_1', "throw new Error('nope')", {}, { continueOnFailure: true }),
        piece('step_2', 'echo', { message: "{{step_1['error'].message}}", output: "{{step_1['output']}}" }),
      ),
      triggerPayload: {},
    });
    expect(result.status).toBe('SUCCEEDED');
    expect(result.steps.step_2!.output).toEqual({ message: 'nope', output: '' });
  });

  it('a skipped step leaves no record and references to it are empty', async () => {
    const { engine } = testEngine();
    const result = await engine.execute({
      flowVersion: flow(
        piece('step_1', 'echo', { x: 1 }, { skip: true }),
        piece('step_2', 'echo', { v: "{{step_1['output'].x}}" }),
      ),
      triggerPayload: {},
    });
    expect(Object.keys(result.steps)).toEqual(['trigger', 'step_2']);
    expect(result.steps.step_2!.output).toEqual({ v: '' });
  });

  it('connections resolve for the step and read **REDACTED** in the stored input', async () => {
    const { engine } = testEngine({}, { slack: { type: 'SECRET_TEXT', secret_text: 's3cret' } });
    const result = await engine.execute({
      flowVersion: flow(
        piece('step_1', 'echo', {
          auth: "{{connections['slack']}}",
          note: "key: {{connections['slack'].secret_text}}",
        }),
      ),
      triggerPayload: {},
    });
    expect(result.steps.step_1!.output).toEqual({
      auth: { type: 'SECRET_TEXT', secret_text: 's3cret' },
      note: 'key: s3cret',
    });
    expect(JSON.stringify(result.steps.step_1!.input)).not.toContain('s3cret');
    expect(result.steps.step_1!.input).toMatchObject({ auth: '**REDACTED**' });
  });

  it('a missing connection fails the step, naming it', async () => {
    const { engine } = testEngine();
    const result = await engine.execute({
      flowVersion: flow(piece('step_1', 'echo', { auth: "{{connections['gone']}}" })),
      triggerPayload: {},
    });
    expect(result).toMatchObject({
      status: 'FAILED',
      failedStep: { name: 'step_1', message: "Connection 'gone' was not found" },
    });
  });
});
