/**
 * The in-process half of `piecework test <dir>`: a project state's flows run their test cases
 * with the engine in this process, a file of test cases for no flow (or holding no test cases)
 * says so.
 */
import { describe, expect, it } from 'vitest';
import type { ProjectState } from '@piecework/shared';
import { code, flow } from '@piecework/shared/testing';
import { testProjectState } from './test-project-state';

const version = flow(code('double', 'return inputs.n * 2;', { n: "{{trigger['output'].n}}" }));
const state: ProjectState = {
  flows: [
    {
      externalId: 'doubler',
      published: false,
      status: 'DISABLED',
      version: { displayName: 'Doubler', trigger: version.trigger, schemaVersion: null, notes: [] },
    },
  ],
  connections: [],
  tables: [],
};

const expecting = (equals: number) => ({
  displayName: `doubles 21 to ${String(equals)}`,
  triggerOutput: { n: 21 },
  expectations: [{ type: 'STEP_OUTPUT', stepName: 'double', equals }],
});

describe('testProjectState', () => {
  it("runs each flow's test cases in this process", async () => {
    const [suite] = await testProjectState(state, new Map([['doubler', [expecting(42), expecting(40)]]]));
    expect(suite).toMatchObject({ flowKey: 'doubler', displayName: 'Doubler' });
    expect(suite!.results.map(({ displayName, passed }) => [displayName, passed])).toEqual([
      ['doubles 21 to 42', true],
      ['doubles 21 to 40', false],
    ]);
    expect(suite!.results[1]!.failures[0]!.diff).toBe('- 40\n+ 42');
  });

  it('reports a tests file for no flow, and one that holds no test cases', async () => {
    const suites = await testProjectState(
      state,
      new Map<string, unknown>([
        ['doubler', [{ displayName: 'no trigger output', expectations: 'all' }]],
        ['ghost', []],
      ]),
    );
    expect(suites.map((suite) => [suite.flowKey, suite.error !== undefined])).toEqual([
      ['doubler', true],
      ['ghost', true],
    ]);
    expect(suites[1]!.error).toBe('no flow has the externalId ghost');
  });
});
