/**
 * The builder's top bar: back to the flows, the flow's name (renamed in place), the version's
 * state, whether changes are being saved, and the flow's actions: versions, tests, test, compare with recent runs, publish and
 * the on/off switch, the minutes a run saves, with undo and redo of the draft's edits. While a past version is viewed, the editing actions are hidden. Embedded,
 * the host may remove the home button (`home-button.tsx`) and the flow's name
 * (`hideFlowNameInBuilder`).
 */
import type { FlowOperation, FlowRun, PopulatedFlow } from '@piecework/shared';
import { useEmbedOptions } from '../../../embed/embed-context';
import type { FlowEditor } from '../flow-editor/use-flow-editor';
import { DraftTextField } from '../form/draft-text-field';
import type { BuilderSidePanel } from '../page/use-builder-side-panel';
import { CompareButton } from './compare-button';
import { HomeButton } from './home-button';
import { PublishButton } from './publish-button';
import { StatusSwitch } from './status-switch';
import { TestFlowButton } from './test-flow-button';
import { TimeSavedButton } from './time-saved-button';
import { UndoRedoButtons } from './undo-redo-buttons';
import { versionStateLabel } from './version-state';

/** Props of {@link BuilderHeader}. */
export interface BuilderHeaderProps {
  flow: PopulatedFlow;
  projectId: string;
  saving: boolean;
  readonly: boolean;
  /** The side panel shown beside the canvas, if any. */
  sidePanel: BuilderSidePanel | null;
  onToggleSidePanel: (panel: BuilderSidePanel) => void;
  onTestStarted: (run: FlowRun) => void;
  run: (operation: FlowOperation, done?: string) => void;
  /** The draft's undo history (the flow editor). */
  history: Pick<FlowEditor, 'canUndo' | 'canRedo' | 'undo' | 'redo'>;
}

const STATE_BADGE = { Draft: 'warning', Published: 'success', Locked: 'info' } as const;

/** The header of the builder. */
export function BuilderHeader(props: BuilderHeaderProps) {
  const { flow, projectId, saving, readonly, run } = props;
  const state = versionStateLabel(flow);
  const { hideFlowNameInBuilder } = useEmbedOptions();
  return (
    <header className="builder-header">
      <h1 className="visually-hidden">{hideFlowNameInBuilder ? 'Flow builder' : flow.version.displayName}</h1>
      <div className="builder-title">
        <HomeButton projectId={projectId} />
        {hideFlowNameInBuilder ? null : (
          <DraftTextField
            key={flow.version.displayName}
            className="builder-flow-name"
            label="Flow name"
            hideLabel
            required
            value={flow.version.displayName}
            disabled={readonly}
            onCommit={(displayName) => run({ type: 'CHANGE_NAME', request: { displayName } })}
          />
        )}
        <span className={`badge ${STATE_BADGE[state]}`}>{state}</span>
        <span className="save-state muted" role="status">
          {saving ? 'Saving…' : 'Saved'}
        </span>
      </div>
      <div className="builder-actions">
        <button
          type="button"
          className="btn"
          aria-expanded={props.sidePanel === 'versions'}
          onClick={() => props.onToggleSidePanel('versions')}
        >
          Versions
        </button>
        <button
          type="button"
          className="btn"
          aria-expanded={props.sidePanel === 'tests'}
          onClick={() => props.onToggleSidePanel('tests')}
        >
          Tests
        </button>
        {readonly ? null : (
          <>
            <UndoRedoButtons
              canUndo={props.history.canUndo}
              canRedo={props.history.canRedo}
              onUndo={() => void props.history.undo()}
              onRedo={() => void props.history.redo()}
            />
            <TestFlowButton
              flow={flow}
              projectId={projectId}
              disabled={saving}
              onStarted={props.onTestStarted}
            />
            <TimeSavedButton flow={flow} busy={saving} run={run} />
            <CompareButton flow={flow} projectId={projectId} busy={saving} run={run} />
            <PublishButton flow={flow} busy={saving} run={run} />
            {flow.publishedVersionId ? <StatusSwitch flow={flow} busy={saving} run={run} /> : null}
          </>
        )}
      </div>
    </header>
  );
}
