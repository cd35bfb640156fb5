/**
 * Where everything of a flow sits on the canvas: a pure function from the trigger and its step
 * tree to positioned cards and routed edges, computed once per change of the flow (never per
 * render). The chain runs top to bottom; a loop's body sits in a box under the loop's card; a
 * router's branches hang side by side under it and meet again at a junction. Every edge carries
 * the insertion point its "+" button adds a step at, so each place a step can go has one edge.
 *
 * Sizes are fixed (cards are {@link CARD_WIDTH} x {@link CARD_HEIGHT}), so nothing is measured in
 * the browser: a 200-step flow is laid out in well under a millisecond per step.
 */
import type { RouterStep, Step, Trigger } from '@piecework/shared';
import { insertionKey, type Insertion } from '../structure/insertion';

/** The width of a step card. */
export const CARD_WIDTH = 260;
/** The height of a step card. */
export const CARD_HEIGHT = 64;
/** The side of a junction (where a loop body ends, where branches meet). */
export const JUNCTION_SIZE = 8;
/** The id of the node that ends the main chain (step names never hold a colon). */
export const END_ID = ':end';
const END_WIDTH = 64;
const END_HEIGHT = 26;
/** Card bottom to the next card's top. */
const GAP = 64;
/** Between two branch columns. */
const BRANCH_GAP = 40;
/** A loop box's margin around its body. */
const LOOP_PAD = 28;
/** Loop card bottom to the top of its body's box. */
const LOOP_BOX_TOP = 12;
/** Loop card bottom to its body's first card. */
const LOOP_BODY_TOP = GAP + 16;
/** Router bottom (or branch end) to the bar the branches hang from (or meet at). */
const FAN = 24;
/** Router bottom to its branches' first cards: room for the bar, the label and the "+". */
const BRANCH_TOP = 128;
/** A "+" that belongs to a column sits this far from the card it is next to. */
const PLUS_NEAR = 30;
/** A branch label sits this far under the bar. */
const LABEL_BELOW_BAR = 18;

/** A point on the canvas. */
export interface Point {
  readonly x: number;
  readonly y: number;
}

interface Box {
  readonly id: string;
  /** Top-left corner and size. */
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** One positioned thing on the canvas. */
export type LayoutNode =
  | (Box & { readonly kind: 'trigger'; readonly trigger: Trigger })
  | (Box & { readonly kind: 'step'; readonly step: Step })
  | (Box & { readonly kind: 'loop-body'; readonly loopName: string })
  | (Box & { readonly kind: 'junction' })
  | (Box & { readonly kind: 'end' });

/** A routed edge: its polyline, the "+" it carries and, for a branch, the branch's label. */
export interface LayoutEdge {
  /** The key of its insertion point (unique in a layout). */
  readonly id: string;
  readonly source: string;
  readonly target: string;
  readonly points: readonly Point[];
  /** Where a step added from this edge's "+" goes. */
  readonly insertion: Insertion;
  readonly plusAt: Point;
  /** A router branch's name and where to write it. */
  readonly label?: { readonly text: string; readonly at: Point };
}

/** The layout of a whole flow, with the box around all of it. */
export interface FlowLayout {
  readonly nodes: readonly LayoutNode[];
  readonly edges: readonly LayoutEdge[];
  readonly bounds: {
    readonly x: number;
    readonly y: number;
    readonly width: number;
    readonly height: number;
  };
}

/** Where a chain can be continued from: a point under a node and the insertion point there. */
interface Port {
  readonly node: string;
  readonly at: Point;
  readonly insertion: Insertion;
  /** Set on a branch's entry: the branch's name. */
  readonly label?: string;
}

/** Steps never change once read (new versions are new objects), so widths are kept per step. */
const stepWidths = new WeakMap<Step, number>();

function chainOf(head: Step | null | undefined): Step[] {
  const steps: Step[] = [];
  for (let step = head; step; step = step.nextAction) steps.push(step);
  return steps;
}

function chainWidth(head: Step | null | undefined): number {
  let width = CARD_WIDTH;
  for (let step = head; step; step = step.nextAction) width = Math.max(width, stepWidth(step));
  return width;
}

function branchWidths(router: RouterStep): number[] {
  return router.settings.branches.map((_, index) => chainWidth(router.children[index]));
}

function stepWidth(step: Step): number {
  const known = stepWidths.get(step);
  if (known !== undefined) return known;
  let width = CARD_WIDTH;
  if (step.type === 'LOOP_ON_ITEMS')
    width = Math.max(CARD_WIDTH, chainWidth(step.firstLoopAction) + 2 * LOOP_PAD);
  if (step.type === 'ROUTER') {
    const widths = branchWidths(step);
    const total = widths.reduce((sum, each) => sum + each, 0) + BRANCH_GAP * Math.max(0, widths.length - 1);
    width = Math.max(CARD_WIDTH, total);
  }
  stepWidths.set(step, width);
  return width;
}

/** Drops a point equal to the one before it (straight runs of a routed path). */
function polyline(points: Point[]): Point[] {
  return points.filter((point, index) => {
    const previous = points[index - 1];
    return previous === undefined || previous.x !== point.x || previous.y !== point.y;
  });
}

class LayoutBuilder {
  readonly nodes: LayoutNode[] = [];
  readonly edges: LayoutEdge[] = [];

