/** Moves a flow to another folder, or out of any folder (CHANGE_FOLDER). */
import type { Folder, PopulatedFlow } from '@piecework/shared';
import { useState } from 'react';
import { errorMessage } from '../../api/error-message';
import { Dialog } from '../../components/dialog';
import { SelectField } from '../../components/field';

/** Props of {@link MoveFlowDialog}. */
export interface MoveFlowDialogProps {
  flow: PopulatedFlow;
  folders: readonly Folder[];
  /** Moves the flow to `folderId` (null: no folder); a rejection keeps the dialog open. */
  onMove: (folderId: string | null) => Promise<unknown>;
  onClose: () => void;
}

const NO_FOLDER = '';

/** The "Move to folder" dialog. */
export function MoveFlowDialog({ flow, folders, onMove, onClose }: MoveFlowDialogProps) {
  const [target, setTarget] = useState(flow.folderId ?? NO_FOLDER);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const move = async () => {
    setBusy(true);
    try {
      await onMove(target === NO_FOLDER ? null : target);
      onClose();
    } catch (failure) {
      setError(errorMessage(failure));
      setBusy(false);
    }
  };
  return (
    <Dialog
      title={`Move “${flow.version.displayName}”`}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="button" className="btn primary" onClick={() => void move()} disabled={busy}>
            Move
          </button>
        </>
      }
    >
      <SelectField
        label="Folder"
        value={target}
        error={error}
        onValueChange={(value) => setTarget(value)}
        options={[
          { value: NO_FOLDER, label: 'Uncategorized (no folder)' },
          ...folders.map((folder) => ({ value: folder.id, label: folder.displayName })),
        ]}
      />
    </Dialog>
  );
}
