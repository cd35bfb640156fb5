/**
 * "Compare", beside Publish: opens the dialog that replays the flow's latest production runs
 * against the draft, to see what publishing would change before doing it.
 */
import type { FlowOperation, PopulatedFlow } from '@piecework/shared';
import { GitCompare } from 'lucide-react';
import { useState } from 'react';
import { CompareDialog } from '../../flow-tests/compare-dialog';

/** Props of {@link CompareButton}. */
export interface CompareButtonProps {
  flow: PopulatedFlow;
  projectId: string;
  busy: boolean;
  run: (operation: FlowOperation, done?: string) => void;
}

/** The header's "Compare" button and its dialog. */
export function CompareButton({ flow, projectId, busy, run }: CompareButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn"
        disabled={busy}
        title="Replay recent production runs against the draft"
        onClick={() => setOpen(true)}
      >
        <GitCompare size={16} aria-hidden="true" />
        Compare
      </button>
      {open ? (
        <CompareDialog
          flow={flow}
          projectId={projectId}
          busy={busy}
          run={run}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}
