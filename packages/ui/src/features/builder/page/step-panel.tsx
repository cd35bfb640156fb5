/**
 * The panel of the selected step: the router panel for a router (its branches and conditions,
 * instead of the generic settings), the step settings panel for every other step and the
 * trigger. Nothing when the selected name is not a step of the version shown.
 */
import { findStep, type PopulatedFlow } from '@piecework/shared';
import type { FlowEditor } from '../flow-editor/use-flow-editor';
import { RouterPanel } from '../router/router-panel';
import { useRouterEditor } from '../router/use-router-editor';
import { StepSettingsPanel } from '../step-settings/step-settings-panel';
import type { RunOperation } from './use-run-operation';

/** Props of {@link StepPanel}. */
export interface StepPanelProps {
  /** The editor of the flow shown (a read-only one for a past version). */
  editor: FlowEditor;
  flow: PopulatedFlow;
  projectId: string;
  stepName: string;
  readonly: boolean;
  run: RunOperation;
  onClose: () => void;
}

/** The selected step's panel. */
export function StepPanel({ editor, flow, projectId, stepName, readonly, run, onClose }: StepPanelProps) {
  const editRouter = useRouterEditor(flow.id, stepName, run);
  const step = findStep(flow.version, stepName);
  if (step === undefined) return null;
  if (step.type === 'ROUTER') {
    return <RouterPanel step={step} readonly={readonly} edit={editRouter} onClose={onClose} />;
  }
  return (
    <StepSettingsPanel
      editor={editor}
      projectId={projectId}
      stepName={stepName}
      readonly={readonly}
      onClose={onClose}
    />
  );
}
