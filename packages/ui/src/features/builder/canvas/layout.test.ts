import { describe, expect, it } from 'vitest';
import { insertionChoices } from '../structure/step-positions';
import { code, flowOf, loop, router } from '../structure/test-flows';
import { CARD_HEIGHT, CARD_WIDTH, layoutFlow, type LayoutNode } from './layout';

const cards = (nodes: readonly LayoutNode[]) =>
  nodes.filter((node) => node.kind === 'step' || node.kind === 'trigger');
const byId = (nodes: readonly LayoutNode[], id: string) => nodes.find((node) => node.id === id)!;
const inside = (inner: LayoutNode, outer: LayoutNode) =>
  inner.x >= outer.x &&
  inner.y >= outer.y &&
  inner.x + inner.width <= outer.x + outer.width &&
  inner.y + inner.height <= outer.y + outer.height;
const overlap = (a: LayoutNode, b: LayoutNode) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('layoutFlow', () => {
  it('stacks the trigger and a chain top to bottom on one axis, an edge with a "+" after each', () => {
    const layout = layoutFlow(flowOf(code('step_1'), code('step_2')));
    expect(cards(layout.nodes).map((node) => [node.id, node.x, node.y])).toEqual([
      ['trigger', -CARD_WIDTH / 2, 0],
      ['step_1', -CARD_WIDTH / 2, CARD_HEIGHT + 64],
      ['step_2', -CARD_WIDTH / 2, 2 * (CARD_HEIGHT + 64)],
    ]);
    expect(layout.edges.map((edge) => [edge.source, edge.target, edge.id])).toEqual([
      ['trigger', 'step_1', 'trigger:AFTER'],
      ['step_1', 'step_2', 'step_1:AFTER'],
      ['step_2', ':end', 'step_2:AFTER'],
    ]);
  });

  it('draws a loop body inside a box under the loop card, the chain going on below the box', () => {
    const layout = layoutFlow(flowOf(loop('step_1', [code('step_2'), code('step_3')]), code('step_4')));
    const box = byId(layout.nodes, 'step_1:loop-body');
    expect(inside(byId(layout.nodes, 'step_2'), box)).toBe(true);
    expect(inside(byId(layout.nodes, 'step_3'), box)).toBe(true);
    expect(byId(layout.nodes, 'step_1').y + CARD_HEIGHT).toBeLessThanOrEqual(box.y);
    expect(byId(layout.nodes, 'step_4').y).toBeGreaterThan(box.y + box.height);
    const into = layout.edges.find((edge) => edge.id === 'step_1:INSIDE_LOOP')!;
    expect([into.source, into.target]).toEqual(['step_1', 'step_2']);
  });

  it('hangs router branches side by side in branch order, labelled, meeting under the router', () => {
    const layout = layoutFlow(
      flowOf(router('step_1', [[code('step_2')], [], [code('step_3'), code('step_4')]]), code('step_5')),
    );
    const columns = ['step_2', 'step_3'].map((id) => byId(layout.nodes, id).x);
    expect(columns[0]).toBeLessThan(columns[1]!);
    const labels = layout.edges
      .filter((edge) => edge.label !== undefined)
      .map((edge) => [edge.id, edge.label!.text])
      .sort();
    expect(labels).toEqual([
      ['step_1:INSIDE_BRANCH:0', 'Branch 1'],
      ['step_1:INSIDE_BRANCH:1', 'Branch 2'],
      ['step_1:INSIDE_BRANCH:2', 'Otherwise'],
    ]);
    const merge = byId(layout.nodes, 'step_1:merge');
    expect(merge.y).toBeGreaterThan(byId(layout.nodes, 'step_4').y + CARD_HEIGHT);
    expect(byId(layout.nodes, 'step_5').y).toBeGreaterThan(merge.y);
    const all = cards(layout.nodes);
    for (const a of all)
      for (const b of all) if (a !== b) expect(overlap(a, b), `${a.id} / ${b.id}`).toBe(false);
  });

  it('has exactly one edge per place a step can go, nested loops and routers included', () => {
    const trigger = flowOf(
      code('step_1'),
      router('step_2', [[loop('step_3', [router('step_4', [[], []])])], [], [code('step_5')]]),
      loop('step_6'),
    );
    const edgeKeys = layoutFlow(trigger).edges.map((edge) => edge.id);
    const choiceKeys = insertionChoices(trigger).map((choice) => {
      const { parentStep, location } = choice.insertion;
      return choice.insertion.location === 'INSIDE_BRANCH'
        ? `${parentStep}:${location}:${String(choice.insertion.branchIndex)}`
        : `${parentStep}:${location}`;
    });
    expect(new Set(edgeKeys).size).toBe(edgeKeys.length);
    expect([...edgeKeys].sort()).toEqual([...choiceKeys].sort());
  });

  it('lays out a 200-step flow as 200 cards in reading order', () => {
    const steps = Array.from({ length: 200 }, (_, index) => code(`step_${String(index + 1)}`));
    const layout = layoutFlow(flowOf(...steps));
    const ys = cards(layout.nodes).map((node) => node.y);
    expect(ys).toHaveLength(201);
    expect(ys.every((y, index) => index === 0 || y > ys[index - 1]!)).toBe(true);
    expect(layout.bounds.height).toBeGreaterThan(200 * CARD_HEIGHT);
  });
});
