import type { Step, Trigger } from '@piecework/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { insertionKey } from '../structure/insertion';
import { insertionChoices, subtreeNames } from '../structure/step-positions';
import { code, flowOf, loop, router } from '../structure/test-flows';
import { layoutFlow, type FlowLayout, type LayoutNode, type Point } from './layout';

/** A step of a random flow before it is named: a plain step, a loop with a body, or a router. */
type Shape = { kind: 'code' } | { kind: 'loop'; body: Shape[] } | { kind: 'router'; branches: Shape[][] };

/** Random flows up to a few levels deep: chains of code steps, loops and routers of 1 to 4 branches. */
const shapes: fc.Arbitrary<Shape[]> = fc.letrec<{ chain: Shape[] }>((tie) => ({
  chain: fc.array(
    fc.oneof(
      { depthSize: 'small', maxDepth: 3, depthIdentifier: 'chain', withCrossShrink: true },
      fc.constant<Shape>({ kind: 'code' }),
      tie('chain').map((body): Shape => ({ kind: 'loop', body })),
      fc
        .array(tie('chain'), { minLength: 1, maxLength: 4, depthIdentifier: 'chain' })
        .map((branches): Shape => ({ kind: 'router', branches })),
    ),
    { maxLength: 3, depthIdentifier: 'chain' },
  ),
})).chain;

/** The flow of `chain`, its steps named `step_1`, `step_2`... in reading order. */
function flowOfShapes(chain: Shape[]): Trigger {
  let count = 0;
  const build = (steps: Shape[]): Step[] =>
    steps.map((shape) => {
      const name = `step_${String(++count)}`;
      if (shape.kind === 'loop') return loop(name, build(shape.body));
      if (shape.kind === 'router') return router(name, shape.branches.map(build));
      return code(name);
    });
  return flowOf(...build(chain));
}

/** Every step of the flow, depth first. */
function allSteps(trigger: Trigger): Step[] {
  const steps: Step[] = [];
  const visit = (head: Step | null | undefined) => {
    for (let step = head; step; step = step.nextAction) {
      steps.push(step);
      if (step.type === 'LOOP_ON_ITEMS') visit(step.firstLoopAction);
      if (step.type === 'ROUTER') step.children.forEach(visit);
    }
  };
  visit(trigger.nextAction);
  return steps;
}

/** Nodes that are drawn as solid things: cards, junctions and the end (not loop boxes). */
const solid = (layout: FlowLayout) => layout.nodes.filter((node) => node.kind !== 'loop-body');

const overlap = (a: LayoutNode, b: LayoutNode) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const inside = (inner: LayoutNode, outer: LayoutNode) =>
  inner.x >= outer.x &&
  inner.y >= outer.y &&
  inner.x + inner.width <= outer.x + outer.width &&
  inner.y + inner.height <= outer.y + outer.height;

/** Whether the straight segment `a`-`b` passes through the inside of `node` (touching an edge does not). */
function crosses(a: Point, b: Point, node: LayoutNode): boolean {
  const [x1, x2] = [Math.min(a.x, b.x), Math.max(a.x, b.x)];
  const [y1, y2] = [Math.min(a.y, b.y), Math.max(a.y, b.y)];
  if (x1 === x2)
    return (
      node.x < x1 && x1 < node.x + node.width && Math.max(y1, node.y) < Math.min(y2, node.y + node.height)
    );
  return node.y < y1 && y1 < node.y + node.height && Math.max(x1, node.x) < Math.min(x2, node.x + node.width);
}

const strictlyInside = (point: Point, node: LayoutNode) =>
  node.x < point.x && point.x < node.x + node.width && node.y < point.y && point.y < node.y + node.height;

const flows = shapes.map(flowOfShapes);

