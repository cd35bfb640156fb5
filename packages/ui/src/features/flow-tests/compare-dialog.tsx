/**
 * "Compare" before publishing: the flow's latest production runs replayed against the draft
 * (their trigger payloads run again, piece steps answered from what the runs recorded, so no
 * service is called), the counts per outcome on top and each run below: the same, changed (its
 * changed steps before and after), would call a service (the step), or failed. From here the
 * draft can be published, or the dialog closed.
 */
import { MAX_REPLAY_RUNS, type FlowOperation, type PopulatedFlow } from '@piecework/shared';
import { useState, type FormEvent } from 'react';
import { Dialog } from '../../components/dialog';
import { TextField } from '../../components/field';
import { QueryState } from '../../components/query-state';
import { useEmbedOptions } from '../../embed/embed-context';
import { showsBuilderLinksOut } from '../../embed/embed-options';
import { publishBlocker } from '../builder/header/version-state';
import { ReplayedRunItem } from './replayed-run-item';
import { replaySummary } from './replay-summary';
import { useReplay } from './use-flow-tests';
import './flow-tests.css';

/** How many runs the dialog replays first. */
const FIRST_LIMIT = 20;

/** Props of {@link CompareDialog}. */
export interface CompareDialogProps {
  /** The flow with its draft. */
  flow: PopulatedFlow;
  projectId: string;
  busy: boolean;
  run: (operation: FlowOperation, done?: string) => void;
  onClose: () => void;
}

/** The number typed, when it is a whole number of runs the server takes. */
function limitOf(text: string): number | undefined {
  const limit = Number(text);
  return Number.isInteger(limit) && limit >= 1 && limit <= MAX_REPLAY_RUNS ? limit : undefined;
}

/** The Compare dialog. */
export function CompareDialog({ flow, projectId, busy, run, onClose }: CompareDialogProps) {
  const [limit, setLimit] = useState(FIRST_LIMIT);
  const [text, setText] = useState(String(FIRST_LIMIT));
  const replay = useReplay(flow.id, flow.version.updated, limit);
  const linksOut = showsBuilderLinksOut(useEmbedOptions());
  const blocker = publishBlocker(flow);
  const typed = limitOf(text);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (typed === undefined) return;
    if (typed === limit) void replay.refetch();
    else setLimit(typed);
  };
  return (
    <Dialog
      title="Compare the draft with recent runs"
      size="wide"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Close
          </button>
          <button
            type="button"
            className="btn primary"
            disabled={blocker !== null || busy}
            title={blocker ?? undefined}
            onClick={() => {
              run({ type: 'LOCK_AND_PUBLISH', request: {} }, 'Flow published');
              onClose();
            }}
          >
            Publish
          </button>
        </>
      }
    >
      <form className="compare-form" onSubmit={submit} noValidate>
        <TextField
          label="Production runs to replay"
          type="number"
          min={1}
          max={MAX_REPLAY_RUNS}
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={
            typed === undefined ? `Enter a whole number from 1 to ${String(MAX_REPLAY_RUNS)}.` : undefined
          }
        />
        <button type="submit" className="btn" disabled={typed === undefined || replay.isFetching}>
          Compare again
        </button>
      </form>
      <QueryState query={replay} label="Replaying runs against the draft">
        {(result) => (
          <>
            <p className="compare-summary" role="status">
              {replay.isFetching ? 'Replaying runs against the draft…' : replaySummary(result)}
            </p>
            {result.runs.length === 0 ? null : (
              <ol className="replayed-runs">
                {result.runs.map((each) => (
                  <ReplayedRunItem
                    key={each.runId}
                    run={each}
                    runHref={linksOut ? `/projects/${projectId}/runs/${each.runId}` : undefined}
                  />
                ))}
              </ol>
            )}
          </>
        )}
      </QueryState>
    </Dialog>
  );
}
