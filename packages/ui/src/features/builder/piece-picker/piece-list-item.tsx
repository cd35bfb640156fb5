/**
 * One piece in the piece picker's list: its logo (decorative: the button's text names the piece,
 * "Slack" or "Menu Installs on first use"), display name and what it takes to use it. A
 * piece from the catalogue that is not installed yet is marked "Installs on first use"; one that
 * cannot run on this server is greyed with the reason (it stays focusable, so the reason can be
 * read, but offers no steps).
 */
import type { PieceMetadataSummary } from '@piecework/shared';
import { StepLogo } from '../canvas/step-logo';

/** Props of {@link PieceListItem}. */
export interface PieceListItemProps {
  piece: PieceMetadataSummary;
  /** Whether its steps are the ones shown on the right. */
  current: boolean;
  onShow: () => void;
}

/** The button of `piece` in the picker's list. */
export function PieceListItem({ piece, current, onShow }: PieceListItemProps) {
  const unavailable = piece.installState === 'UNAVAILABLE';
  return (
    <li>
      <button
        type="button"
        className={unavailable ? 'picker-item picker-item-row is-unavailable' : 'picker-item picker-item-row'}
        aria-current={current ? 'true' : undefined}
        aria-disabled={unavailable ? 'true' : undefined}
        onFocus={onShow}
        onClick={onShow}
      >
        <StepLogo type="PIECE" logoUrl={piece.logoUrl} pieceName={piece.name} size={24} />
        <span className="picker-item-text">
          <span className="picker-item-title">{piece.displayName}</span>
          {piece.installState === 'INSTALL_ON_USE' ? (
            <span className="picker-mark">Installs on first use</span>
          ) : unavailable ? (
            <span className="picker-mark">
              Unavailable: {piece.unavailableReason ?? 'it cannot run here'}
            </span>
          ) : null}
        </span>
      </button>
    </li>
  );
}
