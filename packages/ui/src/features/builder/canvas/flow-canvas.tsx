/**
 * The builder's canvas (React Flow): the flow's cards and edges from {@link useCanvasElements},
 * step cards that can be dragged to another place in the flow (`drag/`), notes that can be
 * dragged, zoom / pan / fit controls and a minimap. Pans with a drag of the empty canvas or the
 * wheel, zooms with the controls, a pinch or Ctrl + wheel; a click on the empty canvas closes the
 * step panel. Long flows render only the cards in view, so a 200-step flow pans as smoothly as a
 * short one. Embedded with `disableNavigationInBuilder`, React Flow's attribution link (a link
 * out of the builder) is left out.
 */
import type { FlowVersion, PieceMetadataSummary } from '@piecework/shared';
import { useEmbedOptions } from '../../../embed/embed-context';
import { showsBuilderLinksOut } from '../../../embed/embed-options';
import {
  Background,
  BackgroundVariant,
  Controls,
  MiniMap,
  Panel,
  ReactFlow,
  ReactFlowProvider,
  useReactFlow,
  type EdgeTypes,
  type NodeChange,
  type NodeTypes,
  type Viewport,
  type XYPosition,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useCallback, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { CanvasActionsProvider, useCanvasActions, type CanvasActions } from './canvas-actions';
import { useCanvasElements, type CanvasNode } from './canvas-elements';
import { DragStatus } from './drag/drag-status';
import { DropStateProvider } from './drag/drop-state';
import { useStepDrag } from './drag/use-step-drag';
import { EdgeMarkers, FlowEdge } from './flow-edge';
import { initialViewport } from './initial-viewport';
import { layoutFlow, type FlowLayout } from './layout';
import { NoteNode } from './note-node';
import { EndNode, JunctionNode, LoopBodyNode } from './small-nodes';
import { StepNode, TriggerNode } from './step-node';
import { useRevealSelected } from './use-reveal-selected';

const nodeTypes: NodeTypes = {
  step: StepNode,
  trigger: TriggerNode,
  junction: JunctionNode,
  end: EndNode,
  'loop-body': LoopBodyNode,
  note: NoteNode,
};
const edgeTypes: EdgeTypes = { flow: FlowEdge };

/** Above this many nodes only those in view are rendered. */
const RENDER_VISIBLE_ONLY_FROM = 120;
const NOTE_SIZE = { width: 220, height: 140 };

/** Props of {@link FlowCanvas}. */
export interface FlowCanvasProps {
  version: FlowVersion;
  pieces: readonly PieceMetadataSummary[] | undefined;
  /** The selected step's name. */
  selected: string | null;
  /** The steps of the multi-selection (Shift/Ctrl/Cmd+click), marked like the selected one. */
  marked: ReadonlySet<string>;
  actions: CanvasActions;
}

/** The "Add note" button: a note in the middle of the visible canvas. */
function AddNoteButton({ wrapper }: { wrapper: RefObject<HTMLDivElement | null> }) {
  const actions = useCanvasActions();
  const flow = useReactFlow();
  if (actions.readonly) return null;
  return (
    <Panel position="top-left">
      <button
        type="button"
        className="btn small"
        onClick={() => {
          const box = wrapper.current?.getBoundingClientRect();
          const center = flow.screenToFlowPosition({
            x: (box?.left ?? 0) + (box?.width ?? 0) / 2,
            y: (box?.top ?? 0) + (box?.height ?? 0) / 2,
          });
          actions.addNote({
            x: Math.round(center.x - NOTE_SIZE.width / 2),
            y: Math.round(center.y - NOTE_SIZE.height / 2),
          });
        }}
      >
        Add note
      </button>
    </Panel>
  );
}

function Canvas({
  layout,
  version,
  pieces,
  selected,
  marked,
  actions,
  viewport,
}: FlowCanvasProps & { layout: FlowLayout; viewport: Viewport }) {
  const wrapper = useRef<HTMLDivElement>(null);
  const linksOut = showsBuilderLinksOut(useEmbedOptions());
  const [dragging, setDragging] = useState<{ id: string; position: XYPosition } | null>(null);
  const stepDrag = useStepDrag({
    trigger: version.trigger,
    layout,
    readonly: actions.readonly,
    onDrop: actions.moveStepTo,
  });
  const { nodes, edges } = useCanvasElements({
    layout,
    version,
    pieces,
    selected,
    marked,
    dragging: stepDrag.card ?? dragging,
    carried: stepDrag.state?.carried,
    readonly: actions.readonly,
  });
  useRevealSelected(selected, layout, wrapper);
  const onNodesChange = useCallback((changes: NodeChange<CanvasNode>[]) => {
    for (const change of changes) {
      if (change.type === 'position' && change.position !== undefined && change.id.startsWith('note:')) {
        setDragging({ id: change.id, position: change.position });
      }
    }
  }, []);
  const stopStepDrag = stepDrag.onNodeDragStop;
  const onNodeDragStop = useCallback(
    (_event: unknown, node: CanvasNode) => {
      if (stopStepDrag(node) || node.type !== 'note') return;
      const position = { x: Math.round(node.position.x), y: Math.round(node.position.y) };
      void actions.updateNote({ ...node.data.note, position }).finally(() => setDragging(null));
    },
    [actions, stopStepDrag],
  );
  return (
    <DropStateProvider value={stepDrag.dropState}>
      <div
        ref={wrapper}
        className={stepDrag.state === null ? 'canvas-frame' : 'canvas-frame is-dragging-step'}
      >
        <EdgeMarkers />
        <ReactFlow<CanvasNode>
          nodes={nodes}
          edges={edges}
          nodeTypes={nodeTypes}
          edgeTypes={edgeTypes}
          defaultViewport={viewport}
          onNodesChange={onNodesChange}
          onNodeDragStart={stepDrag.onNodeDragStart}
          onNodeDrag={stepDrag.onNodeDrag}
          onNodeDragStop={onNodeDragStop}
          // A press that moves less than this is a click (opens the step), more is a drag.
          nodeDragThreshold={5}
          nodeClickDistance={5}
          selectNodesOnDrag={false}
          onPaneClick={() => actions.select(null)}
          nodesDraggable={!actions.readonly}
          nodesConnectable={false}
          nodesFocusable={false}
          proOptions={{ hideAttribution: !linksOut }}
          edgesFocusable={false}
          elementsSelectable={false}
          // Selected cards stay at their level, so a card's open menu is never under the next card.
          elevateNodesOnSelect={false}
          deleteKeyCode={null}
          selectionKeyCode={null}
          multiSelectionKeyCode={null}
          panOnScroll
          zoomOnDoubleClick={false}
          minZoom={0.1}
          maxZoom={1.5}
          onlyRenderVisibleElements={nodes.length > RENDER_VISIBLE_ONLY_FROM}
          fitViewOptions={{ padding: 0.1, maxZoom: 1 }}
          aria-label="Flow canvas"
        >
          <Background variant={BackgroundVariant.Dots} gap={20} size={1.2} color="var(--border-strong)" />
          <Controls showInteractive={false} fitViewOptions={{ padding: 0.1, maxZoom: 1 }} />
          <MiniMap
            pannable
            zoomable
            ariaLabel="Overview of the flow"
            className="canvas-minimap"
            style={{ width: 160, height: 110 }}
          />
          <AddNoteButton wrapper={wrapper} />
          <DragStatus drag={stepDrag.state} />
        </ReactFlow>
      </div>
    </DropStateProvider>
  );
}

/** The canvas of `version`, opening at a viewport that suits its size. */
export function FlowCanvas(props: FlowCanvasProps) {
  const frame = useRef<HTMLDivElement>(null);
  const [viewport, setViewport] = useState<Viewport | null>(null);
  const { trigger } = props.version;
  // The layout is computed when the step tree changes, never on other renders.
  const layout = useMemo(() => layoutFlow(trigger), [trigger]);
  useLayoutEffect(() => {
    if (viewport !== null || frame.current === null) return;
    const box = frame.current.getBoundingClientRect();
    setViewport(initialViewport(layout.bounds, { width: box.width, height: box.height }));
  }, [viewport, layout]);
  return (
    <div ref={frame} className="canvas">
      {viewport === null ? null : (
        <ReactFlowProvider>
          <CanvasActionsProvider value={props.actions}>
            <Canvas {...props} layout={layout} viewport={viewport} />
          </CanvasActionsProvider>
        </ReactFlowProvider>
      )}
    </div>
  );
}
