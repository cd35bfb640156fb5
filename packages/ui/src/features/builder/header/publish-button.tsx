/**
 * "Publish" (LOCK_AND_PUBLISH): disabled, with the reason written beside it and tied to it for
 * screen readers, while the draft is not valid or nothing changed since the last publish.
 */
import type { FlowOperation, PopulatedFlow } from '@piecework/shared';
import { useId } from 'react';
import { publishBlocker } from './version-state';

/** Props of {@link PublishButton}. */
export interface PublishButtonProps {
  flow: PopulatedFlow;
  busy: boolean;
  run: (operation: FlowOperation, done?: string) => void;
}

/** The publish button and its reason. */
export function PublishButton({ flow, busy, run }: PublishButtonProps) {
  const reasonId = useId();
  const blocker = publishBlocker(flow);
  return (
    <div className="publish">
      <button
        type="button"
        className="btn primary"
        disabled={blocker !== null || busy}
        aria-describedby={blocker === null ? undefined : reasonId}
        onClick={() => run({ type: 'LOCK_AND_PUBLISH', request: {} }, 'Flow published')}
      >
        Publish
      </button>
      {blocker === null ? null : (
        <span id={reasonId} className="publish-reason" title={blocker}>
          {blocker}
        </span>
      )}
    </div>
  );
}
