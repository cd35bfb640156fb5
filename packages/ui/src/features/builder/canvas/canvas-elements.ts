/**
 * Turns a flow version and its layout into React Flow's nodes and edges: card data as plain
 * values, and notes. Card and edge data objects are
 * reused while their values are unchanged, so after an edit (or a poll) only the cards that
 * changed re-render; selecting a step re-renders two cards.
 */
import type { FlowVersion, Note, PieceMetadataSummary, Step, Trigger } from '@piecework/shared';
import { Position, type Edge, type Node, type XYPosition } from '@xyflow/react';
import { useCallback, useMemo, useRef } from 'react';
import { chainEnds } from '../structure/step-positions';
import type { Insertion } from '../structure/insertion';
import type { FlowLayout, LayoutNode, Point } from './layout';

/** What a step or trigger card shows. */
export type StepCardData = {
  name: string;
  displayName: string;
  type: Step['type'] | Trigger['type'];
  logoUrl: string | undefined;
  /** The piece of a piece step or trigger (its monogram stands in for a missing logo). */
  pieceName: string | undefined;
  valid: boolean;
  skip: boolean;
  /** The first reason the step is not valid. */
  issue: string | undefined;
  first: boolean;
  last: boolean;
  /** A loop or router with steps inside (deleting it deletes them). */
  hasInner: boolean;
};

/** What an edge draws: its route, its "+" and its branch label. */
export type FlowEdgeData = {
  points: readonly Point[];
  insertion: Insertion;
  plusAt: Point;
  label: { text: string; at: Point } | undefined;
};

/** A note's node data. */
export type NoteData = { note: Note };

/** The node types of the canvas. */
export type CanvasNode =
  | Node<StepCardData, 'step' | 'trigger'>
  | Node<Record<string, never>, 'junction' | 'end' | 'loop-body'>
  | Node<NoteData, 'note'>;

/** The edge type of the canvas. */
export type CanvasEdge = Edge<FlowEdgeData, 'flow'>;

function shallowEqual(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.is(a[key], b[key]));
}

/** Keeps the previous object for a key while a new one has the same values. */
function useStableValues<T extends object>(): (key: string, next: T, same: (a: T, b: T) => boolean) => T {
  const cache = useRef(new Map<string, T>());
  return useCallback((key, next, same) => {
    const previous = cache.current.get(key);
    if (previous !== undefined && same(previous, next)) return previous;
    cache.current.set(key, next);
    return next;
  }, []);
}

/** The logo URL of `step` (its custom logo, else its piece's from `logos` by piece name); use it wherever a step is pictured. */
export function logoOf(step: Step | Trigger, logos: ReadonlyMap<string, string>): string | undefined {
  if (step.type === 'EMPTY') return undefined;
  if (step.settings.customLogoUrl) return step.settings.customLogoUrl;
  if (step.type === 'PIECE' || step.type === 'PIECE_TRIGGER') return logos.get(step.settings.pieceName);
  return undefined;
}

function hasInner(step: Step | Trigger): boolean {
  if (step.type === 'LOOP_ON_ITEMS') return Boolean(step.firstLoopAction);
  if (step.type === 'ROUTER') return step.children.some(Boolean);
  return false;
}

const noData: Record<string, never> = {};

/** Inputs of {@link useCanvasElements}. */
export interface CanvasElementsInput {
  /** The layout of `version.trigger` (see `layoutFlow`). */
  layout: FlowLayout;
  version: FlowVersion;
  pieces: readonly PieceMetadataSummary[] | undefined;
  selected: string | null;
  /** The steps of the multi-selection, marked like the selected one. */
  marked: ReadonlySet<string>;
  /** A note or step card being dragged and where it is now. */
  dragging: { id: string; position: XYPosition } | null;
  /** The steps inside a dragged step (they go with it), drawn faded. */
  carried?: ReadonlySet<string>;
  /** A read-only canvas: notes and steps cannot be dragged. */
  readonly: boolean;
}

