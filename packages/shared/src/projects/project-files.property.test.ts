import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Step } from '../flows/step';
import { getAllSteps } from '../flows/algebra/walk';
import { chain, code, loop, piece, router, textIs, webhookTrigger } from '../testing';
import { codeFilePath } from './project-file-paths';
import { isProjectFilePath, projectStateFromFiles, projectStateToFiles } from './project-files';
import type { ConnectionState, FlowState, ProjectState, TableState } from './project-state';

/** The shape of a random step tree; names are given in order when it is built. */
type StepSeed =
  | { kind: 'code'; source: string; packageJson: string; input: Record<string, unknown> }
  | { kind: 'piece'; input: Record<string, unknown> }
  | { kind: 'loop'; items: string; body: StepSeed[] }
  | { kind: 'router'; branches: StepSeed[][] };

/**
 * JSON values as a parsed file holds them (`-0` is `0`), without `__proto__` keys: zod's parsing
 * of a record drops such a key whatever the format (and the server refuses bodies holding one).
 */
const jsonValue = fc
  .jsonValue({ maxDepth: 2 })
  .map((value) => JSON.parse(JSON.stringify(value)) as unknown)
  .filter((value) => !JSON.stringify(value).includes('"__proto__"'));
const key = fc.string().filter((text) => text !== '__proto__');
const input = fc.dictionary(key, jsonValue, { maxKeys: 3 });
const packageJson = fc.oneof(
  fc.constantFrom('', '{}', ' {}\n'),
  fc
    .dictionary(key, fc.string(), { minKeys: 1, maxKeys: 2 })
    .map((dependencies) => JSON.stringify({ dependencies }, null, 2)),
  fc.string({ unit: 'binary' }),
);
const { steps } = fc.letrec<{ steps: StepSeed[]; step: StepSeed }>((tie) => ({
  steps: fc.array(tie('step'), { maxLength: 3 }),
  step: fc.oneof(
    { depthSize: 'small', maxDepth: 3 },
    fc.record({
      kind: fc.constant('code' as const),
      source: fc.string({ unit: 'binary', maxLength: 80 }),
      packageJson,
      input,
    }),
    fc.record({ kind: fc.constant('piece' as const), input }),
    fc.record({ kind: fc.constant('loop' as const), items: fc.string(), body: tie('steps') }),
    fc.record({
      kind: fc.constant('router' as const),
      branches: fc.array(tie('steps'), { minLength: 1, maxLength: 3 }),
    }),
  ),
}));

function buildSteps(seeds: StepSeed[], count: { n: number }): Step[] {
  return seeds.map((seed) => {
    count.n += 1;
    const name = `step_${String(count.n)}`;
    if (seed.kind === 'piece') return piece(name, 'act', seed.input);
    if (seed.kind === 'loop') return loop(name, seed.items, buildSteps(seed.body, count));
    if (seed.kind === 'router') {
      const branches = seed.branches.map((branch) => ({
        conditions: [[textIs('a', 'b')]],
        steps: buildSteps(branch, count),
      }));
      return router(name, 'EXECUTE_ALL_MATCH', branches);
    }
    const step = code(name, '', seed.input);
    if (step.type !== 'CODE') throw new Error('code() builds CODE steps');
    return {
      ...step,
      settings: { ...step.settings, sourceCode: { code: seed.source, packageJson: seed.packageJson } },
    };
  });
}

/** An externalId: any text, and often the ones that are hard to name a file after. */
const externalId = fc.oneof(
  fc.string({ minLength: 1, maxLength: 12 }),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 6 }),
  fc.constantFrom('.', '..', '../up', 'a/b', '%41', 'A', 'a', 'orders.v2', '.hidden', 'con'),
);
const note = fc.record({
  id: fc.string({ minLength: 1 }),
  content: fc.string(),
  color: fc.constantFrom('orange', 'red', 'green', 'blue', 'purple', 'yellow' as const),
  position: fc.record({ x: fc.integer(), y: fc.integer() }),
  size: fc.record({ width: fc.nat(), height: fc.nat() }),
});
const flowState: fc.Arbitrary<FlowState> = fc
  .record({
    externalId,
    published: fc.boolean(),
    status: fc.constantFrom('ENABLED', 'DISABLED' as const),
    displayName: fc.string(),
    schemaVersion: fc.option(fc.constantFrom('1', '20'), { nil: null }),
    notes: fc.option(fc.array(note, { maxLength: 2 }), { nil: undefined }),
    steps,
  })
  .map(({ steps: seeds, displayName, schemaVersion, notes, ...flow }) => ({
    ...flow,
    version: {
      displayName,
      schemaVersion,
      ...(notes === undefined ? {} : { notes }),
      trigger: { ...webhookTrigger(), nextAction: chain(buildSteps(seeds, { n: 0 })) },
    },
  }));