  /** An edge from `from` down to `to` (the top middle of node `target`). */
  connect(from: Port, target: string, to: Point): void {
    const start = from.at;
    const fanOut = from.insertion.location === 'INSIDE_BRANCH';
    let points: Point[];
    let plusAt: Point;
    if (fanOut) {
      const bar = start.y + FAN;
      points = polyline([start, { x: start.x, y: bar }, { x: to.x, y: bar }, to]);
      plusAt = { x: to.x, y: to.y - PLUS_NEAR };
    } else if (start.x === to.x) {
      points = [start, to];
      plusAt = { x: to.x, y: (start.y + to.y) / 2 };
    } else {
      // A branch's end joining the junction under its router.
      const bar = to.y - FAN;
      points = [start, { x: start.x, y: bar }, { x: to.x, y: bar }, to];
      plusAt = { x: start.x, y: start.y + PLUS_NEAR };
    }
    this.edges.push({
      id: insertionKey(from.insertion),
      source: from.node,
      target,
      points,
      insertion: from.insertion,
      plusAt,
      ...(from.label === undefined
        ? {}
        : { label: { text: from.label, at: { x: to.x, y: start.y + FAN + LABEL_BELOW_BAR } } }),
    });
  }

  /** An empty branch: one edge from the router down its column to the junction. */
  connectEmptyBranch(from: Port, columnX: number, target: string, to: Point): void {
    const start = from.at;
    const top = start.y + FAN;
    const bottom = to.y - FAN;
    const labelAt = { x: columnX, y: top + LABEL_BELOW_BAR };
    this.edges.push({
      id: insertionKey(from.insertion),
      source: from.node,
      target,
      points: polyline([
        start,
        { x: start.x, y: top },
        { x: columnX, y: top },
        { x: columnX, y: bottom },
        { x: to.x, y: bottom },
        to,
      ]),
      insertion: from.insertion,
      plusAt: { x: columnX, y: Math.max(labelAt.y + 36, (top + bottom) / 2) },
      ...(from.label === undefined ? {} : { label: { text: from.label, at: labelAt } }),
    });
  }

  junction(id: string, centerX: number, top: number): void {
    this.nodes.push({
      kind: 'junction',
      id,
      x: centerX - JUNCTION_SIZE / 2,
      y: top,
      width: JUNCTION_SIZE,
      height: JUNCTION_SIZE,
    });
  }

  /** Places a chain whose first card's top is at `top`, centred on `x`; answers its end. */
  chain(steps: readonly Step[], entry: Port, x: number, top: number): Port {
    let port = entry;
    let y = top;
    for (const step of steps) {
      this.connect(port, step.name, { x, y });
      this.nodes.push({
        kind: 'step',
        id: step.name,
        x: x - CARD_WIDTH / 2,
        y,
        width: CARD_WIDTH,
        height: CARD_HEIGHT,
        step,
      });
      port =
        step.type === 'LOOP_ON_ITEMS'
          ? this.loop(step, x, y)
          : step.type === 'ROUTER'
            ? this.router(step, x, y)
            : {
                node: step.name,
                at: { x, y: y + CARD_HEIGHT },
                insertion: { parentStep: step.name, location: 'AFTER' },
              };
      y = port.at.y + GAP;
    }
    return port;
  }

