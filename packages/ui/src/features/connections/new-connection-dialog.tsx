/** Placeholder of the new-connection dialog, replaced by the builder settings feature. */
import type { AppConnection } from '@piecework/shared';
import { Dialog } from '../../components/dialog';

/** Props of {@link NewConnectionDialog}. */
export interface NewConnectionDialogProps {
  projectId: string;
  /** The piece the connection is for (`@activepieces/piece-slack`). */
  pieceName: string;
  /** Called with the created connection. */
  onCreated: (connection: AppConnection) => void;
  onClose: () => void;
}

/** Creates a connection of the piece's auth type. */
export function NewConnectionDialog({ pieceName, onClose }: NewConnectionDialogProps) {
  return (
    <Dialog title={`New ${pieceName} connection`} onClose={onClose}>
      <p>{pieceName}</p>
    </Dialog>
  );
}
