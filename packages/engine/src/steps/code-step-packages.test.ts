/**
 * Code steps that declare npm dependencies run as the bundle the host's code bundler makes;
 * plain code steps never ask the host. (The real bundler, npm and esbuild, is tested in the
 * server: `code-bundler.test.ts`.)
 */
import type { Step } from '@piecework/shared';
import { describe, expect, it } from 'vitest';
import { FlowEngine } from '../flow-engine';
import type { CodeBundleOutcome, CodeSource } from '../host/code-bundler';
import { createMemoryHost } from '../host/memory-host';
import { code, flow } from '@piecework/shared/testing';

/** A bundle as the server's bundler makes them: a CommonJS body that sets `exports.code`. */
const DOUBLING_BUNDLE =
  'var lib = { double: function (n) { return n * 2; } };\nexports.code = async function (inputs) { return lib.double(inputs.n); };';

function withPackages(name: string, source: string, packageJson: string): Step {
  const step = code(name, '');
  if (step.type !== 'CODE') throw new Error('not a code step');
  return { ...step, settings: { ...step.settings, sourceCode: { code: source, packageJson } } };
}

function engineWith(answer: (source: CodeSource) => CodeBundleOutcome) {
  const asked: CodeSource[] = [];
  const host = createMemoryHost({
    code: {
      async bundle(source) {
        asked.push(source);
        return answer(source);
      },
    },
  });
  return { engine: new FlowEngine({ host }), asked };
}

const LIB = '{"dependencies":{"double-lib":"^1.0.0"}}';

describe('code steps with npm packages', () => {
  it('run the bundle of the host, asked once per source in a process', async () => {
    const source = `import { double } from 'double-lib';\nexport const code = async (inputs) => double(inputs.n); // ${Math.random()}`;
    const { engine, asked } = engineWith(() => ({ ok: true, bundle: DOUBLING_BUNDLE }));
    const version = flow(withPackages('step_1', source, LIB));
    const first = await engine.execute({ flowVersion: version, triggerPayload: {} });
    const second = await engine.execute({ flowVersion: version, triggerPayload: {} });
    expect([first.status, second.status]).toEqual(['SUCCEEDED', 'SUCCEEDED']);
    expect(asked).toEqual([{ code: source, packageJson: LIB }]);
  });

  it('set a bundle up once per run: its module state lasts for the run, never into the next', async () => {
    const counting = 'var calls = 0;\nexports.code = async function () { calls += 1; return calls; };';
    const { engine } = engineWith(() => ({ ok: true, bundle: counting }));
    const source = `import 'counter';\nexport const code = async () => 0; // ${Math.random()}`;
    const version = flow(withPackages('step_1', source, LIB), withPackages('step_2', source, LIB));
    const outputs = async () => {
      const result = await engine.execute({ flowVersion: version, triggerPayload: {} });
      return [result.steps['step_1']?.output, result.steps['step_2']?.output];
    };
    expect(await outputs()).toEqual([1, 2]);
    expect(await outputs()).toEqual([1, 2]);
  });

  it('report a bundle whose module throws as it loads, at every step', async () => {
    const throwing = "throw new Error('this package needs a browser');\nexports.code = async () => 1;";
    const { engine } = engineWith(() => ({ ok: true, bundle: throwing }));
    const source = `export const code = async () => 0; // ${Math.random()}`;
    const step = (name: string) =>
      ({
        ...withPackages(name, source, LIB),
        settings: {
          ...withPackages(name, source, LIB).settings,
          errorHandlingOptions: { continueOnFailure: { value: true }, retryOnFailure: { value: false } },
        },
      }) as Step;
    const result = await engine.execute({
      flowVersion: flow(step('step_1'), step('step_2')),
      triggerPayload: {},
    });
    expect([result.steps['step_1'], result.steps['step_2']]).toMatchObject([
      { status: 'FAILED', errorMessage: 'this package needs a browser' },
      { status: 'FAILED', errorMessage: 'this package needs a browser' },
    ]);
  });

  it('fail with the bundler message, and ask again on the next attempt', async () => {
    const message = 'The package "reads-files" needs the Node built-in module "fs"';
    const { engine, asked } = engineWith(() => ({ ok: false, message }));
    const version = flow(withPackages('step_1', 'export const code = async () => 1; // fails', LIB));
    const result = await engine.execute({ flowVersion: version, triggerPayload: {} });
    await engine.execute({ flowVersion: version, triggerPayload: {} });
    expect(result.status).toBe('FAILED');
    expect(result.steps['step_1']).toMatchObject({ status: 'FAILED', errorMessage: message });
    expect(asked).toHaveLength(2);
  });

  it.each([
    ['a plain step', '{}', 'SUCCEEDED', undefined],
    ['a step with empty dependencies', '{ "dependencies": {} }', 'SUCCEEDED', undefined],
    ['unparsable package.json (runs as written)', 'not json', 'SUCCEEDED', undefined],
    [
      'a file: dependency',
      '{"dependencies":{"x":"file:../../etc"}}',
      'FAILED',
      "The version of x in the code step's package.json must be a version range or tag of the npm registry (no files, URLs or repositories)",
    ],
  ])('%s never asks the host', async (_, packageJson, status, errorMessage) => {
    const { engine, asked } = engineWith(() => ({ ok: true, bundle: DOUBLING_BUNDLE }));
    const version = flow(withPackages('step_1', 'export const code = async () => 7;', packageJson));
    const result = await engine.execute({ flowVersion: version, triggerPayload: {} });
    expect(result.steps['step_1']).toMatchObject({
      status,
      ...(errorMessage ? { errorMessage } : { output: 7 }),
    });
    expect(asked).toEqual([]);
  });

  it('fail clearly in a host that installs no packages', async () => {
    const engine = new FlowEngine({ host: createMemoryHost() });
    const version = flow(withPackages('step_1', 'export const code = async () => 1; // no host', LIB));
    const result = await engine.execute({ flowVersion: version, triggerPayload: {} });
    expect(result.steps['step_1']).toMatchObject({
      status: 'FAILED',
      errorMessage: 'npm packages are not available in code steps here: this host installs no packages',
    });
  });
});