/** The nodes and edges of the canvas of `version`. */
export function useCanvasElements({
  layout,
  version,
  pieces,
  selected,
  marked,
  dragging,
  carried,
  readonly,
}: CanvasElementsInput) {
  const ends = useMemo(() => chainEnds(version.trigger), [version.trigger]);
  const logos = useMemo(
    () => new Map((pieces ?? []).map((piece) => [piece.name, piece.logoUrl] as const)),
    [pieces],
  );
  const issues = useMemo(() => {
    const first = new Map<string, string>();
    for (const issue of version.validationIssues ?? []) {
      if (!first.has(issue.stepName)) first.set(issue.stepName, issue.message);
    }
    return first;
  }, [version.validationIssues]);
  const stableCard = useStableValues<StepCardData>();
  const stableEdge = useStableValues<FlowEdgeData>();

  const structure = useMemo(() => {
    const cardOf = (node: Extract<LayoutNode, { kind: 'step' | 'trigger' }>): StepCardData => {
      const step = node.kind === 'step' ? node.step : node.trigger;
      const position = ends.get(step.name);
      const data: StepCardData = {
        name: step.name,
        displayName: step.displayName,
        type: step.type,
        logoUrl: logoOf(step, logos),
        pieceName:
          step.type === 'PIECE' || step.type === 'PIECE_TRIGGER' ? step.settings.pieceName : undefined,
        valid: step.valid,
        skip: node.kind === 'step' && node.step.skip === true,
        issue: issues.get(step.name),
        first: position?.first ?? true,
        last: position?.last ?? true,
        hasInner: hasInner(step),
      };
      return stableCard(step.name, data, shallowEqual);
    };
    const nodes = layout.nodes.map((node) => ({
      layout: node,
      data: node.kind === 'step' || node.kind === 'trigger' ? cardOf(node) : noData,
    }));
    const edges: CanvasEdge[] = layout.edges.map((edge) => ({
      id: edge.id,
      source: edge.source,
      target: edge.target,
      type: 'flow',
      data: stableEdge(
        edge.id,
        { points: edge.points, insertion: edge.insertion, plusAt: edge.plusAt, label: edge.label },
        (a, b) => JSON.stringify(a) === JSON.stringify(b),
      ),
    }));
    return { nodes, edges };
  }, [layout, ends, logos, issues, stableCard, stableEdge]);

  const nodes = useMemo((): CanvasNode[] => {
    const boxes: CanvasNode[] = [];
    const rest: CanvasNode[] = [];
    for (const { layout: node, data } of structure.nodes) {
      const common = {
        id: node.id,
        position: { x: node.x, y: node.y },
        width: node.width,
        height: node.height,
        measured: { width: node.width, height: node.height },
        draggable: false,
        selectable: false,
        handles: [
          { type: 'target' as const, position: Position.Top, x: node.width / 2, y: 0, width: 1, height: 1 },
          {
            type: 'source' as const,
            position: Position.Bottom,
            x: node.width / 2,
            y: node.height,
            width: 1,
            height: 1,
          },
        ],
      };
      if (node.kind === 'step' || node.kind === 'trigger') {
        rest.push({
          ...common,
          ...(dragging?.id === node.id ? { position: dragging.position } : {}),
          ...(carried?.has(node.id) ? { className: 'is-carried' } : {}),
          // Step cards (not the trigger) can be dragged to another place: see `drag/use-step-drag.ts`.
          draggable: node.kind === 'step' && !readonly,
          type: node.kind,
          data: data as StepCardData,
          selected: node.id === selected || marked.has(node.id),
        });
      } else if (node.kind === 'loop-body') {
        boxes.push({ ...common, type: node.kind, data: noData, zIndex: -1 });
      } else {
        rest.push({ ...common, type: node.kind, data: noData });
      }
    }
    const notes: CanvasNode[] = version.notes.map((note) => ({
      id: `note:${note.id}`,
      type: 'note',
      position: dragging?.id === `note:${note.id}` ? dragging.position : note.position,
      width: note.size.width,
      height: note.size.height,
      measured: { width: note.size.width, height: note.size.height },
      draggable: !readonly,
      selectable: false,
      dragHandle: '.note-handle',
      data: { note },
    }));
    return [...boxes, ...rest, ...notes];
  }, [structure, selected, marked, version.notes, dragging, carried, readonly]);

  return { nodes, edges: structure.edges };
}
