/**
 * The settings of the selected step, beside the canvas (the Activepieces builder's right panel): the
 * header, the form of the step's type (piece action or trigger, code, loop; a router's branches
 * are edited in the router panel), the server's reasons when the step is not valid, the test
 * section, and the data selector while a reference field has focus. Edits are kept in a draft
 * and saved as UPDATE_ACTION / UPDATE_TRIGGER ~500 ms after typing stops.
 */
import type { PopulatedFlow } from '@piecework/shared';
import { X } from 'lucide-react';
import { Loading } from '../../../components/loading';
import type { FlowEditor } from '../flow-editor/use-flow-editor';
import { StepSettingsBody } from './step-settings-body';
import { stepScope } from './step-scope';
import './step-settings.css';

/** Props of {@link StepSettingsPanel}. */
export interface StepSettingsPanelProps {
  /** The flow being edited and the one way to change it. */
  editor: FlowEditor;
  projectId: string;
  /** The name of the selected step or trigger (`trigger`, `step_1`...). */
  stepName: string;
  /** Whether the draft can be edited (false while viewing a published version). */
  readonly: boolean;
  onClose: () => void;
}

/** The settings of one step, beside the canvas. */
export function StepSettingsPanel({
  editor,
  projectId,
  stepName,
  readonly,
  onClose,
}: StepSettingsPanelProps) {
  const flow: PopulatedFlow | undefined = editor.flow;
  const scope = flow === undefined ? undefined : stepScope(flow.version.trigger, stepName);
  if (flow === undefined || scope === undefined) {
    return (
      <aside className="step-settings" aria-label={`Settings of ${stepName}`}>
        <div className="step-panel-header">
          <h2 className="step-missing">{flow === undefined ? 'Loading…' : `No step named ${stepName}`}</h2>
          <button type="button" className="icon-btn" aria-label="Close step settings" onClick={onClose}>
            <X aria-hidden="true" className="icon" />
          </button>
        </div>
        {flow === undefined ? <Loading label="Loading the flow" /> : null}
      </aside>
    );
  }
  return (
    <StepSettingsBody
      // A new step starts a new draft.
      key={stepName}
      editor={editor}
      flow={flow}
      scope={scope}
      projectId={projectId}
      readonly={readonly}
      onClose={onClose}
    />
  );
}