describe('layoutFlow, for random flows of nested loops and routers', () => {
  it('draws every step once, and no two cards, junctions or the end overlap', () => {
    fc.assert(
      fc.property(flows, (trigger) => {
        const layout = layoutFlow(trigger);
        const cards = layout.nodes.filter((node) => node.kind === 'step').map((node) => node.id);
        expect([...cards].sort()).toEqual(
          allSteps(trigger)
            .map((step) => step.name)
            .sort(),
        );
        const ids = layout.nodes.map((node) => node.id);
        expect(new Set(ids).size).toBe(ids.length);
        const nodes = solid(layout);
        const overlaps = nodes.flatMap((a, index) =>
          nodes.slice(index + 1).flatMap((b) => (overlap(a, b) ? [`${a.id} / ${b.id}`] : [])),
        );
        expect(overlaps).toEqual([]);
      }),
    );
  });

  it("puts each loop's body inside its box, and nothing else in it", () => {
    fc.assert(
      fc.property(flows, (trigger) => {
        const layout = layoutFlow(trigger);
        for (const step of allSteps(trigger)) {
          if (step.type !== 'LOOP_ON_ITEMS') continue;
          const box = layout.nodes.find((node) => node.id === `${step.name}:loop-body`)!;
          expect(box).toBeDefined();
          const body = subtreeNames(step);
          body.delete(step.name);
          const problems: string[] = [];
          for (const node of layout.nodes) {
            // The loop's own end sits on the bottom edge of its box, where the body meets again.
            if (node === box || node.id === `${step.name}:loop-end`) continue;
            const owner = node.kind === 'step' ? node.id : node.id.split(':')[0]!;
            if (body.has(owner)) {
              if (!inside(node, box)) problems.push(`${node.id} outside ${box.id}`);
            } else if (!(node.kind === 'loop-body' && inside(box, node)) && overlap(node, box)) {
              problems.push(`${node.id} in ${box.id}`);
            }
          }
          expect(problems).toEqual([]);
        }
      }),
    );
  });

  it("keeps each router's branches side by side, all of one branch left of the next one", () => {
    fc.assert(
      fc.property(flows, (trigger) => {
        const layout = layoutFlow(trigger);
        const ownerOf = (node: LayoutNode) => (node.kind === 'step' ? node.id : node.id.split(':')[0]!);
        const problems: string[] = [];
        for (const step of allSteps(trigger)) {
          if (step.type !== 'ROUTER') continue;
          // The horizontal extent of a branch: its nodes, and its edges but the one to the router's merge.
          const extents = step.children.flatMap((head) => {
            const names = new Set<string>();
            for (let each: Step | null | undefined = head; each; each = each.nextAction)
              subtreeNames(each).forEach((name) => names.add(name));
            const xs = [
              ...layout.nodes
                .filter((node) => names.has(ownerOf(node)))
                .flatMap((node) => [node.x, node.x + node.width]),
              ...layout.edges
                .filter(
                  (edge) => names.has(edge.insertion.parentStep) && edge.target !== `${step.name}:merge`,
                )
                .flatMap((edge) => edge.points.map((point) => point.x)),
            ];
            return xs.length === 0 ? [] : [{ left: Math.min(...xs), right: Math.max(...xs) }];
          });
          extents.forEach((extent, index) => {
            const next = extents[index + 1];
            if (next !== undefined && extent.right > next.left)
              problems.push(`branches of ${step.name} overlap`);
          });
        }
        expect(problems).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('joins existing nodes with each edge, from the bottom middle of one to the top middle of the next', () => {
    fc.assert(
      fc.property(flows, (trigger) => {
        const layout = layoutFlow(trigger);
        const byId = new Map(layout.nodes.map((node) => [node.id, node]));
        for (const edge of layout.edges) {
          const source = byId.get(edge.source);
          const target = byId.get(edge.target);
          expect(source, edge.id).toBeDefined();
          expect(target, edge.id).toBeDefined();
          expect(edge.points[0]).toEqual({ x: source!.x + source!.width / 2, y: source!.y + source!.height });
          expect(edge.points.at(-1)).toEqual({ x: target!.x + target!.width / 2, y: target!.y });
        }
      }),
    );
  });

  it('routes edges downwards in straight runs that never pass through a card or junction', () => {
    fc.assert(
      fc.property(flows, (trigger) => {
        const layout = layoutFlow(trigger);
        const nodes = solid(layout);
        const problems: string[] = [];
        for (const edge of layout.edges) {
          for (const [index, b] of edge.points.entries()) {
            if (index === 0) continue;
            const a = edge.points[index - 1]!;
            if (a.x !== b.x && a.y !== b.y) problems.push(`${edge.id} is not straight`);
            if (b.y < a.y) problems.push(`${edge.id} runs upwards`);
            for (const node of nodes) if (crosses(a, b, node)) problems.push(`${edge.id} through ${node.id}`);
          }
          for (const node of nodes)
            if (strictlyInside(edge.plusAt, node)) problems.push(`the "+" of ${edge.id} under ${node.id}`);
        }
        expect(problems).toEqual([]);
      }),
    );
  });

  it('has one edge, with its "+", per place a step can be added, and bounds around everything', () => {
    fc.assert(
      fc.property(flows, (trigger) => {
        const layout = layoutFlow(trigger);
        const edgeKeys = layout.edges.map((edge) => edge.id);
        expect(new Set(edgeKeys).size).toBe(edgeKeys.length);
        expect(layout.edges.every((edge) => edge.id === insertionKey(edge.insertion))).toBe(true);
        const choiceKeys = insertionChoices(trigger).map((choice) => insertionKey(choice.insertion));
        expect([...edgeKeys].sort()).toEqual([...choiceKeys].sort());
        const { bounds } = layout;
        for (const node of layout.nodes) {
          expect(node.x).toBeGreaterThanOrEqual(bounds.x);
          expect(node.y).toBeGreaterThanOrEqual(bounds.y);
          expect(node.x + node.width).toBeLessThanOrEqual(bounds.x + bounds.width);
          expect(node.y + node.height).toBeLessThanOrEqual(bounds.y + bounds.height);
        }
      }),
    );
  });
});
