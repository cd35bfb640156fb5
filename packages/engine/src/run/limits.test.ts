import { describe, expect, it } from 'vitest';
import { code, flow, piece } from '@piecework/shared/testing';
import { testEngine } from '../testing/test-engine';
import { isOffloadedOutput } from './offloaded-output';

const bigText = (kb: number) => `"${'x'.repeat(kb * 1024)}"`;

describe('log limits', () => {
  it('a larger input value is truncated in the log while the step gets the full value', async () => {
    const { engine } = testEngine({ inputTruncateThresholdKb: 2 });
    const result = await engine.execute({
      flowVersion: flow(
        code('make', `return ${bigText(5)};`),
        code('use', 'return inputs.big.length;', { big: "{{make['output']}}", small: 'ok' }),
      ),
      triggerPayload: {},
    });
    expect(result.steps.use!.output).toBe(5 * 1024);
    expect(result.steps.use!.input).toEqual({ big: '(truncated, original size 5 KB)', small: 'ok' });
  });

  it('a larger output is offloaded to the file store and still referenced transparently, also after a resume', async () => {
    const { engine, host } = testEngine({ sliceThresholdKb: 4 });
    const version = flow(
      code('make', `return { text: ${bigText(10)} };`),
      piece('wait', 'pause_until_resumed'),
      code('use', 'return inputs.text.length;', { text: "{{make['output'].text}}" }),
    );
    const paused = await engine.execute({ flowVersion: version, triggerPayload: {} });
    const marker = paused.steps.make!.output;
    expect(isOffloadedOutput(marker)).toBe(true);
    if (!isOffloadedOutput(marker)) return;
    expect(JSON.parse(await host.files.load(marker.__pieceworkOffloadedOutput.fileId))).toEqual({
      text: 'x'.repeat(10 * 1024),
    });
    const done = await engine.resume({
      flowVersion: version,
      steps: JSON.parse(JSON.stringify(paused.steps)),
      resumePayload: { body: {}, headers: {}, queryParams: {} },
    });
    expect(done.status).toBe('SUCCEEDED');
    expect(done.steps.use!.output).toBe(10 * 1024);
  });

  it('past AP_MAX_FLOW_RUN_LOG_SIZE_MB the step fails and the run ends LOG_SIZE_EXCEEDED (offloaded outputs count their size)', async () => {
    const { engine } = testEngine({ maxLogSizeMb: 1, sliceThresholdKb: 32 });
    const result = await engine.execute({
      flowVersion: flow(
        code('one', `return ${bigText(600)};`),
        code('two', `return ${bigText(600)};`),
        piece('never', 'echo'),
      ),
      triggerPayload: {},
    });
    expect(result).toMatchObject({ status: 'LOG_SIZE_EXCEEDED', failedStep: { name: 'two' } });
    expect(result.steps.one!.status).toBe('SUCCEEDED');
    expect(result.steps.two).toMatchObject({
      status: 'FAILED',
      errorMessage: expect.stringMatching(/exceed the limit of 1 MB/),
    });
    expect(result.steps.never).toBeUndefined();
  });
});

describe('sandbox limits end the run with their status', () => {
  it.each<[string, string, string]>([
    ['an endless loop ends TIMEOUT', 'while (true) {}', 'TIMEOUT'],
    [
      'a runaway allocation ends MEMORY_LIMIT_EXCEEDED',
      'const a = []; while (true) a.push(new Array(100000).fill(1));',
      'MEMORY_LIMIT_EXCEEDED',
    ],
    ['deep recursion fails the step', 'const f = () => f(); return f();', 'FAILED'],
    [
      "constructor.constructor('return process')() fails the step",
      "return constructor.constructor('return process')().env;",
      'FAILED',
    ],
    ['a throw of a non-Error fails the step with its text', "throw 'plain text';", 'FAILED'],
  ])('%s', async (_, body, status) => {
    const { engine } = testEngine({ flowTimeoutSeconds: 1, codeMemoryLimitMb: 32 });
    const result = await engine.execute({
      flowVersion: flow(code('user', body), piece('after', 'echo')),
      triggerPayload: {},
    });
    expect(result.status).toBe(status);
    expect(result).toMatchObject({ failedStep: { name: 'user' } });
    const healthy = await testEngine().engine.execute({
      flowVersion: flow(code('ok', 'return 1 + 1;')),
      triggerPayload: {},
    });
    expect(healthy.steps.ok!.output).toBe(2);
  });

  it('prototype pollution of the step input does not reach later steps or the host', async () => {
    const { engine } = testEngine();
    const result = await engine.execute({
      flowVersion: flow(
        code(
          'pollute',
          'try { inputs.__proto__.polluted = 1; } catch (e) {} try { Object.prototype.polluted = 2; } catch (e) {} return 1;',
          { a: 1 },
        ),
        code('check', 'return { seen: ({}).polluted ?? null };'),
      ),
      triggerPayload: {},
    });
    expect(result.steps.check!.output).toEqual({ seen: null });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
