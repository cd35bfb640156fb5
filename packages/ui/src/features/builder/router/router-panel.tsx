/**
 * The panel of a selected router step, shown instead of the generic step settings: the step's
 * name, how it picks branches (first match / all matches), and every branch with its
 * conditions. Each change is one flow operation on the router.
 */
import type { RouterExecutionType, RouterStep } from '@piecework/shared';
import { X } from 'lucide-react';
import { useId } from 'react';
import { DraftTextField } from '../form/draft-text-field';
import { BranchEditor } from './branch-editor';
import { addBranch, renameRouter, setExecutionType, type RouterEdit } from './router-edits';
import { Combobox } from '../../../components/combobox';

/** Props of {@link RouterPanel}. */
export interface RouterPanelProps {
  step: RouterStep;
  readonly: boolean;
  /** Sends an edit of the router (errors are shown by the caller). */
  edit: (edit: RouterEdit) => void;
  onClose: () => void;
}

const EXECUTION_TYPES: readonly { value: RouterExecutionType; label: string }[] = [
  { value: 'EXECUTE_FIRST_MATCH', label: 'Only the first branch whose conditions are met' },
  { value: 'EXECUTE_ALL_MATCH', label: 'Every branch whose conditions are met' },
];

/** The router's settings and branches editor. */
export function RouterPanel({ step, readonly, edit, onClose }: RouterPanelProps) {
  const executionId = useId();
  return (
    <aside className="side-panel router-panel" aria-label={`Router ${step.name}`}>
      <div className="side-panel-head">
        <div>
          <h2>{step.displayName}</h2>
          <span className="muted">{step.name} · Router</span>
        </div>
        <button type="button" className="icon-btn" aria-label="Close the router panel" onClick={onClose}>
          <X aria-hidden="true" className="icon" />
        </button>
      </div>
      <div className="side-panel-body">
        <DraftTextField
          key={step.displayName}
          label="Step name"
          value={step.displayName}
          required
          disabled={readonly}
          onCommit={(displayName) => edit(renameRouter(displayName))}
        />
        <div className="draft-field">
          <label htmlFor={executionId}>Run</label>
          <Combobox
            id={executionId}
            value={step.settings.executionType}
            options={EXECUTION_TYPES}
            disabled={readonly}
            onValueChange={(type) => edit(setExecutionType(type as RouterExecutionType))}
          />
        </div>
        <div className="branches-head">
          <h3>Branches</h3>
          {readonly ? null : (
            <button type="button" className="btn small" onClick={() => edit(addBranch)}>
              Add branch
            </button>
          )}
        </div>
        {step.settings.branches.map((branch, index) => (
          <BranchEditor
            key={`${String(index)}:${branch.branchName}`}
            step={step}
            index={index}
            readonly={readonly}
            edit={edit}
          />
        ))}
      </div>
    </aside>
  );
}
