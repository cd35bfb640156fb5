/**
 * The bar over the runs table while runs are ticked: how many, "select all runs matching these
 * filters", and the bulk actions (retry from the failed step or on the latest version, cancel,
 * archive). Each action asks for confirmation, then says in a toast how many runs it changed.
 */
import type { BulkFlowRunSelection, FlowRunFilter } from '@piecework/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useToast } from '../../components/toast';
import type { RunSelectionState } from './use-run-selection';
import { useBulkRunAction, type BulkRunAction } from './use-runs';

/** Props of {@link RunBulkBar}. */
export interface RunBulkBarProps {
  projectId: string;
  /** The runs the filters list (what "select all matching" selects). */
  filter: FlowRunFilter;
  selection: RunSelectionState;
  /** Whether the filters list more runs than the page shows. */
  morePages: boolean;
  /** Whether every run of the page is ticked. */
  pageSelected: boolean;
}

interface Choice {
  readonly label: string;
  readonly done: string;
  readonly action: BulkRunAction;
}

/** The bulk bar; renders nothing while no run is ticked. */
export function RunBulkBar({ projectId, filter, selection, morePages, pageSelected }: RunBulkBarProps) {
  const { toast, toastError } = useToast();
  const bulk = useBulkRunAction(projectId);
  const [asking, setAsking] = useState<Choice | undefined>();
  const count = selection.ids.size;
  if (!selection.allMatching && count === 0) return null;
  const target: BulkFlowRunSelection = selection.allMatching
    ? { ...filter, excludeFlowRunIds: [...selection.excluded] }
    : { projectId, includeArchived: true, flowRunIds: [...selection.ids] };
  const what = selection.allMatching
    ? 'every run matching these filters'
    : `${count} selected run${count === 1 ? '' : 's'}`;
  const choices: Choice[] = [
    {
      label: 'Retry from failed step',
      done: 'retried',
      action: { kind: 'retry', strategy: 'FROM_FAILED_STEP', selection: target },
    },
    {
      label: 'Retry on latest version',
      done: 'retried',
      action: { kind: 'retry', strategy: 'ON_LATEST_VERSION', selection: target },
    },
    { label: 'Cancel', done: 'canceled', action: { kind: 'cancel', selection: target } },
    { label: 'Archive', done: 'archived', action: { kind: 'archive', selection: target } },
  ];
  return (
    <div className="toolbar run-bulk-bar" role="region" aria-label="Selected runs">
      <span className="run-bulk-count" aria-live="polite">
        {selection.allMatching ? 'All runs matching these filters selected' : `${count} selected`}
      </span>
      {!selection.allMatching && pageSelected && morePages ? (
        <button type="button" className="btn" onClick={selection.selectAllMatching}>
          Select all runs matching these filters
        </button>
      ) : null}
      {choices.map((choice) => (
        <button
          key={choice.label}
          type="button"
          className={choice.action.kind === 'retry' ? 'btn' : 'btn danger'}
          disabled={bulk.isPending}
          onClick={() => setAsking(choice)}
        >
          {choice.label}
        </button>
      ))}
      <button type="button" className="btn" onClick={selection.clear}>
        Clear selection
      </button>
      {asking === undefined ? null : (
        <ConfirmDialog
          title={`${asking.label}?`}
          message={`${asking.label} ${what}. Runs this does not apply to are left as they are.`}
          confirmLabel={asking.label}
          busy={bulk.isPending}
          onClose={() => setAsking(undefined)}
          onConfirm={() =>
            bulk.mutate(asking.action, {
              onSuccess: (changed) => {
                toast(`${changed} run${changed === 1 ? '' : 's'} ${asking.done}`);
                setAsking(undefined);
                selection.clear();
              },
              onError: (error) => {
                setAsking(undefined);
                toastError(error);
              },
            })
          }
        />
      )}
    </div>
  );
}
