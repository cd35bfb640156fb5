import { describe, expect, it } from 'vitest';
import { code, flowOf, loop, router } from '../structure/test-flows';
import { CARD_HEIGHT, CARD_WIDTH, END_ID, layoutFlow, type FlowLayout, type LayoutNode } from './layout';

const byId = (layout: FlowLayout, id: string): LayoutNode => {
  const node = layout.nodes.find((each) => each.id === id);
  if (node === undefined) throw new Error(`no node ${id}`);
  return node;
};
const edge = (layout: FlowLayout, id: string) => {
  const found = layout.edges.find((each) => each.id === id);
  if (found === undefined) throw new Error(`no edge ${id}`);
  return found;
};
const centerX = (node: LayoutNode) => node.x + node.width / 2;
const bottom = (node: LayoutNode) => node.y + node.height;
const branchEdges = (layout: FlowLayout, router: string) =>
  layout.edges
    .filter((each) => each.insertion.parentStep === router && each.insertion.location === 'INSIDE_BRANCH')
    .sort((a, b) => a.id.localeCompare(b.id));

describe('layoutFlow, shapes of flows', () => {
  it('draws a flow without steps as the trigger, one "+" and the end under it', () => {
    const layout = layoutFlow(flowOf());
    expect(layout.nodes.map((node) => node.kind)).toEqual(['trigger', 'end']);
    expect(layout.edges.map((each) => [each.source, each.target, each.id])).toEqual([
      ['trigger', END_ID, 'trigger:AFTER'],
    ]);
    expect(byId(layout, END_ID).y).toBeGreaterThan(CARD_HEIGHT);
    expect(centerX(byId(layout, END_ID))).toBe(centerX(byId(layout, 'trigger')));
  });

  it('gives an empty loop a box with its own "+" inside, the chain going on below the box', () => {
    const layout = layoutFlow(flowOf(loop('step_1'), code('step_2')));
    const box = byId(layout, 'step_1:loop-body');
    const into = edge(layout, 'step_1:INSIDE_LOOP');
    expect([into.source, into.target]).toEqual(['step_1', 'step_1:loop-end']);
    expect(into.plusAt.y).toBeGreaterThan(box.y);
    expect(into.plusAt.y).toBeLessThan(bottom(box));
    expect(box.width).toBeGreaterThanOrEqual(CARD_WIDTH);
    const after = edge(layout, 'step_1:AFTER');
    expect([after.source, after.target]).toEqual(['step_1:loop-end', 'step_2']);
    expect(byId(layout, 'step_2').y).toBeGreaterThan(bottom(box));
  });

  it('widens the box of a loop around a router in its body, boxes nesting inside each other', () => {
    const layout = layoutFlow(
      flowOf(loop('step_1', [router('step_2', [[loop('step_3', [code('step_4')])], [code('step_5')]])])),
    );
    const outer = byId(layout, 'step_1:loop-body');
    const inner = byId(layout, 'step_3:loop-body');
    expect(outer.width).toBeGreaterThan(2 * CARD_WIDTH);
    for (const id of ['step_2', 'step_3', 'step_4', 'step_5', 'step_3:loop-body']) {
      const node = byId(layout, id);
      expect(node.x).toBeGreaterThan(outer.x);
      expect(node.x + node.width).toBeLessThan(outer.x + outer.width);
    }
    expect(byId(layout, 'step_4').x).toBeGreaterThan(inner.x);
    expect(byId(layout, 'step_5').x).toBeGreaterThan(inner.x + inner.width);
  });

  it('hangs N empty branches side by side, evenly spaced and centred under the router', () => {
    const layout = layoutFlow(flowOf(router('step_1', [[], [], [], []]), code('step_2')));
    const branches = branchEdges(layout, 'step_1');
    expect(branches.map((each) => each.label?.text)).toEqual([
      'Branch 1',
      'Branch 2',
      'Branch 3',
      'Otherwise',
    ]);
    expect(branches.every((each) => each.source === 'step_1' && each.target === 'step_1:merge')).toBe(true);
    const columns = branches.map((each) => each.label!.at.x);
    // Each branch's "+" is in its own column, under its label.
    expect(branches.map((each) => each.plusAt.x)).toEqual(columns);
    branches.forEach((each) => expect(each.plusAt.y).toBeGreaterThan(each.label!.at.y));
    const gaps = columns.slice(1).map((x, index) => x - columns[index]!);
    expect(gaps.every((gap) => gap === gaps[0] && gap >= CARD_WIDTH)).toBe(true);
    expect(columns[0]! + columns[3]!).toBe(2 * centerX(byId(layout, 'step_1')));
    const merge = byId(layout, 'step_1:merge');
    expect(centerX(merge)).toBe(centerX(byId(layout, 'step_1')));
    expect(edge(layout, 'step_1:AFTER').source).toBe('step_1:merge');
    expect(byId(layout, 'step_2').y).toBeGreaterThan(bottom(merge));
  });

  it("stacks a branch's steps in its column under its label, its end joining the others under the router", () => {
    const layout = layoutFlow(flowOf(router('step_1', [[code('step_2'), code('step_3')], []])));
    const [first, empty] = branchEdges(layout, 'step_1');
    expect(first!.target).toBe('step_2');
    expect(first!.label!.at.y).toBeLessThan(byId(layout, 'step_2').y);
    expect(centerX(byId(layout, 'step_2'))).toBe(first!.label!.at.x);
    expect(centerX(byId(layout, 'step_3'))).toBe(first!.label!.at.x);
    expect(byId(layout, 'step_3').y).toBeGreaterThan(bottom(byId(layout, 'step_2')));
    const end = edge(layout, 'step_3:AFTER');
    expect(end.target).toBe('step_1:merge');
    // The empty branch's run down to the junction is as long as the filled one's.
    expect(empty!.points.at(-1)).toEqual(end.points.at(-1));
    expect(empty!.label!.at.x).toBeGreaterThan(first!.label!.at.x);
  });

  it('makes room for a wide branch: its neighbours move aside and the router stays centred over all', () => {
    const layout = layoutFlow(
      flowOf(
        router('step_1', [
          [code('step_2')],
          [router('step_3', [[code('step_4')], [], [code('step_5')]])],
          [code('step_6')],
        ]),
      ),
    );
    const left = byId(layout, 'step_2');
    const right = byId(layout, 'step_6');
    const nested = ['step_3', 'step_4', 'step_5'].map((id) => byId(layout, id));
    const nestedLabels = branchEdges(layout, 'step_3').map((each) => each.label!.at.x);
    for (const node of nested) {
      expect(node.x).toBeGreaterThan(left.x + left.width);
      expect(node.x + node.width).toBeLessThan(right.x);
    }
    expect(Math.min(...nestedLabels)).toBeGreaterThan(left.x + left.width);
    expect(Math.max(...nestedLabels)).toBeLessThan(right.x);
    expect(left.x + right.x + right.width).toBe(2 * centerX(byId(layout, 'step_1')));
    expect(centerX(byId(layout, 'step_3'))).toBe(centerX(byId(layout, 'step_3:merge')));
    // The outer branches meet under the lowest one, the nested router's junction.
    expect(byId(layout, 'step_1:merge').y).toBeGreaterThan(bottom(byId(layout, 'step_3:merge')));
  });

  it('keeps the bounds around the widest and the lowest thing drawn', () => {
    const layout = layoutFlow(flowOf(router('step_1', [[code('step_2')], [], [code('step_3')]])));
    const { bounds } = layout;
    expect(bounds.x).toBe(byId(layout, 'step_2').x);
    expect(bounds.x + bounds.width).toBe(byId(layout, 'step_3').x + CARD_WIDTH);
    expect(bounds.y).toBe(0);
    expect(bounds.y + bounds.height).toBe(bottom(byId(layout, END_ID)));
  });
});
