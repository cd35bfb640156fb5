/** Placeholder of the step settings panel, replaced by the settings feature. */
import type { FlowEditor } from '../flow-editor/use-flow-editor';

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
export function StepSettingsPanel({ stepName, onClose }: StepSettingsPanelProps) {
  return (
    <aside aria-label={`Settings of ${stepName}`}>
      <button type="button" onClick={onClose}>
        Close
      </button>
    </aside>
  );
}