const tableState: fc.Arbitrary<TableState> = fc.record(
  {
    name: fc.string(),
    externalId,
    fields: fc.array(
      fc.record(
        {
          name: fc.string(),
          type: fc.constantFrom('TEXT', 'NUMBER', 'STATIC_DROPDOWN'),
          externalId: fc.string(),
          data: fc.option(fc.record({ options: fc.array(fc.record({ value: fc.string() })) }), { nil: null }),
        },
        { requiredKeys: ['name', 'type', 'externalId'] },
      ),
      { maxLength: 3 },
    ),
    status: fc.option(fc.constantFrom('ENABLED', 'DISABLED'), { nil: null }),
    trigger: fc.option(fc.string(), { nil: null }),
  },
  { requiredKeys: ['name', 'externalId', 'fields'] },
);
const connectionState: fc.Arbitrary<ConnectionState> = fc.record({
  externalId,
  displayName: fc.string(),
  pieceName: fc.string(),
  type: fc.constantFrom('OAUTH2', 'SECRET_TEXT', 'CUSTOM_AUTH'),
});
const projectState: fc.Arbitrary<ProjectState> = fc.record({
  flows: fc.uniqueArray(flowState, { selector: (flow) => flow.externalId, maxLength: 4 }),
  connections: fc.uniqueArray(connectionState, {
    selector: (connection) => connection.externalId,
    maxLength: 3,
  }),
  tables: fc.uniqueArray(tableState, { selector: (table) => table.externalId, maxLength: 3 }),
});

const byExternalId = <T extends { externalId: string }>(items: T[]): T[] =>
  [...items].sort((a, b) => (a.externalId < b.externalId ? -1 : a.externalId > b.externalId ? 1 : 0));

/** The state with its flows, tables and connections in externalId order, as files give it back. */
function ordered(state: ProjectState): ProjectState {
  return {
    flows: byExternalId(state.flows),
    connections: byExternalId(state.connections),
    tables: byExternalId(state.tables),
  };
}

/** The same value with every object's keys in reverse order (arrays keep theirs). */
function keysReversed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(keysReversed);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([key, item]) => [key, keysReversed(item)]),
  );
}

describe('project files properties', () => {
  it('give back the state they were written from', () => {
    fc.assert(
      fc.property(projectState, (state) => {
        const read = projectStateFromFiles(projectStateToFiles(state));
        expect(read).toEqual({ ok: true, state: ordered(state) });
      }),
      { numRuns: 200 },
    );
  });

  it('are the same bytes whatever order the state came in, and again once read back', () => {
    fc.assert(
      fc.property(projectState, (state) => {
        const files = projectStateToFiles(state);
        const shuffled = keysReversed({
          flows: [...state.flows].reverse(),
          connections: [...state.connections].reverse(),
          tables: [...state.tables].reverse(),
        }) as ProjectState;
        expect(projectStateToFiles(shuffled)).toEqual(files);
        const read = projectStateFromFiles(files);
        if (!read.ok) throw new Error(read.refusal.message);
        expect(projectStateToFiles(read.state)).toEqual(files);
      }),
      { numRuns: 150 },
    );
  });

  it('are owned by the format, and each code step has its exact source in its own file', () => {
    fc.assert(
      fc.property(projectState, (state) => {
        const files = projectStateToFiles(state);
        for (const path of Object.keys(files)) expect(isProjectFilePath(path), path).toBe(true);
        for (const flow of state.flows) {
          for (const step of getAllSteps(flow.version.trigger)) {
            if (step.type !== 'CODE') continue;
            expect(files[codeFilePath(flow.externalId, step.name)]).toBe(step.settings.sourceCode.code);
          }
        }
      }),
      { numRuns: 100 },
    );
  });
});
