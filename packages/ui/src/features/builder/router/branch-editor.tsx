/**
 * One branch of a router in the router panel: its name, its place (move up / down), duplicate
 * and delete, and its conditions. The fallback branch ("Otherwise") has no conditions and stays
 * last: it cannot be moved, duplicated or deleted.
 */
import type { RouterStep } from '@piecework/shared';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { DraftTextField } from '../form/draft-text-field';
import { ConditionsEditor } from './conditions-editor';
import {
  deleteBranch,
  duplicateBranch,
  editConditions,
  moveBranch,
  renameBranch,
  type RouterEdit,
} from './router-edits';
import { Tooltip } from '../../../components/tooltip';

/** Props of {@link BranchEditor}. */
export interface BranchEditorProps {
  step: RouterStep;
  index: number;
  readonly: boolean;
  edit: (edit: RouterEdit) => void;
}

/** The editor of branch `index` of `step`. */
export function BranchEditor({ step, index, readonly, edit }: BranchEditorProps) {
  const branch = step.settings.branches[index]!;
  const next = step.settings.branches[index + 1];
  const name = branch.branchName;
  if (branch.branchType === 'FALLBACK') {
    return (
      <section className="branch branch-fallback" aria-label={`Branch ${name}`}>
        <h3>{name}</h3>
        <p className="muted">Runs when no other branch’s conditions are met.</p>
      </section>
    );
  }
  return (
    <section className="branch" aria-label={`Branch ${name}`}>
      <div className="branch-head">
        <DraftTextField
          key={name}
          label="Branch name"
          value={name}
          required
          disabled={readonly}
          onCommit={(branchName) => edit(renameBranch(index, branchName))}
        />
        {readonly ? null : (
          <div className="branch-tools">
            <Tooltip content={`Move branch ${name} up`}>
              <button
                type="button"
                className="icon-btn"
                aria-label={`Move branch ${name} up`}
                disabled={index === 0}
                onClick={() => edit(moveBranch(index, index - 1))}
              >
                <ArrowUp aria-hidden="true" className="icon" />
              </button>
            </Tooltip>
            <Tooltip content={`Move branch ${name} down`}>
              <button
                type="button"
                className="icon-btn"
                aria-label={`Move branch ${name} down`}
                disabled={next === undefined || next.branchType === 'FALLBACK'}
                onClick={() => edit(moveBranch(index, index + 1))}
              >
                <ArrowDown aria-hidden="true" className="icon" />
              </button>
            </Tooltip>
            <button
              type="button"
              className="btn small"
              aria-label={`Duplicate branch ${name}`}
              onClick={() => edit(duplicateBranch(index))}
            >
              Duplicate
            </button>
            <button
              type="button"
              className="btn small danger-text"
              aria-label={`Delete branch ${name}`}
              disabled={step.settings.branches.length <= 1}
              onClick={() => edit(deleteBranch(index))}
            >
              Delete
            </button>
          </div>
        )}
      </div>
      <ConditionsEditor
        conditions={branch.conditions}
        readonly={readonly}
        onChange={(change) => edit(editConditions(index, change))}
      />
    </section>
  );
}
