/** The confirmation of a cut: the steps are on the clipboard; confirming deletes them. */
import { ConfirmDialog } from '../../../components/confirm-dialog';
import type { StepClipboard } from './use-step-clipboard';

/** Asks before deleting the steps of a cut (rendered while {@link StepClipboard.cutting} is set). */
export function CutStepsDialog({ clipboard, busy }: { clipboard: StepClipboard; busy: boolean }) {
  const names = clipboard.cutting;
  if (names === null) return null;
  return (
    <ConfirmDialog
      title={`Cut ${names.join(', ')}?`}
      message="The steps are copied; cutting deletes them from this flow, with the steps inside them."
      confirmLabel="Cut"
      busy={busy}
      onClose={clipboard.cancelCut}
      onConfirm={() => void clipboard.confirmCut()}
    />
  );
}
