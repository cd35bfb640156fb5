/**
 * A flow's on/off switch in the flows table. Only a flow with a published version can be turned
 * on: for one never published the switch is disabled and says why beside it.
 */
import type { PopulatedFlow } from '@piecework/shared';
import { Switch } from '../../components/switch';
import { useFlowStatus } from './use-flow-status';

/** The status switch of `flow`. */
export function FlowStatusToggle({ flow }: { flow: PopulatedFlow }) {
  const status = useFlowStatus(flow.projectId);
  const published = typeof flow.publishedVersionId === 'string';
  const on = flow.status === 'ENABLED';
  const hintId = `flow-status-hint-${flow.id}`;
  return (
    <span className="status-toggle">
      <Switch
        on={on}
        label={`Enabled: ${flow.version.displayName}`}
        describedBy={published ? undefined : hintId}
        disabled={!published || status.isPending}
        onToggle={(next) => status.mutate({ flowId: flow.id, status: next ? 'ENABLED' : 'DISABLED' })}
      />
      {published ? (
        <span className="muted small" aria-hidden="true">
          {on ? 'On' : 'Off'}
        </span>
      ) : (
        <span id={hintId} className="muted small">
          Publish to enable
        </span>
      )}
    </span>
  );
}
