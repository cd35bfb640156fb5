/**
 * The head of the settings panel: the step's logo (its piece's, or the core step's icon), its display name (editable: saved like every
 * other change), what it is (the piece, or code / loop / router) and its name (`step_1`), whether
 * the draft is saved, and the close button.
 */
import { X } from 'lucide-react';
import { usePiece } from '../../../api/use-pieces';
import { StepLogo } from '../canvas/step-logo';
import type { EditableStep } from './step-request';
import type { DraftStatus } from './use-step-draft';

/** Props of {@link StepPanelHeader}. */
export interface StepPanelHeaderProps {
  projectId: string;
  draft: EditableStep;
  status: DraftStatus;
  readonly: boolean;
  onRename: (displayName: string) => void;
  onRetry: () => void;
  onClose: () => void;
}

const KINDS: Record<string, string> = {
  CODE: 'Code',
  LOOP_ON_ITEMS: 'Loop on items',
  ROUTER: 'Router',
  EMPTY: 'Trigger not set',
};

const STATUS_TEXT: Record<DraftStatus, string> = {
  saved: 'Saved',
  pending: 'Unsaved changes',
  saving: 'Saving…',
  failed: 'Not saved',
};

/** The header row of the panel. */
export function StepPanelHeader({
  projectId,
  draft,
  status,
  readonly,
  onRename,
  onRetry,
  onClose,
}: StepPanelHeaderProps) {
  const pieceName =
    draft.type === 'PIECE' || draft.type === 'PIECE_TRIGGER' ? draft.settings.pieceName : undefined;
  const pieceVersion =
    draft.type === 'PIECE' || draft.type === 'PIECE_TRIGGER' ? draft.settings.pieceVersion : undefined;
  const piece = usePiece(projectId, pieceName, pieceVersion);
  const kind =
    pieceName === undefined ? (KINDS[draft.type] ?? draft.type) : (piece.data?.displayName ?? pieceName);
  return (
    <header className="step-panel-header">
      <StepLogo
        type={draft.type}
        logoUrl={piece.data?.logoUrl}
        pieceName={pieceName}
        alt={pieceName === undefined ? '' : `${kind} logo`}
      />
      <div className="step-title">
        <input
          className="step-title-input"
          aria-label="Step display name"
          value={draft.displayName}
          readOnly={readonly}
          onChange={(event) => onRename(event.target.value)}
        />
        <div className="muted small">
          {kind} · <span className="mono">{draft.name}</span>
        </div>
      </div>
      <span className={`save-status ${status}`} role="status">
        {STATUS_TEXT[status]}
        {status === 'failed' ? (
          <button type="button" className="btn small" onClick={onRetry}>
            Retry
          </button>
        ) : null}
      </span>
      <button type="button" className="icon-btn" aria-label="Close step settings" onClick={onClose}>
        <X aria-hidden="true" className="icon" />
      </button>
    </header>
  );
}
