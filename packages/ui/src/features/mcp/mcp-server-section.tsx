/**
 * The server part of the MCP settings: the URL MCP clients connect to (with Copy), the on/off
 * switch, the project MCP token (dots until "Show", Copy either way) and "Rotate token" (asks
 * first: clients using the old token are refused at once). Without `canWrite` the switch and
 * rotation are disabled.
 */
import type { McpServer } from '@piecework/shared';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { CopyField } from '../../components/copy-field';
import { Switch } from '../../components/switch';
import type { useMcpServer } from './use-mcp-server';

/** Props of {@link McpServerSection}. */
export interface McpServerSectionProps {
  server: McpServer;
  actions: Pick<ReturnType<typeof useMcpServer>, 'setStatus' | 'rotate'>;
  canWrite: boolean;
  /** Whether the token is shown (shared with the client configuration snippet). */
  revealed: boolean;
  onToggleReveal: () => void;
}

/** The server's URL, status and token. */
export function McpServerSection({
  server,
  actions,
  canWrite,
  revealed,
  onToggleReveal,
}: McpServerSectionProps) {
  const headingId = useId();
  const hintId = useId();
  const [confirming, setConfirming] = useState(false);
  const on = server.status === 'ENABLED';
  const { setStatus, rotate } = actions;
  return (
    <section className="settings-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Server</h2>
      <CopyField label="Server URL" value={server.serverUrl} />
      <div className="field">
        <span className="field-label">Status</span>
        <span className="status-toggle">
          <Switch
            on={on}
            label="MCP server enabled"
            describedBy={hintId}
            disabled={!canWrite || setStatus.isPending}
            onToggle={(next) => setStatus.mutate({ id: server.id, status: next ? 'ENABLED' : 'DISABLED' })}
          />
          <span data-testid="mcp-status">{on ? 'Enabled' : 'Disabled'}</span>
        </span>
        <div id={hintId} className="field-hint">
          {on ? 'MCP clients can use this project.' : 'Every MCP call to this project is refused.'}
        </div>
      </div>
      <CopyField
        label="Project MCP token"
        value={server.token}
        masked={!revealed}
        onToggleMask={onToggleReveal}
      />
      <button
        type="button"
        className="btn"
        disabled={!canWrite || rotate.isPending}
        onClick={() => setConfirming(true)}
      >
        Rotate token
      </button>
      {confirming ? (
        <ConfirmDialog
          title="Rotate the MCP token?"
          message="A new token replaces the current one. MCP clients that use the current token are refused from now on; clients connected through OAuth keep working."
          confirmLabel="Rotate"
          busy={rotate.isPending}
          onConfirm={() => rotate.mutate(server.id, { onSettled: () => setConfirming(false) })}
          onClose={() => setConfirming(false)}
        />
      ) : null}
    </section>
  );
}
