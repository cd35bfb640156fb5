/**
 * The icon button beside a piece property whose options or fields come from the piece: it asks
 * the piece again. Its label is both its accessible name and its tooltip.
 */
import { RefreshCw } from 'lucide-react';
import { Tooltip } from '../../../../components/tooltip';

/** Props of {@link RefreshButton}. */
export interface RefreshButtonProps {
  /** What it does, e.g. "Refresh the options of Channel". */
  label: string;
  disabled: boolean;
  onRefresh: () => void;
}

/** A refresh button with its label as tooltip; use it for a property loaded from the piece. */
export function RefreshButton({ label, disabled, onRefresh }: RefreshButtonProps) {
  return (
    <Tooltip content={label}>
      <button type="button" className="icon-btn" aria-label={label} disabled={disabled} onClick={onRefresh}>
        <RefreshCw aria-hidden="true" className="icon" />
      </button>
    </Tooltip>
  );
}