  loop(step: Extract<Step, { type: 'LOOP_ON_ITEMS' }>, x: number, y: number): Port {
    const bottom = y + CARD_HEIGHT;
    const entry: Port = {
      node: step.name,
      at: { x, y: bottom },
      insertion: { parentStep: step.name, location: 'INSIDE_LOOP' },
    };
    const exit = this.chain(chainOf(step.firstLoopAction), entry, x, bottom + LOOP_BODY_TOP);
    const junctionId = `${step.name}:loop-end`;
    const junctionTop = exit.at.y + GAP - JUNCTION_SIZE / 2;
    this.connect(exit, junctionId, { x, y: junctionTop });
    this.junction(junctionId, x, junctionTop);
    const width = stepWidth(step);
    const boxTop = bottom + LOOP_BOX_TOP;
    this.nodes.push({
      kind: 'loop-body',
      id: `${step.name}:loop-body`,
      loopName: step.name,
      x: x - width / 2,
      y: boxTop,
      width,
      height: junctionTop + JUNCTION_SIZE / 2 - boxTop,
    });
    return {
      node: junctionId,
      at: { x, y: junctionTop + JUNCTION_SIZE },
      insertion: { parentStep: step.name, location: 'AFTER' },
    };
  }

  router(step: RouterStep, x: number, y: number): Port {
    const bottom = y + CARD_HEIGHT;
    const widths = branchWidths(step);
    const total = widths.reduce((sum, each) => sum + each, 0) + BRANCH_GAP * Math.max(0, widths.length - 1);
    let left = x - total / 2;
    const branches = step.settings.branches.map((branch, branchIndex) => {
      const width = widths[branchIndex]!;
      const columnX = left + width / 2;
      left += width + BRANCH_GAP;
      const entry: Port = {
        node: step.name,
        at: { x, y: bottom },
        insertion: { parentStep: step.name, location: 'INSIDE_BRANCH', branchIndex },
        label: branch.branchName,
      };
      const steps = chainOf(step.children[branchIndex]);
      const exit = steps.length === 0 ? undefined : this.chain(steps, entry, columnX, bottom + BRANCH_TOP);
      return { entry, exit, columnX, end: exit?.at.y ?? bottom + BRANCH_TOP };
    });
    const junctionId = `${step.name}:merge`;
    const junctionTop = Math.max(bottom + BRANCH_TOP, ...branches.map((branch) => branch.end)) + GAP;
    for (const branch of branches) {
      if (branch.exit === undefined)
        this.connectEmptyBranch(branch.entry, branch.columnX, junctionId, { x, y: junctionTop });
      else this.connect(branch.exit, junctionId, { x, y: junctionTop });
    }
    this.junction(junctionId, x, junctionTop);
    return {
      node: junctionId,
      at: { x, y: junctionTop + JUNCTION_SIZE },
      insertion: { parentStep: step.name, location: 'AFTER' },
    };
  }
}

function boundsOf(nodes: readonly LayoutNode[]): FlowLayout['bounds'] {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const node of nodes) {
    minX = Math.min(minX, node.x);
    minY = Math.min(minY, node.y);
    maxX = Math.max(maxX, node.x + node.width);
    maxY = Math.max(maxY, node.y + node.height);
  }
  return { x: minX, y: minY, width: maxX - minX, height: maxY - minY };
}

/** The canvas layout of a flow version's trigger and step tree. */
export function layoutFlow(trigger: Trigger): FlowLayout {
  const builder = new LayoutBuilder();
  builder.nodes.push({
    kind: 'trigger',
    id: trigger.name,
    x: -CARD_WIDTH / 2,
    y: 0,
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
    trigger,
  });
  const entry: Port = {
    node: trigger.name,
    at: { x: 0, y: CARD_HEIGHT },
    insertion: { parentStep: trigger.name, location: 'AFTER' },
  };
  const exit = builder.chain(chainOf(trigger.nextAction), entry, 0, CARD_HEIGHT + GAP);
  const endTop = exit.at.y + GAP;
  builder.connect(exit, END_ID, { x: 0, y: endTop });
  builder.nodes.push({
    kind: 'end',
    id: END_ID,
    x: -END_WIDTH / 2,
    y: endTop,
    width: END_WIDTH,
    height: END_HEIGHT,
  });
  return { nodes: builder.nodes, edges: builder.edges, bounds: boundsOf(builder.nodes) };
}
