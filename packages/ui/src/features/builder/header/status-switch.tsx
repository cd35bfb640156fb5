/**
 * The on/off switch of a published flow (CHANGE_STATUS): whether its trigger listens. Shown
 * once the flow has a published version.
 */
import type { FlowOperation, PopulatedFlow } from '@piecework/shared';
import { useId } from 'react';

/** Props of {@link StatusSwitch}. */
export interface StatusSwitchProps {
  flow: PopulatedFlow;
  busy: boolean;
  run: (operation: FlowOperation, done?: string) => void;
}

/** The "Enabled" switch. */
export function StatusSwitch({ flow, busy, run }: StatusSwitchProps) {
  const id = useId();
  const enabled = flow.status === 'ENABLED';
  return (
    <span className="status-switch">
      <input
        id={id}
        type="checkbox"
        role="switch"
        checked={enabled}
        disabled={busy}
        onChange={() =>
          run(
            { type: 'CHANGE_STATUS', request: { status: enabled ? 'DISABLED' : 'ENABLED' } },
            enabled ? 'Flow disabled' : 'Flow enabled',
          )
        }
      />
      <label htmlFor={id}>Enabled</label>
    </span>
  );
}
