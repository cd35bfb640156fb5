/**
 * bench/flow-operations: applies 1,000 random structural operations to flows of 20, 200 and
 * 2,000 steps and prints µs per operation, how that grows with flow size, and the cost of one
 * `structuredClone` of the same version measured in the same run (the baseline: what a
 * clone-then-mutate implementation would pay before doing any work).
 *
 * Run: npm run bench:flow-operations
 */
import {
  applyFlowVersionOperation,
  createEmptyFlowVersion,
  getAllSteps,
  type FlowOperation,
  type FlowVersion,
  type FlowVersionOperation,
  type StepRequest,
} from '../packages/shared/src/index';
import { mulberry32, printTable, timeIt } from './support';

const NOW = '2026-01-01T00:00:00.000Z';
const OPERATIONS = 1_000;

function code(name: string): StepRequest {
  return {
    name,
    displayName: name,
    type: 'CODE',
    valid: true,
    settings: {
      sourceCode: {
        code: 'export const code = async (inputs) => ({ sum: inputs.a + inputs.b });',
        packageJson: '{}',
      },
      input: { a: "{{trigger['output'].body.a}}", b: 2, nested: { list: [1, 2, 3], text: 'hello' } },
    },
  };
}

function apply(version: FlowVersion, operation: FlowOperation): FlowVersion {
  return applyFlowVersionOperation(version, operation as FlowVersionOperation, { now: NOW });
}

/** A flow of `size` steps: a main chain of code steps, with a loop (one body step) and a router (one step in its first branch) in every ten. */
function buildFlow(size: number): FlowVersion {
  let version = createEmptyFlowVersion({
    id: 'v'.repeat(21),
    flowId: 'f'.repeat(21),
    displayName: 'bench',
    now: NOW,
  });
  const add = (
    parentStep: string,
    action: StepRequest,
    where?: 'AFTER' | 'INSIDE_LOOP' | 'INSIDE_BRANCH',
  ) => {
    version = apply(version, {
      type: 'ADD_ACTION',
      request: {
        parentStep,
        action,
        stepLocationRelativeToParent: where,
        branchIndex: where === 'INSIDE_BRANCH' ? 0 : undefined,
      },
    });
  };
  let last = 'trigger';
  let n = 0;
  const next = () => `step_${++n}`;
  while (n < size) {
    const kind = n % 10;
    if (kind === 3 && n + 3 <= size) {
      const loop = next();
      add(last, {
        name: loop,
        displayName: loop,
        type: 'LOOP_ON_ITEMS',
        valid: true,
        settings: { items: "{{trigger['output'].body.items}}" },
      });
      add(loop, code(next()), 'INSIDE_LOOP');
      last = loop;
    } else if (kind === 7 && n + 3 <= size) {
      const router = next();
      add(last, {
        name: router,
        displayName: router,
        type: 'ROUTER',
        valid: true,
        settings: {
          executionType: 'EXECUTE_FIRST_MATCH',
          branches: [
            {
              branchType: 'CONDITION',
              branchName: 'A',
              conditions: [
                [{ operator: 'TEXT_CONTAINS', firstValue: "{{trigger['output']}}", secondValue: 'a' }],
              ],
            },
            { branchType: 'FALLBACK', branchName: 'Otherwise' },
          ],
        },
      });
      add(router, code(next()), 'INSIDE_BRANCH');
      last = router;
    }
    const step = next();
    add(last, code(step), 'AFTER');
    last = step;
  }
  return version;
}

/** 1,000 operations that keep the flow's size steady: update, move, skip, and add-then-delete pairs. */
function randomOperations(version: FlowVersion, random: () => number): FlowOperation[] {
  const names = getAllSteps(version.trigger)
    .slice(1)
    .filter((step) => step.type === 'CODE')
    .map((step) => step.name);
  const anyName = () => names[Math.floor(random() * names.length)]!;
  const operations: FlowOperation[] = [];
  let extra = 0;
  while (operations.length < OPERATIONS) {
    const kind = Math.floor(random() * 4);
    if (kind === 0)
      operations.push({
        type: 'UPDATE_ACTION',
        request: { ...code(anyName()), displayName: `u${operations.length}` },
      });
    else if (kind === 1)
      operations.push({ type: 'SET_SKIP_ACTION', request: { names: [anyName()], skip: random() < 0.5 } });
    else if (kind === 2)
      operations.push({ type: 'MOVE_ACTION', request: { name: names[0]!, newParentStep: anyName() } });
    else {
      const name = `extra_${extra++}`;
      operations.push({ type: 'ADD_ACTION', request: { parentStep: anyName(), action: code(name) } });
      operations.push({ type: 'DELETE_ACTION', request: { names: [name] } });
    }
  }
  return operations.slice(0, OPERATIONS);
}

const rows: string[][] = [];
let firstPerOp = 0;
for (const size of [20, 200, 2_000]) {
  const flow = buildFlow(size);
  const steps = getAllSteps(flow.trigger).length - 1;
  const operations = randomOperations(flow, mulberry32(size));
  const perOperation =
    timeIt(() => {
      let version = flow;
      for (const operation of operations) {
        try {
          version = apply(version, operation);
        } catch {
          // a MOVE onto its own subtree is refused; the version stays as it was
        }
      }
    }, 3) / OPERATIONS;
  const perClone = timeIt(() => structuredClone(flow), 20);
  firstPerOp ||= perOperation;
  rows.push([
    String(steps),
    (perOperation * 1000).toFixed(1),
    (perOperation / firstPerOp).toFixed(1) + 'x',
    (perClone * 1000).toFixed(1),
    (perOperation / perClone).toFixed(2),
  ]);
}
printTable(['steps', 'µs/operation', 'growth vs smallest', 'µs/structuredClone', 'operation/clone'], rows);
