/**
 * The versions of a flow beside the canvas: each with its state and date, "View" to show it
 * read-only on the canvas and "Use as draft" (USE_AS_DRAFT) to make it the draft again.
 */
import type { FlowVersion, PopulatedFlow } from '@piecework/shared';
import { X } from 'lucide-react';
import { DateText } from '../../../components/date-text';
import { QueryState } from '../../../components/query-state';
import { useFlowVersions } from './use-flow-versions';

/** Props of {@link VersionsPanel}. */
export interface VersionsPanelProps {
  flow: PopulatedFlow;
  /** The id of the version shown read-only, if any. */
  viewing: string | null;
  busy: boolean;
  onView: (versionId: string | null) => void;
  onUseAsDraft: (versionId: string) => void;
  onClose: () => void;
}

function stateOf(flow: PopulatedFlow, version: FlowVersion): { label: string; badge: string } {
  if (version.id === flow.publishedVersionId) return { label: 'Published', badge: 'success' };
  if (version.state === 'DRAFT') return { label: 'Draft', badge: 'warning' };
  return { label: 'Locked', badge: 'info' };
}

/** The versions panel. */
export function VersionsPanel({ flow, viewing, busy, onView, onUseAsDraft, onClose }: VersionsPanelProps) {
  const versions = useFlowVersions(flow.id);
  return (
    <aside className="side-panel" aria-label="Versions">
      <div className="side-panel-head">
        <h2>Versions</h2>
        <button type="button" className="icon-btn" aria-label="Close versions" onClick={onClose}>
          <X aria-hidden="true" className="icon" />
        </button>
      </div>
      <div className="side-panel-body">
        <QueryState query={versions} label="Loading versions">
          {(list) => (
            <ol className="versions">
              {list.map((version, index) => {
                const name = `Version ${String(list.length - index)}`;
                const state = stateOf(flow, version);
                const isCurrent = version.id === flow.version.id;
                const shown = viewing === version.id || (viewing === null && version.id === flow.version.id);
                return (
                  <li
                    key={version.id}
                    className={shown ? 'is-shown' : undefined}
                    aria-current={shown ? 'true' : undefined}
                  >
                    <div className="version-line">
                      <strong>{name}</strong>
                      <span className={`badge ${state.badge}`}>{state.label}</span>
                    </div>
                    <div className="muted">
                      <DateText iso={version.updated} />
                    </div>
                    <div className="version-actions">
                      {shown ? (
                        <span className="muted">Shown</span>
                      ) : (
                        <button
                          type="button"
                          className="btn small"
                          aria-label={`View ${name}`}
                          onClick={() => onView(version.id === flow.version.id ? null : version.id)}
                        >
                          View
                        </button>
                      )}
                      {isCurrent ? null : (
                        <button
                          type="button"
                          className="btn small"
                          aria-label={`Use ${name} as draft`}
                          disabled={busy}
                          onClick={() => onUseAsDraft(version.id)}
                        >
                          Use as draft
                        </button>
                      )}
                    </div>
                  </li>
                );
              })}
            </ol>
          )}
        </QueryState>
      </div>
    </aside>
  );
}
