/**
 * A step's card on the canvas: its logo, display name and step name, a mark when it is not
 * valid or is skipped, and its menu (copy, cut, paste, duplicate, skip, move, delete), also
 * opened by a right-click on the card (the shorter {@link StepContextMenu}). The
 * card's main button (click or Enter) opens the step's settings; Shift/Ctrl/Cmd+click adds the
 * step to the multi-selection instead (or takes it out). A card in the selection is marked
 * (`is-selected`, `aria-pressed`). A step's card can be dragged to another place in the flow
 * (keyboard users have "Move up", "Move down" and "Move to…" in its menu). A card shows its
 * step's status in the run shown, if any (`StepRunMarker`). Memoized: it re-renders only when its
 * own values or its selection change; the run mark re-renders on its own.
 */
import { Handle, Position, type NodeProps } from '@xyflow/react';
import { memo, type MouseEvent } from 'react';
import { MenuButton, type MenuItem } from '../../../components/menu-button';
import { StepRunMarker } from '../run-marks/step-run-marker';
import { useCanvasActions, type CanvasActions } from './canvas-actions';
import type { CanvasNode, StepCardData } from './canvas-elements';
import { StepContextMenu } from './step-context-menu';
import { StepLogo } from './step-logo';

type CardNodeProps = NodeProps<Extract<CanvasNode, { type: 'step' | 'trigger' }>>;

function stepMenu(data: StepCardData, actions: CanvasActions): MenuItem[] {
  return [
    { label: 'Copy', onSelect: () => actions.copySteps(data.name) },
    { label: 'Cut', onSelect: () => actions.cutSteps(data.name) },
    { label: 'Paste after', onSelect: () => actions.pasteAfter(data.name) },
    { label: 'Duplicate', onSelect: () => actions.duplicateStep(data.name) },
    { label: data.skip ? 'Unskip' : 'Skip', onSelect: () => actions.setSkip(data.name, !data.skip) },
    { label: 'Move up', disabled: data.first, onSelect: () => actions.moveStep(data.name, 'up') },
    { label: 'Move down', disabled: data.last, onSelect: () => actions.moveStep(data.name, 'down') },
    { label: 'Move to…', onSelect: () => actions.chooseMove(data.name) },
    { label: 'Delete', danger: true, onSelect: () => actions.deleteStep(data.name) },
  ];
}

/** The text and flags of a card, inside its main button. */
function CardText({ data }: { data: StepCardData }) {
  return (
    <span className="step-card-text">
      <span className="step-card-title">{data.displayName}</span>
      <span className="step-card-meta">
        <span className="step-card-name">{data.name}</span>
        {data.valid ? null : (
          <span className="step-flag step-flag-invalid" title={data.issue ?? 'This step is not complete'}>
            Incomplete
          </span>
        )}
        {data.skip ? <span className="step-flag">Skipped</span> : null}
      </span>
    </span>
  );
}

function cardClass(data: StepCardData, selected: boolean, extra = ''): string {
  return [
    'step-card',
    extra,
    selected ? 'is-selected' : '',
    data.skip ? 'is-skipped' : '',
    data.valid ? '' : 'is-invalid',
  ]
    .filter(Boolean)
    .join(' ');
}

/** A step (action) card. */
export const StepNode = memo(function StepNode({ data, selected, draggable }: CardNodeProps) {
  const actions = useCanvasActions();
  return (
    <StepContextMenu name={data.name} actions={actions}>
      <SelectableCard data={data} selected={selected} menu={stepMenu(data, actions)} draggable={draggable} />
    </StepContextMenu>
  );
});

/**
 * The card of a chosen step or trigger: a button selecting it (its settings open beside the
 * canvas) and, unless read-only, its menu of `menu` actions. A `draggable` card can be dragged by
 * its button (a press that barely moves stays a click); its menu never starts a drag.
 */
function SelectableCard({
  data,
  selected,
  menu,
  variant,
  draggable = false,
}: {
  data: CardNodeProps['data'];
  selected: boolean;
  menu: MenuItem[];
  variant?: string;
  draggable?: boolean;
}) {
  const actions = useCanvasActions();
  return (
    <div className={cardClass(data, selected, variant)}>
      {variant === 'trigger' ? null : (
        <Handle type="target" position={Position.Top} isConnectable={false} className="card-handle" />
      )}
      <button
        type="button"
        className={draggable ? 'step-card-main' : 'step-card-main nodrag'}
        aria-pressed={selected}
        onClick={(event: MouseEvent) => {
          if (event.shiftKey || event.ctrlKey || event.metaKey) actions.toggleSelection(data.name);
          else actions.select(data.name);
        }}
      >
        <StepLogo type={data.type} logoUrl={data.logoUrl} pieceName={data.pieceName} />
        <CardText data={data} />
      </button>
      <StepRunMarker name={data.name} />
      {actions.readonly ? null : (
        <MenuButton label={`Actions of ${data.name}`} items={menu} className="icon-btn nodrag" />
      )}
      <Handle type="source" position={Position.Bottom} isConnectable={false} className="card-handle" />
    </div>
  );
}

/** The trigger's card: "Select trigger" while it is EMPTY, else like a step with "Replace trigger". */
export const TriggerNode = memo(function TriggerNode({ data, selected }: CardNodeProps) {
  const actions = useCanvasActions();
  if (data.type === 'EMPTY') {
    return (
      <div className={cardClass(data, false, 'is-unset')}>
        <button
          type="button"
          className="step-card-main nodrag"
          onClick={actions.pickTrigger}
          disabled={actions.readonly}
        >
          <StepLogo type="EMPTY" logoUrl={undefined} />
          <span className="step-card-text">
            <span className="step-card-title">Select trigger</span>
            <span className="step-card-meta">
              <span className="step-card-name">The event that starts this flow</span>
            </span>
          </span>
        </button>
        <Handle type="source" position={Position.Bottom} isConnectable={false} className="card-handle" />
      </div>
    );
  }
  return (
    <SelectableCard
      data={data}
      selected={selected}
      variant="trigger"
      menu={[
        { label: 'Replace trigger', onSelect: actions.pickTrigger },
        { label: 'Paste after', onSelect: () => actions.pasteAfter(data.name) },
      ]}
    />
  );
});
