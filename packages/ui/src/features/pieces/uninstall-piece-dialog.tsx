/**
 * Asks before removing an installed piece version (`DELETE /v1/pieces/:name?version=`). The
 * server refuses while a published flow uses that version; its message, naming the flows, is
 * shown in the dialog, which stays open.
 */
import { isApiError } from '@piecework/client';
import { errorMessage } from '../../api/error-message';
import { Dialog } from '../../components/dialog';
import { useToast } from '../../components/toast';
import { useUninstallPiece } from './use-piece-admin';

/** Props of {@link UninstallPieceDialog}. */
export interface UninstallPieceDialogProps {
  name: string;
  displayName: string;
  version: string;
  onClose: () => void;
}

/** The confirmation of uninstalling `name` at `version`. */
export function UninstallPieceDialog({ name, displayName, version, onClose }: UninstallPieceDialogProps) {
  const uninstall = useUninstallPiece();
  const { toast } = useToast();
  return (
    <Dialog
      title={`Uninstall ${displayName} ${version}?`}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={uninstall.isPending}>
            Cancel
          </button>
          <button
            type="button"
            className="btn danger"
            disabled={uninstall.isPending}
            onClick={() =>
              uninstall.mutate(
                { name, version },
                {
                  onSuccess: () => {
                    toast(`Uninstalled ${displayName} ${version}`);
                    onClose();
                  },
                },
              )
            }
          >
            Uninstall
          </button>
        </>
      }
    >
      <p>
        {name} {version} is removed from this server. Draft flows that use it show it as missing until it is
        installed again.
      </p>
      {uninstall.isError ? (
        <div className="notice error" role="alert">
          <div>
            {errorMessage(uninstall.error)}
            <FlowNames
              names={flowsNamedIn(uninstall.error).filter(
                (name) => !errorMessage(uninstall.error).includes(name),
              )}
            />
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}

/** The display names of the flows a refusal lists in `params.flows` (`[{displayName}]`), if any. */
export function flowsNamedIn(error: unknown): string[] {
  if (!isApiError(error)) return [];
  const flows = (error.params as Record<string, unknown> | undefined)?.['flows'];
  if (!Array.isArray(flows)) return [];
  return flows.flatMap((flow: unknown) => {
    const name = (flow as Record<string, unknown> | null)?.['displayName'];
    return typeof name === 'string' ? [name] : [];
  });
}

/** The flows a refusal names beyond its message, as a list (nothing when there are none). */
function FlowNames({ names }: { names: readonly string[] }) {
  if (names.length === 0) return null;
  return (
    <ul className="refusal-flows" aria-label="Published flows that use it">
      {names.map((name) => (
        <li key={name}>{name}</li>
      ))}
    </ul>
  );
}
