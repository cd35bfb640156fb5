/**
 * One entry of the data selector: an earlier step (or the trigger) with its sample output as a
 * tree, loaded when the entry opens; or a loop the step runs inside, with its current `item` and
 * `index`. A step that was never tested says how to get its data.
 */
import type { LoopStep, PopulatedFlow } from '@piecework/shared';
import { useState } from 'react';
import { Loading } from '../../../../components/loading';
import { ErrorNotice } from '../../../../components/query-state';
import type { AnyStep } from '../step-scope';
import { containsText } from './data-search';
import { DataNode } from './data-tree';
import { sampleFileId, useSampleData } from './use-sample-data';

/** Props of {@link StepEntry}. */
export interface StepEntryProps {
  projectId: string;
  flow: PopulatedFlow;
  step: AnyStep;
  /** The step's place in the list (1 for the trigger). */
  position: number;
  search: string;
  initiallyOpen: boolean;
  onInsert: (reference: string) => void;
}

/** An earlier step and its sample output. */
export function StepEntry({
  projectId,
  flow,
  step,
  position,
  search,
  initiallyOpen,
  onInsert,
}: StepEntryProps) {
  const [open, setOpen] = useState(initiallyOpen);
  const tested = sampleFileId(step) !== undefined;
  const expanded = open || (search !== '' && tested);
  const sample = useSampleData(projectId, flow, step, expanded);
  if (search !== '' && sample.data !== undefined && !containsText(step.displayName, sample.data, search))
    return null;
  return (
    <li className="ds-step">
      <button
        type="button"
        className="ds-step-toggle"
        aria-expanded={expanded}
        onClick={() => setOpen(!expanded)}
      >
        <span aria-hidden="true">{expanded ? '▾' : '▸'}</span> {position}. {step.displayName}{' '}
        <span className="muted small">({step.name})</span>
      </button>
      {!expanded ? null : !tested ? (
        <p className="muted small ds-note">No sample data yet: test this step to use its output here.</p>
      ) : sample.isPending ? (
        <Loading label="Loading the sample data" />
      ) : sample.isError ? (
        <ErrorNotice error={sample.error} onRetry={() => void sample.refetch()} />
      ) : (
        <ul className="ds-children">
          <DataNode
            stepName={step.name}
            label="output"
            path={[]}
            value={sample.data}
            search={search}
            onInsert={onInsert}
            initiallyOpen
          />
        </ul>
      )}
    </li>
  );
}

/** Props of {@link LoopEntry}. */
export interface LoopEntryProps {
  projectId: string;
  flow: PopulatedFlow;
  loop: LoopStep;
  search: string;
  onInsert: (reference: string) => void;
}

/** The current item and index of a loop the step runs inside. */
export function LoopEntry({ projectId, flow, loop, search, onInsert }: LoopEntryProps) {
  const [open, setOpen] = useState(true);
  const sample = useSampleData(projectId, flow, loop, open);
  const output =
    sample.data !== null && typeof sample.data === 'object' ? (sample.data as Record<string, unknown>) : {};
  return (
    <li className="ds-step">
      <button type="button" className="ds-step-toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
        <span aria-hidden="true">{open ? '▾' : '▸'}</span> Current item of {loop.displayName}{' '}
        <span className="muted small">({loop.name})</span>
      </button>
      {open ? (
        <ul className="ds-children">
          <DataNode
            stepName={loop.name}
            label="item"
            path={['item']}
            value={output['item']}
            search={search}
            onInsert={onInsert}
          />
          <DataNode
            stepName={loop.name}
            label="index"
            path={['index']}
            value={output['index']}
            search={search}
            onInsert={onInsert}
          />
        </ul>
      ) : null}
    </li>
  );
}
