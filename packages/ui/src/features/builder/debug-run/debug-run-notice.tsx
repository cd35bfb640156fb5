/**
 * The builder's notice about a run opened for debugging: while its data loads, then whose run it
 * was (id and time), how many steps got its data as sample data and how many of its steps the
 * draft no longer has; or why it could not be loaded.
 */
import { X } from 'lucide-react';
import { DateText } from '../../../components/date-text';
import type { DebugRunState } from './use-debug-run';

/** Props of {@link DebugRunNotice}. */
export interface DebugRunNoticeProps {
  state: DebugRunState;
  onDismiss: () => void;
}

function plural(count: number, one: string, many: string): string {
  return `${String(count)} ${count === 1 ? one : many}`;
}

/** The notice of a run's data loaded into the builder. */
export function DebugRunNotice({ state, onDismiss }: DebugRunNoticeProps) {
  if (state.kind === 'loading') {
    return (
      <div className="notice info builder-notice" role="status">
        <span>Loading the data of run {state.runId}…</span>
      </div>
    );
  }
  if (state.kind === 'failed') {
    return (
      <div className="notice error builder-notice" role="alert">
        <span>
          Could not load the data of run {state.runId}: {state.message}
        </span>
        <button type="button" className="icon-btn" aria-label="Dismiss" onClick={onDismiss}>
          <X aria-hidden="true" className="icon" />
        </button>
      </div>
    );
  }
  const { run, loaded, skipped } = state;
  return (
    <div className="notice info builder-notice debug-run-notice" role="status" aria-label="Run data loaded">
      <span>
        Debugging with the data of run <code>{run.id}</code> of{' '}
        <DateText iso={run.startTime ?? run.created} />: {plural(loaded, 'step', 'steps')} got the run's
        output as sample data.
        {skipped.length === 0
          ? null
          : ` ${plural(skipped.length, 'step of the run is', 'steps of the run are')} not in the draft and ${skipped.length === 1 ? 'was' : 'were'} skipped.`}
      </span>
      <button type="button" className="icon-btn" aria-label="Dismiss" onClick={onDismiss}>
        <X aria-hidden="true" className="icon" />
      </button>
    </div>
  );
}
